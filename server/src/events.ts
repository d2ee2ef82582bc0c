import { EventEmitter } from "node:events";

export interface OrderStatusChanged {
  orderId: number;
  userId: number;
  vendorId: number;
  vendorName: string;
  status: string;
  previousStatus: string;
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
}

/** The one place a domain change is announced; realtime and push subscribe here. */
export class DomainEvents extends EventEmitter<DomainEventMap> {}
