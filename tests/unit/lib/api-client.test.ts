import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, request, UNAVAILABLE_RETRIES } from "@/lib/api-client";

interface Seen {
  key: string | undefined;
  body: string;
  at: number;
}

/** A real HTTP server that answers 503 (Retry-After: 1) `unavailable` times, then 201. */
async function flakyServer(unavailable: number) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({
        key: req.headers["idempotency-key"] as string | undefined,
        body,
        at: Date.now(),
      });
      if (seen.length <= unavailable) {
        res.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
        res.end(
          JSON.stringify({
            message: "The service is briefly unavailable. Please try again in a few seconds.",
          }),
        );
        return;
      }
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: 42 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/orders`, seen, close: () => server.close() };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("a 503 on the way", () => {
  it("is sent again after Retry-After with the same body and Idempotency-Key", async () => {
    const server = await flakyServer(2);
    close = server.close;
    const answer = await request(server.url, {
      method: "POST",
      body: { vendorId: 1 },
      headers: { "Idempotency-Key": "key-1" },
      anonymous: true,
    });
    expect(answer).toEqual({ id: 42 });
    expect(server.seen.map((s) => [s.key, s.body])).toEqual([
      ["key-1", '{"vendorId":1}'],
      ["key-1", '{"vendorId":1}'],
      ["key-1", '{"vendorId":1}'],
    ]);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("still unavailable after the retries: the server's message, marked as nothing done so queued work stays", async () => {
    const server = await flakyServer(100);
    close = server.close;
    const failure = await request(server.url, { method: "POST", body: {}, anonymous: true }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 503,
      network: true,
      message: "The service is briefly unavailable. Please try again in a few seconds.",
    });
    expect(server.seen).toHaveLength(UNAVAILABLE_RETRIES + 1);
  });
});
