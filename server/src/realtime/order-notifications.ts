import type { OrderStatusNotification } from "@contract/orders";
import { SOCKET_EVENTS, STAFF_ROOM, type StaffOrderChanged, userRoom } from "@contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../events.js";
import type { RoomRelay } from "./room-relay.js";

/** Turns domain events into socket messages: the customer's room and the staff room. */
export function forwardOrderEvents(
  rooms: Pick<RoomRelay, "emit">,
  events: DomainEvents,
  log: FastifyBaseLogger,
): () => void {
  const onStatusChanged: Parameters<typeof events.on<"orderStatusChanged">>[1] = (event) => {
    try {
      const notification: OrderStatusNotification = {
        orderId: event.orderId,
        status: event.status,
        vendorName: event.vendorName,
        updatedAt: event.updatedAt ?? new Date().toISOString(),
      };
      rooms.emit(userRoom(event.userId), SOCKET_EVENTS.orderStatusNotification, notification);
      const change: StaffOrderChanged = {
        kind: "status",
        orderId: event.orderId,
        vendorId: event.vendorId,
        status: event.status,
        previousStatus: event.previousStatus,
      };
      rooms.emit(STAFF_ROOM, SOCKET_EVENTS.staffOrderChanged, change);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, "could not forward an order status change");
    }
  };

  const onPlaced: Parameters<typeof events.on<"orderPlaced">>[1] = (event) => {
    try {
      const change = {
        kind: "placed",
        orderId: event.orderId,
        vendorId: event.vendorId,
        status: event.status,
      };
      rooms.emit(STAFF_ROOM, SOCKET_EVENTS.staffOrderChanged, change);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, "could not forward a new order");
    }
  };

  events.on("orderStatusChanged", onStatusChanged);
  events.on("orderPlaced", onPlaced);
  return () => {
    events.off("orderStatusChanged", onStatusChanged);
    events.off("orderPlaced", onPlaced);
  };
}
