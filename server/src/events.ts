import { EventEmitter } from "node:events";
import type { OrderStatus } from "@contract/orders";

/** Announced once per status change, after the change has committed. */
export interface OrderStatusChanged {
  orderId: number;
  userId: number;
  vendorId: number;
  vendorName: string;
  status: OrderStatus;
  previousStatus: OrderStatus;
  /** ISO time of the change; now when absent. */
  updatedAt?: string;
  /** The staff member who made it, when a person did. */
  changedBy?: number | null;
  /** A forward step (default), or a staff undo or recall (the status went back). */
  move?: "step" | "undo" | "recall";
  /** The multi-trailer checkout the order belongs to, if any. */
  checkoutId?: number | null;
}

/** The last part of a basket from several trailers turned ready: "your whole order is ready", once. */
export interface BasketReady {
  checkoutId: number;
  userId: number;
  orderIds: number[];
  vendorNames: string[];
}

export interface OrderPlaced {
  orderId: number;
  userId: number;
  vendorId: number;
  status: string;
}

/** A card payment's recorded outcome. */
export type PaymentOutcomeKind = "paid" | "declined" | "failed" | "canceled";

/** Money went back to a card for a cancelled order (the provider took it, once per order). */
export interface OrderRefunded {
  orderId: number;
  userId: number;
  vendorId: number;
  amountPence: number;
}

interface DomainEventMap {
  orderStatusChanged: [OrderStatusChanged];
  /** After the provider took a cancelled order's refund; transfers to a trailer can be reversed on it. */
  orderRefunded: [OrderRefunded];
  orderPlaced: [OrderPlaced];
  basketReady: [BasketReady];
  /** A kitchen ticket changed without a status move (a line struck, the customer saw a notice). */
  kitchenTicketChanged: [
    { orderId: number; vendorId: number; version: number; kind: "lines" | "notice" },
  ];
  /** A board account was revoked: its sockets leave. */
  boardAccountRevoked: [{ accountId: number }];
  /** A card payment's outcome, once recorded on this node (counted by the metrics). */
  paymentOutcome: [PaymentOutcomeKind];
  /**
   * The public catalogue (vendors, their trading status, menus, items' availability, add-ons) changed
   * in the database; the in-memory catalogue reloads on it (relayed to every node with REDIS_URL). No payload: a reload reads everything.
   */
  catalogueChanged: [];
  /**
   * This node's in-memory catalogue now serves a fresh snapshot (after a change, or when a pause ended or opening
   * hours began or ended). Local only: the socket server tells this node's customers ('catalogue-changed').
   */
  catalogueReloaded: [];
}

/** The one place a domain change is announced; realtime and push subscribe here. */
export class DomainEvents extends EventEmitter<DomainEventMap> {}
