/** socket.io event names of spec section 7. */
export const SOCKET_EVENTS = {
  userAuth: "user-auth",
  authSuccess: "auth-success",
  authError: "auth-error",
  joinUserRoom: "join-user-room",
  roomJoined: "room-joined",
  orderStatusNotification: "order-status-notification",
  ping: "ping",
  pong: "pong",
  /** Beyond the spec: staff boards listen for new and changed orders. */
  staffOrderChanged: "staff-order-changed",
} as const;

export const userRoom = (userId: number) => `user:${userId}`;
export const STAFF_ROOM = "staff";
