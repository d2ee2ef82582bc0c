// Helpers the bench sections share: the built server in its own process, API calls, percentiles.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { SERVER_PROCESS_ENV } from "../lib/server-process-env.mjs";

/** A port free at this moment (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const ADMIN_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export const REDIS_URL =
  process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** Whether Redis at REDIS_URL answers a PING within a second. */
export function redisAnswers() {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000, () => socket.destroy());
    socket.once("error", () => resolve(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
    socket.once("close", () => resolve(false));
  });
}

/** Removes the keys a run's nodes wrote under `prefix` (their REDIS_KEY_PREFIX). */
export async function dropRedisKeys(prefix) {
  const { Redis } = await import("ioredis");
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** An environment without the variables set to null (spawn would pass "null"). */
const withoutNulls = (env) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== null));

/**
 * Starts dist/server/main.js on `port` with a fresh embedded database (or `databaseUrl`), waits for /healthz.
 * `stop()` ends it (SIGTERM, then SIGKILL) and removes its data directory.
 */

export async function startBuiltServer({
  root,
  port,
  databaseUrl,
  env = {},
  fdLimit,
  /** An existing data directory to start on (a later start); kept on stop. Default: a fresh one, removed. */
  dataDir: givenDataDir,
  log = () => {},
}) {
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-bench-"));
  const main = path.join(root, "dist/server/main.js");
  // `fdLimit`: the server's soft limit on open files raised first (sh's ulimit, then exec: the pid stays node's).
  const [command, args] =
    fdLimit === undefined
      ? [process.execPath, [main]]
      : [
          "sh",
          [
            "-c",
            `ulimit -n ${fdLimit === Number.POSITIVE_INFINITY ? "unlimited" : fdLimit} && exec "$0" "$@"`,
            process.execPath,
            main,
          ],
        ];
  const child = spawn(command, args, {
    cwd: root,
    env: withoutNulls({
      // As `npm start` and docs/deploy.md run the server; `env` may override it (null: unset).
      ...SERVER_PROCESS_ENV,
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      LOGIN_RATE_LIMIT_PER_MINUTE: "100000",
      // The shipped log level (as `npm start` and production run), not a quieter one; `env` may override it.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
      ...env,
    }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  const deadline = startedAt + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("the server did not start within 240 s");
    }
    await sleep(200);
  }
  log(
    `server on ${baseUrl} (pid ${child.pid}, ${databaseUrl ? "PostgreSQL" : "PGlite"}) up in ${Date.now() - startedAt} ms`,
  );
  return {
    baseUrl,
    pid: child.pid,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts a plain node script (e.g. the bare Fastify) and waits until `url` answers. */
export async function startScript({ root, script, env = {}, url }) {
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(url).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${script} did not answer within 30 s`);
    await sleep(100);
  }
  return {
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** A fresh PostgreSQL database for one run; `drop()` removes it again. */
export async function freshPostgres(label) {
  const name = `foodpark_bench_${label}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function api(baseUrl, urlPath, { token, body, method, headers = {} } = {}) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: method ?? (body ? "POST" : "GET"),
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${method ?? (body ? "POST" : "GET")} ${urlPath}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A fresh customer: { token, user }. */
export async function registerCustomer(baseUrl, label = "bench") {
  const email = `${label}-${Date.now()}-${randomBytes(3).toString("hex")}@foodpark.test`;
  return api(baseUrl, "/auth/register", {
    body: { email, password: "bench-password", name: "Bench Customer", role: "customer" },
  });
}

/** The first open vendor and one of its available items that needs no add-on choice. */
export async function plainItem(baseUrl) {
  const { data } = await api(baseUrl, "/api/vendors/list");
  for (const vendor of data.filter((candidate) => candidate.status === "open")) {
    const menu = await api(baseUrl, `/api/vendors/${vendor.id}/items`);
    const item = menu.items
      .flatMap((group) => group.items)
      .find((candidate) => !candidate.has_required_addongroups && candidate.available);
    if (item) return { vendorId: vendor.id, itemId: Number(item.id.replace("item_", "")) };
  }
  throw new Error("no open vendor with a plain item");
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values) => percentile(values, 50);

/** The spread of runs as "min–max". */
export const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`;

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/**
 * One kept-alive HTTP/1.1 connection sending one request at a time, as lean as the load tools (autocannon, wrk) so
 * the load generator takes little of the machine's CPU from the server it measures: the request's bytes written in
 * one go, the answer read by its Content-Length (or chunks). `request` resolves { status, text }.
 */
export function keepAliveConnection(baseUrl) {
  const { hostname, port, host } = new URL(baseUrl);
  let socket = null;
  let pending = null;
  let buffer = Buffer.alloc(0);

  const fail = (error) => {
    socket = null;
    buffer = Buffer.alloc(0);
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };
  const connect = () => {
    socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    socket.on("data", (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const answer = parseAnswer(buffer);
      if (!answer) return;
      buffer = buffer.subarray(answer.length);
      const waiting = pending;
      pending = null;
      if (answer.close) socket.destroy();
      waiting?.resolve({ status: answer.status, text: decoded(answer).toString("utf8") });
    });
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
  };

  return {
    request(method, urlPath, { headers = {}, body } = {}) {
      const payload = body === undefined ? "" : JSON.stringify(body);
      let head = `${method} ${urlPath} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      if (body !== undefined)
        head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
      if (!socket || socket.destroyed) connect();
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket.write(`${head}\r\n${payload}`);
      });
    },
    close: () => socket?.destroy(),
  };
}

/** An answer's body as sent before its Content-Encoding. */
function decoded({ body, encoding }) {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  if (encoding === "zstd") throw new Error("a zstd answer: decode it before reading it");
  return body;
}

/**
 * A whole HTTP/1.1 answer at the start of `buffer`: { status, body, encoding, length, close }, or null while
 * incomplete.
 */
function parseAnswer(buffer) {
  const headEnd = buffer.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const head = buffer.toString("latin1", 0, headEnd);
  const status = Number(head.slice(9, 12));
  const lengthMatch = /\r\ncontent-length: *(\d+)/i.exec(head);
  const close = /\r\nconnection: *close/i.test(head);
  const encoding = /\r\ncontent-encoding: *([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  const bodyStart = headEnd + 4;
  const answer = (body, length) => ({ status, body, encoding, length, close });
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buffer.length < end) return null;
    return answer(buffer.subarray(bodyStart, end), end);
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return answer(Buffer.alloc(0), bodyStart);
  const parts = [];
  let at = bodyStart;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd), 16);
    const dataEnd = lineEnd + 2 + size;
    if (buffer.length < dataEnd + 2) return null;
    if (size === 0) return answer(Buffer.concat(parts), dataEnd + 2);
    parts.push(buffer.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}
