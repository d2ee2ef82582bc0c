/**
 * The access log at the shipped level (info): no line per request; one summary line of status counts;
 * a line for each slow request and each server error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "@server/app.js";
import { loadConfig } from "@server/config.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/test-server";

describe("access log at the shipped level", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let baseUrl: string;
  const lines: Record<string, unknown>[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "access-log-"));

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const config = loadConfig({});
    expect(config.logLevel).toBe("info");
    app = await buildApp(
      {
        ...config,
        dataDir,
        jwtSecret: "access-log-test-secret-0123456789abcdef",
        clientDir: undefined,
      },
      {
        database: database.db,
        logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    );
    app.get("/api/test-slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      return { ok: true };
    });
    app.get("/api/test-broken", async () => {
      throw new Error("broken on purpose");
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes no line per request, then one summary with the status counts", async () => {
    app.accessLog.flush();
    const before = lines.length;
    for (let call = 0; call < 20; call++) {
      expect((await fetch(`${baseUrl}/api/vendors/list`)).status).toBe(200);
    }
    expect((await fetch(`${baseUrl}/api/nothing-here`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/auth/me`)).status).toBe(401);

    expect(lines.slice(before)).toEqual([]);
    app.accessLog.flush();

    const summary = lines.slice(before);
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatchObject({
      level: 30,
      msg: "requests answered",
      requests: 22,
      "2xx": 20,
      "4xx": 2,
      "5xx": 0,
    });
  });

  it("logs each slow request and each server error on its own line", async () => {
    app.accessLog.flush();
    const before = lines.length;

    expect((await fetch(`${baseUrl}/api/test-slow?token=secret-in-url`)).status).toBe(200);
    const broken = await fetch(`${baseUrl}/api/test-broken`);
    expect(broken.status).toBe(500);

    const written = lines.slice(before);
    const slow = written.find((line) => line.msg === "slow request");
    expect(slow).toMatchObject({ level: 40, statusCode: 200, route: "/api/test-slow" });
    expect(slow?.url).toBe("/api/test-slow?token=%5Bredacted%5D");
    expect(Number(slow?.responseTimeMs)).toBeGreaterThanOrEqual(1000);
    const error = written.find((line) => (line.err as { message?: string })?.message);
    expect(error).toMatchObject({ level: 50, err: { message: "broken on purpose" } });
    // Each request's lines name it (its logger is built only when it first logs, but as Fastify's own child).
    expect(slow?.reqId).toEqual(expect.any(String));
    expect(error?.reqId).toEqual(expect.any(String));
    expect(error?.reqId).not.toBe(slow?.reqId);
    app.accessLog.flush();
    expect(lines.at(-1)).toMatchObject({ msg: "requests answered", "5xx": 1, slow: 1 });
  });
});
