/**
 * A TCP relay in front of the test server, so that every engine can lose the network the same way (no engine-specific
 * offline switch): `cut()` drops every open connection and resets new ones, as a phone out of signal sees it; `restore()`
 * lets them through again. It also counts what the server sends, so a test can wait for the live feed's
 * `room-joined` (socket.io's WebSocket frames from the server are not masked or compressed).
 */
import net from "node:net";

export interface Relay {
  port: number;
  baseUrl: string;
  cut(): void;
  restore(): void;
  /** How often `text` has appeared in what the server sent so far. */
  count(text: string): number;
  /** Resolves once `text` has appeared more than `after` times. */
  waitFor(text: string, after: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(target: { host: string; port: number }): Promise<Relay> {
  const open = new Set<net.Socket>();
  const counts = new Map<string, number>();
  const watchers = new Set<() => void>();
  let tail = "";
  let down = false;

  const watch = (chunk: Buffer) => {
    // Keep the end of the previous chunk: a word split over two chunks is still counted once.
    const text = tail + chunk.toString("latin1");
    for (const word of counts.keys()) {
      const before = tail.split(word).length - 1;
      counts.set(word, (counts.get(word) ?? 0) + text.split(word).length - 1 - before);
    }
    tail = text.slice(-64);
    for (const watcher of watchers) watcher();
  };

  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target);
    open.add(client);
    open.add(upstream);
    client.pipe(upstream);
    upstream.on("data", watch);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    count(text) {
      if (!counts.has(text)) counts.set(text, 0);
      return counts.get(text) ?? 0;
    },
    waitFor(text, after, ms) {
      if (!counts.has(text)) counts.set(text, 0);
      return new Promise((resolve, reject) => {
        const check = () => {
          if ((counts.get(text) ?? 0) > after) {
            clearTimeout(timer);
            watchers.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`the server did not send ${text} within ${ms} ms`));
        }, ms);
        watchers.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
