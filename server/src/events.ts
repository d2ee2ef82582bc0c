import { EventEmitter } from "node:events";
import type { OrderStatus } from "../../contract/orders";

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

interface DomainEventMap {
  orderStatusChanged: [OrderStatusChanged];
  orderPlaced: [OrderPlaced];
  /** The catalogue (vendors, menus) changed: in-memory copies reload. Relayed to every node with REDIS_URL. */
  catalogueChanged: [];
}

/** The one place a domain change is announced; realtime and push subscribe here. */
export class DomainEvents extends EventEmitter<DomainEventMap> {}
