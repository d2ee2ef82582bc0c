/**
 * In process: three nodes (apps) starting at the same moment against one EMPTY PostgreSQL
 * database and one Redis. Migrations and the demo park are applied once, all come up with the same secrets, and
 * what one node announces reaches the others, on the machine's PostgreSQL and Redis (tests/services.ts);
 * tests/e2e/two-nodes.spec.ts does the same with separate processes.
 */

import type { OrderStatusNotification } from "@contract/orders";
import {
  SOCKET_EVENTS,
  type StaffOrderChanged,
  staffTrailerRoom,
  userRoom,
} from "@contract/realtime";
import { listMigrations } from "@server/db/migrate";
import { loadSeedVendors } from "@server/db/seed-data";
import { addStaffAccount } from "@server/services/staff-accounts.js";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const seedVendors = loadSeedVendors();

import { vendorIdOf } from "./helpers/demo-park";
import { createOrderFixture } from "./helpers/order-fixtures";
import { deleteRedisKeys, randomRedisPrefix, testRedisUrl } from "./helpers/redis";
import {
  createTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./helpers/test-server";

function next<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe("several nodes on one PostgreSQL and one Redis", () => {
  const prefix = randomRedisPrefix();
  let database: TestDatabase;
  let nodes: TestServer[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // Each node has its own connection pool, as separate processes would; no JWT secret nor VAPID keys given.
    const pools = await Promise.all([1, 2, 3].map(() => database.connectAgain()));
    nodes = await Promise.all(
      pools.map((db) =>
        startTestServer({
          database: { ...database, db },
          config: { jwtSecret: undefined, redisUrl: testRedisUrl, redisKeyPrefix: prefix },
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => node.close()));
    await database?.drop();
    await deleteRedisKeys(prefix);
  });

  it("applies every migration and seeds the demo park exactly once", async () => {
    const migrations = await database.db.query<{ version: number }>(
      "select version from schema_migrations order by version",
    );
    expect(migrations.map((row) => row.version)).toEqual(
      listMigrations().map((migration) => migration.version),
    );
    const [vendors] = await database.db.query<{ count: number }>(
      "select count(*)::int as count from vendors",
    );
    expect(vendors?.count).toBe(seedVendors.length);
    const demo = await database.db.query("select 1 from users where email in ($1, $2)", [
      "demo@foodpark.test",
      "staff@foodpark.test",
    ]);
    expect(demo).toHaveLength(2);
  });

  it("signs with one secret: a token from one node works on every other, and all serve one VAPID key", async () => {
    const [a, b, c] = nodes as [TestServer, TestServer, TestServer];
    const token = await a.login("demo@foodpark.test", "demo-password");
    for (const node of [b, c]) expect((await node.request("/auth/me", { token })).status).toBe(200);
    const keys = await Promise.all(
      nodes.map((node) => node.request<{ publicKey: string }>("/api/push/public-key")),
    );
    expect(new Set(keys.map((key) => key.text)).size).toBe(1);
    expect(keys[0]?.status).toBe(200);
  });

  it("relays catalogueChanged to every other node once, and not back to the one that announced it", async () => {
    const heard = nodes.map(() => 0);
    for (const [index, node] of nodes.entries()) {
      node.app.events.on("catalogueChanged", () => {
        heard[index]! += 1;
      });
    }
    nodes[0]!.app.events.emit("catalogueChanged");
    const deadline = Date.now() + 5000;
    while ((heard[1] === 0 || heard[2] === 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual([1, 1, 1]);
  });

  it("a customer's socket on one node hears a status change made on another", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const customer = await a.registerCustomer();
    const order = await createOrderFixture(database.db, {
      userId: customer.user.id,
      status: "pending",
    });
    const socket = connect(a.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    await next(socket, "connect");
    const joined = next(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.userAuth, { token: customer.token });
    socket.emit(SOCKET_EVENTS.joinUserRoom, customer.user.id);
    expect(await joined).toEqual({ room: userRoom(customer.user.id) });

    const heard = next<OrderStatusNotification>(socket, SOCKET_EVENTS.orderStatusNotification);
    const staffToken = await b.login("staff@foodpark.test", "staff-password");
    const changed = await b.request(`/api/staff/orders/${order.id}`, {
      method: "PATCH",
      body: { status: "confirmed" },
      token: staffToken,
    });
    expect(changed.status).toBe(200);
    expect(await heard).toMatchObject({ orderId: order.id, status: "confirmed" });
  });

  it("a trailer's staff socket on one node hears its trailer's orders changed on another, and no other trailer's", async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const customer = await a.registerCustomer();
    const forno = await vendorIdOf(database.db, "forno-fuoco");
    const smash = await vendorIdOf(database.db, "smash-stack");
    const fornoStaff = { email: "forno-nodes@foodpark.test", password: "forno-nodes-password" };
    await addStaffAccount(database.db, { ...fornoStaff, trailers: ["forno-fuoco"] });
    const socket = connect(a.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      auth: { token: await a.login(fornoStaff.email, fornoStaff.password) },
    });
    sockets.push(socket);
    await next(socket, "connect");
    const joined = next(socket, SOCKET_EVENTS.roomJoined);
    socket.emit(SOCKET_EVENTS.joinStaffRoom);
    expect(await joined).toMatchObject({ room: staffTrailerRoom(forno) });
    const heard: StaffOrderChanged[] = [];
    socket.on(SOCKET_EVENTS.staffOrderChanged, (change: StaffOrderChanged) => heard.push(change));

    const manager = await b.login("staff@foodpark.test", "staff-password");
    for (const vendorId of [smash, forno]) {
      const order = await createOrderFixture(database.db, {
        userId: customer.user.id,
        vendorId,
        status: "pending",
      });
      const changed = await b.request(`/api/staff/orders/${order.id}`, {
        method: "PATCH",
        body: { status: "confirmed" },
        token: manager,
      });
      expect(changed.status).toBe(200);
    }
    const deadline = Date.now() + 5000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.map((change) => change.vendorId)).toEqual([forno]);
  });
});

describe("without REDIS_URL", () => {
  it("without REDIS_URL, loads nothing of Redis: one node keeps its state in memory", async () => {
    const server = await startTestServer();
    try {
      expect(server.app.shared).toBeNull();
    } finally {
      await server.close();
    }
  }, 90_000);
});
