/**
 * Starts the real app over real HTTP (127.0.0.1, ephemeral port) against a fresh database.
 *
 * - "pglite": an in-memory PGlite per call (per test file when used in `beforeAll`).
 * - "postgres": on the machine's PostgreSQL (tests/services.ts), a fresh database `foodpark_test_<random>` per
 *   call, dropped again in `close()`. Nothing is ever left in the shared database the URL names.
 *
 * Suites run against both kinds with `describe.each(databaseKinds)`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RegisterResponse, User } from "@contract/auth";
import { buildApp } from "@server/app.js";
import { loadConfig, type ServerConfig } from "@server/config.js";
import { type Database, openDatabase } from "@server/db/database.js";
import { buildOpenApiDocument } from "@server/openapi/document.js";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type ContractChecker, createContractChecker } from "./openapi-contract";

export type DatabaseKind = "pglite" | "postgres";

import { testDatabaseUrl } from "../../services";

/** The database kinds every run covers: the embedded default and a real PostgreSQL (tests/services.ts). */
export const databaseKinds: DatabaseKind[] = ["pglite", "postgres"];

/** High enough that no test trips the login limit by accident. */
export const GENEROUS_LOGIN_LIMIT = 10_000;

export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** Another connection to the same database (PGlite in memory has only the one: it is returned). */
  connectAgain(): Promise<Database>;
  /** Closes the connection and, for PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty database (no migrations applied). */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const db = await openDatabase({ dataDir: undefined });
    return { kind, db, connectAgain: async () => db, drop: () => db.close() };
  }

  const name = `foodpark_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
  const extraConnections: Database[] = [];
  return {
    kind,
    db,
    async connectAgain() {
      const another = await openDatabase({ databaseUrl: url.toString() });
      extraConnections.push(another);
      return another;
    },
    async drop() {
      try {
        await Promise.all([db, ...extraConnections].map((connection) => connection.close()));
      } finally {
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface StartOptions {
  /** Which database to create; ignored when `database` is given. Default 'pglite'. */
  kind?: DatabaseKind;
  /** Share an existing database (the caller drops it); e.g. a second app with other settings. */
  database?: TestDatabase;
  loginRateLimitPerMinute?: number;
  /** Extra server settings (e.g. a fake DVLA or Stripe address). */
  config?: Partial<ServerConfig>;
  /** Cart and order charges in pence; default the server's defaults. */
  serviceChargePence?: number;
  deliveryFeePence?: number;
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";
  /** Sent as JSON. */
  body?: unknown;
  /** Sent exactly as given (default content type application/json), e.g. malformed JSON. */
  rawBody?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /**
   * Default true: the answer must have a status the OpenAPI document lists for the operation and a body that
   * matches its schema (the request throws otherwise). False only where a test sends deliberately broken things.
   */
  checkContract?: boolean;
}

export interface TestResponse<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or null when the body is not JSON. */
  body: T;
  text: string;
}

export interface RegisteredCustomer {
  token: string;
  user: User;
  email: string;
  password: string;
  name: string;
}

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  /** The secret tokens are signed with, for crafting expired tokens. */
  jwtSecret: string;
  request<T = Record<string, unknown>>(
    urlPath: string,
    options?: RequestOptions,
  ): Promise<TestResponse<T>>;
  /** Logs in and returns the token; throws with the server's message otherwise. */
  login(email: string, password: string): Promise<string>;
  /** Registers a customer with a unique email. */
  registerCustomer(
    overrides?: Partial<{ email: string; password: string; name: string }>,
  ): Promise<RegisteredCustomer>;
  close(): Promise<void>;
}

let customerCounter = 0;

const contractCheckers = new WeakMap<FastifyInstance, ContractChecker>();
/** The OpenAPI document every test answer is checked against: the app's own (built once per app). */
export function contract(app: FastifyInstance): ContractChecker {
  let checker = contractCheckers.get(app);
  if (!checker) {
    checker = createContractChecker(buildOpenApiDocument(app.declaredRoutes));
    contractCheckers.set(app, checker);
  }
  return checker;
}

/** An email no other test (or earlier run against a shared database) has used. */
export function uniqueEmail(prefix = "customer"): string {
  customerCounter += 1;
  return `${prefix}-${customerCounter}-${randomBytes(4).toString("hex")}@foodpark.test`;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const ownsDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase(options.kind ?? "pglite"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-server-test-"));
  const jwtSecret = randomBytes(32).toString("base64url");
  // The server's defaults for every setting (new ones included), then what tests pin down.
  const defaults = loadConfig({});
  const config: ServerConfig = {
    ...defaults,
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: undefined,
    jwtSecret,
    clientDir: undefined,
    loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? GENEROUS_LOGIN_LIMIT,
    // Tests register and sign in many customers from 127.0.0.1; tests/server/login-limits.test.ts sets its own.
    loginMaxFailuresPerAddress: GENEROUS_LOGIN_LIMIT,
    registerRateLimitPer10Minutes: GENEROUS_LOGIN_LIMIT,
    vehicleLookupRateLimitPerMinute: GENEROUS_LOGIN_LIMIT,
    logLevel: "silent",
    serviceChargePence: options.serviceChargePence ?? defaults.serviceChargePence,
    deliveryFeePence: options.deliveryFeePence ?? defaults.deliveryFeePence,
    ...options.config,
  };

  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database: database.db, logger: false });
    await app.listen({ port: 0, host: "127.0.0.1" });
  } catch (error) {
    if (ownsDatabase) await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP address");
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function request<T>(
    urlPath: string,
    requestOptions: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const { body, rawBody, token } = requestOptions;
    const hasBody = body !== undefined || rawBody !== undefined;
    const headers: Record<string, string> = { accept: "application/json" };
    if (hasBody) headers["content-type"] = "application/json";
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    Object.assign(headers, requestOptions.headers);
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method: requestOptions.method ?? (hasBody ? "POST" : "GET"),
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    if (requestOptions.checkContract !== false) {
      const problem = contract(app).problem(
        requestOptions.method ?? (hasBody ? "POST" : "GET"),
        urlPath,
        response.status,
        response.headers.get("content-type") ?? "",
        text,
      );
      if (problem) throw new Error(`Answer breaks the OpenAPI document: ${problem}`);
    }
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    baseUrl,
    app,
    db: database.db,
    database,
    jwtSecret,
    request,
    async login(email, password) {
      const response = await request<{ token?: string; message?: string }>("/auth/login", {
        body: { email, password },
      });
      if (response.status !== 200 || !response.body.token) {
        throw new Error(`login as ${email} failed: ${response.status} ${response.text}`);
      }
      return response.body.token;
    },
    async registerCustomer(overrides = {}) {
      const input = {
        email: overrides.email ?? uniqueEmail(),
        password: overrides.password ?? "correct-horse-battery",
        name: overrides.name ?? "Test Customer",
      };
      const response = await request<RegisterResponse>("/auth/register", {
        body: { ...input, role: "customer" },
      });
      if (response.status !== 201) {
        throw new Error(`registering ${input.email} failed: ${response.status} ${response.text}`);
      }
      return { ...input, token: response.body.token, user: response.body.user };
    },
    async close() {
      try {
        await app.close();
      } finally {
        if (ownsDatabase) await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
