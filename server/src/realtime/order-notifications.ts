import type { KitchenTicket } from "@contract/kitchen";
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
  ticketOf?: (orderId: number) => Promise<KitchenTicket | null>,
  /** Whether a staff screen of the trailer is connected here: nobody listening, nothing read (a customer's
   * purchase pays no reads for a kitchen that is not open; a screen on another node fetches the ticket itself). */
  staffListening: (vendorId: number) => boolean = () => true,
): () => void {
  /**
   * A staff message carries the ticket as it is now (the kitchen shows it without a request); without a reader, or
   * when the read fails, it goes without and the screen fetches the ticket itself. Tickets are read at once but the
   * messages leave in the order of their events.
   */
  let sent: Promise<unknown> = Promise.resolve();
  const toStaff = <T extends { orderId: number; vendorId: number }>(event: string, message: T) => {
    const send = (ticket: KitchenTicket | null) =>
      rooms.emit(staffRoomsOf(message.vendorId), event, ticket ? { ...message, ticket } : message);
    if (!ticketOf) return send(null);
    if (!staffListening(message.vendorId)) {
      sent = sent.then(
        () => send(null),
        () => undefined,
      );
      return;
    }
    const read = ticketOf(message.orderId).catch((error: unknown) => {
      log.warn(
        { err: error, orderId: message.orderId },
        "could not read a ticket for the staff rooms",
      );
      return null;
    });
    sent = sent.then(() => read).then(send, () => undefined);
  };

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
      toStaff(SOCKET_EVENTS.staffOrderChanged, change);
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
      const change: StaffOrderChanged = {
        kind: "placed",
        orderId: event.orderId,
        vendorId: event.vendorId,
        status: event.status as StaffOrderChanged["status"],
      };
      toStaff(SOCKET_EVENTS.staffOrderChanged, change);
    } catch (error) {
      log.error({ err: error, orderId: event.orderId }, "could not forward a new order");
    }
  };

  const onTicketChanged = (event: KitchenTicketChanged) => {
    toStaff(KITCHEN_SOCKET_EVENTS.kitchenTicketChanged, event);
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
