/**
 * Several real server processes (`node dist/server/main.js`, the production build) on one fresh PostgreSQL database
 * and one Redis key prefix, for the multi-node tests, on the machine's PostgreSQL and Redis (tests/services.ts); the
 * database is created here and dropped again, the Redis keys deleted.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { deleteRedisKeys } from "../server/helpers/redis";

import { testDatabaseUrl, testRedisUrl } from "../services";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface Node {
  name: string;
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** What the process wrote to stderr (shown when a test fails). */
  stderr(): string;
  /** SIGTERM (a rolling restart's stop) or SIGKILL; resolves when the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  databaseUrl: string;
  redisPrefix: string;
  nodes: Node[];
  /** Starts another node on the same database and Redis. */
  startNode(name: string): Promise<Node>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function waitHealthy(node: Node, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (node.process.exitCode !== null) {
      throw new Error(`node ${node.name} exited with ${node.process.exitCode}:\n${node.stderr()}`);
    }
    const healthy = await fetch(`${node.baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline)
      throw new Error(`node ${node.name} not healthy in ${timeoutMs} ms:\n${node.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Creates a fresh database and starts `count` nodes at the same moment against it. */
export async function startCluster(
  count: number,
  env: Record<string, string> = {},
): Promise<Cluster> {
  const databaseName = `foodpark_nodes_${randomBytes(6).toString("hex")}`;
  await admin(`create database ${databaseName}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const redisPrefix = `foodpark-test:${randomBytes(4).toString("hex")}:`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const dataDirs: string[] = [];
  const nodes: Node[] = [];

  async function spawnNode(name: string): Promise<Node> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `foodpark-node-${name}-`));
    dataDirs.push(dataDir);
    const child = spawn(process.execPath, [path.resolve("dist/server/main.js")], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: redisPrefix,
        LOG_LEVEL: "warn",
        REGISTER_RATE_LIMIT_PER_10_MINUTES: "1000",
        // The push test's receiver listens on 127.0.0.1 (a test-only allowance; production refuses it).
        PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
        ...env,
      },
      // pino writes to stdout: sent to stderr's pipe too, so failures show the server's own words.
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    child.stdout?.on("data", (chunk: Buffer) => child.stderr?.emit("data", chunk));
    const logFile = process.env.CLUSTER_LOG_DIR
      ? path.join(process.env.CLUSTER_LOG_DIR, `node-${name}.log`)
      : null;
    child.stderr?.on("data", (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-20_000);
      if (logFile) fs.appendFileSync(logFile, chunk);
    });
    child.once("exit", (code, signal) => {
      if (logFile) fs.appendFileSync(logFile, `exited: ${code ?? signal}\n`);
    });
    const node: Node = {
      name,
      port,
      baseUrl: `http://127.0.0.1:${port}`,
      process: child,
      stderr: () => errors,
      async stop(signal = "SIGTERM") {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
        child.kill(signal);
        await gone;
      },
    };
    nodes.push(node);
    return node;
  }

  const started = await Promise.all(
    Array.from({ length: count }, (_, index) => spawnNode(String.fromCharCode(65 + index))),
  );
  try {
    await Promise.all(started.map((node) => waitHealthy(node, 180_000)));
  } catch (error) {
    await Promise.all(started.map((node) => node.stop("SIGKILL")));
    await pool.end();
    await admin(`drop database if exists ${databaseName} with (force)`);
    throw error;
  }

  return {
    databaseUrl,
    redisPrefix,
    nodes,
    async startNode(name) {
      const node = await spawnNode(name);
      await waitHealthy(node, 180_000);
      return node;
    },
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as Row[];
    },
    async close() {
      await Promise.all(nodes.map((node) => node.stop("SIGTERM")));
      await pool.end();
      await admin(`drop database if exists ${databaseName} with (force)`);
      await deleteRedisKeys(redisPrefix, testRedisUrl);
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
