import {
  type BasketReady,
  type BoardChanged,
  boardRoomsOf,
  KITCHEN_SOCKET_EVENTS,
  type KitchenTicketChanged,
} from "@contract/kitchen";
import { basketReadyNotificationText } from "@contract/order-status";
import type { OrderStatusNotification } from "@contract/orders";
import { SOCKET_EVENTS, type StaffOrderChanged, staffRoomsOf, userRoom } from "@contract/realtime";
import type { FastifyBaseLogger } from "fastify";
import type { DomainEvents } from "../events.js";
import type { RoomRelay } from "./room-relay.js";

/**
 * Turns domain events into socket messages: the customer's room, and the staff rooms that may see the order's
 * trailer (the managers' room and that trailer's own room; trailer staff are in their trailers' rooms only).
 */
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
        ...(event.move && event.move !== "step" ? { move: event.move } : {}),
      };
      rooms.emit(userRoom(event.userId), SOCKET_EVENTS.orderStatusNotification, notification);
      const change: StaffOrderChanged = {
        kind: "status",
        orderId: event.orderId,
        vendorId: event.vendorId,
        status: event.status,
        previousStatus: event.previousStatus,
        move: event.move ?? "step",
      };
      rooms.emit(staffRoomsOf(event.vendorId), SOCKET_EVENTS.staffOrderChanged, change);
      // The pickup boards: order numbers only.
      const onBoard = (status: string) => status === "preparing" || status === "ready";
      if (onBoard(event.status) || onBoard(event.previousStatus)) {
        const board: BoardChanged = {
          orderNumber: event.orderId,
          vendorId: event.vendorId,
          status: event.status,
          turnedReady: event.status === "ready" && event.previousStatus !== "ready",
        };
        rooms.emit(boardRoomsOf(event.vendorId), KITCHEN_SOCKET_EVENTS.boardChanged, board);
      }
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
      rooms.emit(staffRoomsOf(event.vendorId), SOCKET_EVENTS.staffOrderChanged, change);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, "could not forward a new order");
    }
  };

  const onTicketChanged = (event: KitchenTicketChanged) => {
    rooms.emit(staffRoomsOf(event.vendorId), KITCHEN_SOCKET_EVENTS.kitchenTicketChanged, event);
  };

  const onBasketReady: Parameters<typeof events.on<"basketReady">>[1] = (event) => {
    const text = basketReadyNotificationText(event);
    const message: BasketReady = {
      checkoutId: event.checkoutId,
      orderIds: event.orderIds,
      title: text.title,
      body: text.body,
    };
    rooms.emit(userRoom(event.userId), KITCHEN_SOCKET_EVENTS.basketReady, message);
  };

  events.on("orderStatusChanged", onStatusChanged);
  events.on("orderPlaced", onPlaced);
  events.on("kitchenTicketChanged", onTicketChanged);
  events.on("basketReady", onBasketReady);
  return () => {
    events.off("orderStatusChanged", onStatusChanged);
    events.off("orderPlaced", onPlaced);
    events.off("kitchenTicketChanged", onTicketChanged);
    events.off("basketReady", onBasketReady);
  };
}
