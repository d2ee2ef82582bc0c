/**
 * 100 sockets × 2,000 events from another process: the node stays responsive (its slowest /healthz answer during the
 * flood within a multiple of its no-flood baseline, measured in the same test), its memory grows ≤ 50 MB, every
 * flooding socket is disconnected, and an honest customer's status update still arrives.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { OrderStatusNotification } from "@contract/orders";
import { SOCKET_EVENTS, userRoom } from "@contract/realtime";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderFixture } from "./helpers/order-fixtures";
import { startTestServer, type TestServer } from "./helpers/test-server";

const SOCKETS = 100;
const EVENTS = 2000;
/**
 * What a flood does to a node without the limits is a stall: on a 2-core machine its slowest probe took 1.3–3.6 s
 * (RSS +193–197 MB) while nearly every other probe stayed fast, so the probes' p99 (3.4 ms over 1,328 probes in one
 * run) hid it. The slowest probe shows it. A busy or shared machine stalls now and then with no flood at all, so no fixed
 * ceiling is fair: the slowest probe is held to a multiple of what the same probes measured just before without a
 * flood, beside a busy process as the flood's own (their p99, or ten times their median when that is more, so a lucky
 * quiet baseline does not make the bound tighter than a busy one). With the limits the slowest probe was 62–170 ms
 * in five runs on that machine, 497–685 ms allowed; the figures are printed side by side.
 */
const HEALTHZ_WORST_FACTOR = 40;
const healthzAllowance = (baseline: number[]) =>
  HEALTHZ_WORST_FACTOR * Math.max(percentile(baseline, 99), 10 * percentile(baseline, 50));

function once<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

describe("a socket.io flood", () => {
  let server: TestServer;
  let honest: Socket | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    honest?.disconnect();
    await server?.close();
  });

  it("is cut off while /healthz stays fast, memory stays flat and honest updates arrive", async () => {
    const customer = await server.registerCustomer();
    const order = await createOrderFixture(server.db, {
      userId: customer.user.id,
      status: "pending",
    });
    honest = connect(server.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
    });
    await once(honest, "connect");
    const joined = once(honest, SOCKET_EVENTS.roomJoined);
    honest.emit(SOCKET_EVENTS.userAuth, { token: customer.token });
    honest.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
    expect(await joined).toEqual({ room: userRoom(customer.user.id) });
    const staffToken = await server.login("staff@foodpark.test", "staff-password");

    // Warm up, then the baseline: the same probes without a flood (this machine may be busy with other work).
    const probe = async () => {
      const t = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
      return performance.now() - t;
    };
    for (let i = 0; i < 20; i += 1) await probe();
    // The flood comes from another process, which takes its share of the cores: the baseline runs beside one too
    // (busy, but not talking to the server), so what is compared is the server's own handling of the flood.
    const competitor = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
    const baseline: number[] = [];
    try {
      for (let i = 0; i < 200; i += 1) {
        baseline.push(await probe());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      competitor.kill("SIGKILL");
    }
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;

    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const flood = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, "helpers/socket-flood.mjs"),
        server.baseUrl,
        String(SOCKETS),
        String(EVENTS),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    flood.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const finished = new Promise<void>((resolve) => flood.once("exit", () => resolve()));
    let done = false;
    void finished.then(() => {
      done = true;
    });

    const latencies: number[] = [];
    const heard = once<OrderStatusNotification>(
      honest,
      SOCKET_EVENTS.orderStatusNotification,
      20_000,
    );
    let changed = false;
    const started = Date.now();
    while (!done || latencies.length < 100) {
      latencies.push(await probe());
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      if (!changed && Date.now() - started > 200) {
        changed = true;
        // Plain fetch: the test server's request helper checks answers against the OpenAPI document, and compiling
        // its schema on first use would stall this process's event loop, the server's, mid-measurement.
        const patched = await fetch(`${server.baseUrl}/api/staff/orders/${order.id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json", authorization: `Bearer ${staffToken}` },
          body: JSON.stringify({ status: "confirmed" }),
        });
        expect(patched.status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (Date.now() - started > 60_000) break;
    }
    await finished;
    loopDelay.disable();
    const report = JSON.parse(output.trim()) as { sent: number; cutOff: number; refused: number };
    const p99 = percentile(latencies, 99);
    const worst = Math.max(...latencies);
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
    const baselineP99 = percentile(baseline, 99);
    console.info(
      `/healthz without a flood: p50 ${percentile(baseline, 50).toFixed(1)} ms, p99 ${baselineP99.toFixed(1)} ms; ` +
        `socket flood ${SOCKETS}×${EVENTS}: /healthz p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, slowest ${worst.toFixed(1)} ms over ${latencies.length} probes; RSS +${growthMb.toFixed(1)} MB; event loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms; ${report.cutOff} of ${SOCKETS} sockets cut off; slowest allowed ${healthzAllowance(baseline).toFixed(1)} ms`,
    );
    expect(report.cutOff).toBe(SOCKETS);
    expect(worst).toBeLessThanOrEqual(healthzAllowance(baseline));
    expect(growthMb).toBeLessThanOrEqual(50);
    expect(await heard).toMatchObject({ orderId: order.id, status: "confirmed" });
    expect(honest.connected).toBe(true);
  }, 120_000);
});
