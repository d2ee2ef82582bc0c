import net from "node:net";
import { DEFAULT_REQUEST_TIMEOUT_MS, loadConfig } from "@server/config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/test-server";

const TIMEOUT_MS = 1000;

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
    const slow = await Promise.all(
      Array.from({ length: 5 }, () => dribble(port, "/auth/login", 100)),
    );
    for (const result of slow) {
      expect(result.bytesSent, JSON.stringify(result)).toBeGreaterThan(3); // it really was dribbling when cut
      expect(result.closedAfterMs).toBeLessThan(TIMEOUT_MS * 3);
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
