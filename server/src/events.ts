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
}

export interface OrderPlaced {
  orderId: number;
  userId: number;
  vendorId: number;
  status: string;
}

/** A card payment's recorded outcome. */
export type PaymentOutcomeKind = "paid" | "declined" | "failed" | "canceled";

interface DomainEventMap {
  orderStatusChanged: [OrderStatusChanged];
  orderPlaced: [OrderPlaced];
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
