import * as z from "zod/mini";
import { kitchenTicketSchema } from "./kitchen";
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
/** Park managers' room: every trailer's order events. */
export const STAFF_ROOM = "staff";
/** One trailer's staff room: trailer staff join only the rooms of the trailers they run. */
export const staffTrailerRoom = (vendorId: number) => `staff:trailer:${vendorId}`;
/** Where a staff order event goes: the managers' room and that trailer's room (a socket is in one or the other). */
export const staffRoomsOf = (vendorId: number): readonly string[] => [
  STAFF_ROOM,
  staffTrailerRoom(vendorId),
];

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
  /** Trailer staff: every trailer room joined (`room` is the first). */
  rooms?: string[];
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
  /** A status change: step, or a staff undo or recall. */
  move: z.optional(z.enum(["step", "undo", "recall"])),
  /**
   * The kitchen ticket as GET /api/staff/kitchen/tickets/:orderId answers it now (sent to the trailer's staff rooms
   * only): the screen puts it in place without a request. Absent when the server could not read it.
   */
  ticket: z.optional(kitchenTicketSchema),
});
export type StaffOrderChanged = z.infer<typeof staffOrderChangedSchema>;

/** Messages the server sends on auth-error (tests and clients compare against these). */
export const SOCKET_MESSAGES = {
  invalidToken: "Invalid or expired token",
  notAuthenticated: "Please authenticate first",
  foreignRoom: "You can only join your own room",
  staffOnly: "Staff only",
  staffRoomUnavailable: "Could not join the staff room right now; try again",
  badPayload: "Invalid request",
} as const;
