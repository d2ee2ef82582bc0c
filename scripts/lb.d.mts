export interface LoadBalancer {
  port: number;
  /** Connections handed to each backend so far. */
  counts: number[];
  /** Replaces the backends (new connections only; open ones stay where they are). */
  setBackends(backends: { host: string; port: number }[]): void;
  close(): Promise<void>;
}
export function startLoadBalancer(options: {
  port?: number;
  host?: string;
  backends: { host: string; port: number }[];
}): Promise<LoadBalancer>;
