import * as z from "zod/mini";
import { orderStatusSchema } from "./orders";

/** socket.io event names of the product spec (docs/product-spec.md § The calls it makes). */
export const SOCKET_EVENTS = {
  userAuth: "user-auth",
  authSuccess: "auth-success",
  authError: "auth-error",
  joinUserRoom: "join-user-room",
  roomJoined: "room-joined",
  orderStatusNotification: "order-status-notification",
  ping: "ping",
  pong: "pong",
  /** Beyond the spec: staff boards join the staff room and hear about new and changed orders. */
  joinStaffRoom: "join-staff-room",
  staffOrderChanged: "staff-order-changed",
  /**
   * Beyond the spec: the park's catalogue changed (an item sold out or back on, a trailer opened, paused or
   * closed, hours or preparation time changed). Sent to every connected client; screens refetch what they show.
   */
  catalogueChanged: "catalogue-changed",
} as const;

export const userRoom = (userId: number) => `user:${userId}`;
export const STAFF_ROOM = "staff";

export const userAuthPayloadSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
});
/** The spec sends the user id; accept it bare or as `{ userId }`. */
export const joinUserRoomPayloadSchema = z.union([
  z.object({ userId: z.number().check(z.int(), z.positive()) }),
  z.pipe(
    z.union([z.number(), z.string()]),
    z.transform((value) => ({ userId: Number(value) })),
  ),
]);

export interface AuthSuccessPayload {
  userId: number;
  role: string;
}
export interface AuthErrorPayload {
  message: string;
}
export interface RoomJoinedPayload {
  room: string;
}
export interface PongPayload {
  timestamp: number;
}

export const staffOrderChangedSchema = z.object({
  kind: z.enum(["placed", "status"]),
  orderId: z.number(),
  vendorId: z.number(),
  status: orderStatusSchema,
  previousStatus: z.optional(orderStatusSchema),
});
export type StaffOrderChanged = z.infer<typeof staffOrderChangedSchema>;

/** Messages the server sends on auth-error (tests and clients compare against these). */
export const SOCKET_MESSAGES = {
  invalidToken: "Invalid or expired token",
  notAuthenticated: "Please authenticate first",
  foreignRoom: "You can only join your own room",
  staffOnly: "Staff only",
  badPayload: "Invalid request",
} as const;
