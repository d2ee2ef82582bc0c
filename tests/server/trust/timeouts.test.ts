import net from "node:net";
import { DEFAULT_REQUEST_TIMEOUT_MS, loadConfig } from "@server/config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server";

const TIMEOUT_MS = 1000;

/**
 * How long this process's event loop was held up while `work` ran: the sum of each 10 ms tick's lateness. The cut is
 * made by a timer in this same process (the test server runs in it), so a busy machine delays it by about this much.
 */
async function withLoopLag<T>(work: () => Promise<T>): Promise<{ result: T; lagMs: number }> {
  const TICK_MS = 10;
  let lagMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    lagMs += Math.max(0, now - last - TICK_MS);
    last = now;
  }, TICK_MS);
  try {
    return { result: await work(), lagMs };
  } finally {
    clearInterval(ticker);
  }
}

/** Sends headers, then one body byte every `everyMs`; resolves with what came back and when the socket closed. */
function dribble(port: number, path: string, everyMs: number) {
  return new Promise<{ closedAfterMs: number; answer: string; bytesSent: number }>((resolve) => {
    const started = Date.now();
    let answer = "";
    let bytesSent = 0;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{`,
      );
      const timer = setInterval(() => {
        if (socket.destroyed || Date.now() - started > 20_000) return clearInterval(timer);
        socket.write(" ");
        bytesSent += 1;
      }, everyMs);
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ closedAfterMs: Date.now() - started, answer, bytesSent });
      });
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
  });
}

describe("request timeouts", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { requestTimeoutMs: TIMEOUT_MS } });
  });
  afterAll(() => server?.close());

  it("cuts off a body dribbled one byte at a time within a bounded time, and keeps serving", async () => {
    const port = Number(new URL(server.baseUrl).port);
    const { result: slow, lagMs } = await withLoopLag(() =>
      Promise.all(Array.from({ length: 5 }, () => dribble(port, "/auth/login", 100))),
    );
    for (const result of slow) {
      expect(result.bytesSent, JSON.stringify(result)).toBeGreaterThan(3); // it really was dribbling when cut
      // Idle, the cut comes within three timeouts; a loaded machine adds the loop's lag measured in this test.
      expect(result.closedAfterMs, `loop lag ${Math.round(lagMs)} ms`).toBeLessThan(
        TIMEOUT_MS * 3 + lagMs,
      );
      expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    }
    expect((await server.request("/healthz")).status).toBe(200);
  });

  it("has production defaults: 30 s per request from REQUEST_TIMEOUT_MS", () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: "5000" }).requestTimeoutMs).toBe(5000);
    expect(server.app.server.requestTimeout).toBe(TIMEOUT_MS);
    expect(server.app.server.headersTimeout).toBe(TIMEOUT_MS);
    expect(server.app.server.keepAliveTimeout).toBe(72_000);
    expect(server.app.server.timeout).toBe(120_000);
  });
});
