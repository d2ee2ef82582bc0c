/** What the push service hands to the network: one encrypted message for one subscription. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
}

/** Posts one encrypted message to a push service and answers its status code. */
export type PushTransport = (request: PushRequest) => Promise<number>;
