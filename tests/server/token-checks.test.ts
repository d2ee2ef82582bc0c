/**
 * Bearer tokens: checked synchronously and once per token (a bounded cache that never outlives the token), only on
 * routes that read the user, always with an expiry; the account and its role are read as the database has them now
 * (cached at most 30 s), so a removed or demoted account loses access within a minute; and a database that does
 * not answer is an error, never a sign-out.
 */
import { createHmac } from "node:crypto";
import type { ErrorResponse } from "@contract/errors";
import { SOCKET_EVENTS, SOCKET_MESSAGES, STAFF_ROOM } from "@contract/realtime";
import { routeReadsUser } from "@server/plugins/auth.js";
import { createCurrentUsers } from "@server/services/auth/current-users.js";
import { createTokenService, TOKEN_LIFETIME_SECONDS } from "@server/services/auth/tokens.js";
import pg from "pg";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabaseUrl } from "../services";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token signed with the server's secret, with exactly the claims given. */
function signed(secret: string, claims: Record<string, unknown>): string {
  const head = b64({ alg: "HS256", typ: "JWT" });
  const body = b64(claims);
  const signature = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/** Methods that change something. */
const isWrite = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe.each(databaseKinds)("token checks on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });

  afterAll(async () => {
    await server?.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("verifies a token once, not on every request", async () => {
    const customer = await server.registerCustomer();
    const before = server.app.tokens.verifications;

    for (let call = 0; call < 5; call++) {
      const response = await server.request("/auth/me", { token: customer.token });
      expect(response.status).toBe(200);
    }

    expect(server.app.tokens.verifications - before).toBe(1);
  });

  it("never verifies or looks up a token on the public menu", async () => {
    const customer = await server.registerCustomer();
    const vendors = await server.request<{ data: { id: number }[] }>("/api/vendors/list");
    const vendorId = vendors.body.data[0]!.id;
    const verifications = server.app.tokens.verifications;
    const lookups = server.app.currentUsers.lookups;

    for (const token of [customer.token, "not-a-jwt"]) {
      const menu = await server.request(`/api/vendors/${vendorId}/items`, { token });
      expect(menu.status).toBe(200);
      expect((await server.request("/api/vendors/list", { token })).status).toBe(200);
    }

    expect(server.app.tokens.verifications).toBe(verifications);
    expect(server.app.currentUsers.lookups).toBe(lookups);
  });

  it("gives every token it issues an expiry, and refuses a signed token without one", async () => {
    const customer = await server.registerCustomer();
    const claims = JSON.parse(
      Buffer.from(customer.token.split(".")[1]!, "base64url").toString("utf8"),
    );
    expect(claims.exp - claims.iat).toBe(TOKEN_LIFETIME_SECONDS);

    const forever = signed(server.jwtSecret, {
      sub: String(customer.user.id),
      email: customer.email,
      role: "customer",
    });
    const response = await server.request<ErrorResponse>("/auth/me", { token: forever });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Your session has expired. Please sign in again." });
  });

  it("answers 401 with a message for a validly signed token whose account does not exist", async () => {
    const ghost = signed(server.jwtSecret, {
      sub: "987654321",
      email: "ghost@foodpark.test",
      role: "customer",
      exp: inAnHour(),
    });

    const me = await server.request<ErrorResponse>("/auth/me", { token: ghost });
    const cart = await server.request<ErrorResponse>("/api/cart/add", {
      token: ghost,
      body: { itemId: 1, vendorId: 1, quantity: 1 },
    });
    const orders = await server.request<ErrorResponse>("/api/orders", { token: ghost });

    for (const response of [me, cart, orders]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Your session has expired. Please sign in again." });
    }
  });

  it("reads the role held now: a demoted staff member loses staff rights within a minute, a removed one is signed out", async () => {
    const member = await server.registerCustomer();
    await server.db.query("update users set role = 'staff' where id = $1", [member.user.id]);
    // The token still says "customer": the database's role counts.
    const board = () => server.request<ErrorResponse>("/api/staff/orders", { token: member.token });
    expect((await board()).status).toBe(200);

    await server.db.query("update users set role = 'customer' where id = $1", [member.user.id]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    const demoted = await board();
    expect(demoted.status).toBe(403);

    await server.db.query("delete from users where id = $1", [member.user.id]);
    vi.setSystemTime(Date.now() + 31_000);
    const removed = await server.request<ErrorResponse>("/auth/me", { token: member.token });
    expect(removed.status).toBe(401);
  });

  it("signs a removed account out at once on every write route (401 before its input is read, not a 500 or a stale success)", async () => {
    const gone = await server.registerCustomer();
    // Cached: the account was read a moment ago, as a busy phone's would be.
    expect((await server.request("/auth/me", { token: gone.token })).status).toBe(200);
    await server.db.query("delete from users where id = $1", [gone.user.id]);
    // The database announces the removal as it commits; the node hears it within moments (not the cache's 30 s).
    await expect
      .poll(async () => (await server.request("/auth/me", { token: gone.token })).status, {
        timeout: 1000,
        interval: 10,
      })
      .toBe(401);

    const writes = server.app.routeList.filter(
      (route) => isWrite(route.method) && routeReadsUser(route.url),
    );
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const answer = await server.request<ErrorResponse>(route.url.replace(/:\w+/g, "1"), {
        method: route.method as "POST",
        body: {},
        token: gone.token,
        checkContract: false,
      });
      expect(answer.status, `${route.method} ${route.url}: ${answer.text}`).toBe(401);
      expect(answer.body).toEqual({ message: "Your session has expired. Please sign in again." });
    }
  });

  it("signs a removed account out of reads at once too, and a demoted staff member loses staff rights at once (the database announces it)", async () => {
    const gone = await server.registerCustomer();
    const me = () => server.request<ErrorResponse>("/auth/me", { token: gone.token });
    expect((await me()).status).toBe(200); // now cached
    // Removed by hand in SQL, as an operator would: the nodes hear of it from the database, not the cache's 30 s.
    await server.db.query("delete from users where id = $1", [gone.user.id]);
    await expect.poll(async () => (await me()).status, { timeout: 1000, interval: 20 }).toBe(401);

    const member = await server.registerCustomer();
    await server.db.query("update users set role = 'staff' where id = $1", [member.user.id]);
    const board = async () =>
      (await server.request("/api/staff/orders", { token: member.token })).status;
    expect(await board()).toBe(200);
    await server.db.query("update users set role = 'customer' where id = $1", [member.user.id]);
    await expect.poll(board, { timeout: 1000, interval: 20 }).toBe(403);
  });

  it.runIf(kind === "postgres")(
    "keeps hearing of removals after its listening connection is cut (reconnects; meanwhile reads nothing cached)",
    async () => {
      const gone = await server.registerCustomer();
      const me = async () => (await server.request("/auth/me", { token: gone.token })).status;
      expect(await me()).toBe(200);
      const [cut] = await server.db.query<{ count: number }>(
        `select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
         where datname = current_database() and query ilike 'listen %'`,
      );
      expect(cut!.count).toBeGreaterThan(0);
      await server.db.query("delete from users where id = $1", [gone.user.id]);
      await expect.poll(me, { timeout: 3000, interval: 20 }).toBe(401);

      // Listening again: a later removal is heard, the cache used meanwhile.
      await expect
        .poll(
          async () =>
            (
              await server.db.query<{ count: number }>(
                `select count(*)::int as count from pg_stat_activity
                 where datname = current_database() and query ilike 'listen %'`,
              )
            )[0]!.count,
          { timeout: 5000, interval: 50 },
        )
        .toBeGreaterThan(0);
      const later = await server.registerCustomer();
      const laterMe = async () => (await server.request("/auth/me", { token: later.token })).status;
      expect(await laterMe()).toBe(200);
      await server.db.query("delete from users where id = $1", [later.user.id]);
      await expect.poll(laterMe, { timeout: 1000, interval: 20 }).toBe(401);
    },
  );

  it("answers 401 when the account goes between its look-up and the write (the foreign key refuses it)", async () => {
    const racing = await server.registerCustomer();
    const vendors = await server.request<{ data: { id: number }[] }>("/api/vendors/list");
    const vendorId = vendors.body.data[0]!.id;
    const [item] = await server.db.query<{ id: number }>(
      `select mi.id from menu_items mi where mi.vendor_id = $1 and mi.available
       and not exists (select 1 from addon_groups g where g.menu_item_id = mi.id and (g.is_required or g.min_quantity > 0))
       order by mi.id limit 1`,
      [vendorId],
    );
    // The look-up saw the account; it is removed before the write reaches the database.
    const lookup = vi
      .spyOn(server.app.currentUsers, "get")
      .mockResolvedValue({ ...racing.user, role: "customer" });
    await server.db.query("delete from users where id = $1", [racing.user.id]);
    try {
      const add = await server.request<ErrorResponse>("/api/cart/add", {
        token: racing.token,
        body: { itemId: item!.id, vendorId, quantity: 1 },
      });
      expect(add.status, add.text).toBe(401);
      expect(add.body).toEqual({ message: "Your session has expired. Please sign in again." });
    } finally {
      lookup.mockRestore();
    }
    const [carts] = await server.db.query<{ count: number }>(
      "select count(*)::int as count from carts where user_id = $1",
      [racing.user.id],
    );
    expect(carts!.count).toBe(0);
  });

  it("lets a socket join the staff room only while the account holds the staff role", async () => {
    const member = await server.registerCustomer();
    await server.db.query("update users set role = 'staff' where id = $1", [member.user.id]);
    const joinStaffRoom = async () => {
      const socket = connect(server.baseUrl, {
        path: "/socket.io",
        transports: ["websocket"],
        forceNew: true,
        reconnection: false,
        auth: { token: member.token },
      });
      try {
        return await new Promise<unknown>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("no answer to join-staff-room")), 5000);
          const settle = (answer: unknown) => {
            clearTimeout(timer);
            resolve(answer);
          };
          socket.once(SOCKET_EVENTS.roomJoined, settle);
          socket.once(SOCKET_EVENTS.authError, settle);
          socket.once("connect", () => socket.emit(SOCKET_EVENTS.joinStaffRoom));
        });
      } finally {
        socket.close();
      }
    };
    expect(await joinStaffRoom()).toEqual({ room: STAFF_ROOM });

    await server.db.query("update users set role = 'customer' where id = $1", [member.user.id]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    expect(await joinStaffRoom()).toEqual({ message: SOCKET_MESSAGES.staffOnly });
  });

  it.runIf(kind === "postgres")(
    "treats a database that does not answer as an outage, not as a sign-out",
    async () => {
      const customer = await server.registerCustomer();
      const [row] = await server.db.query<{ name: string }>("select current_database() as name");
      const name = row?.name;
      const admin = new pg.Client({ connectionString: testDatabaseUrl });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
          [name],
        );
        // The database is cut off on purpose: the 5xx is the point, not part of the documented contract.
        const response = await server.request<ErrorResponse>("/auth/me", {
          token: customer.token,
          checkContract: false,
        });
        expect(response.status).toBeGreaterThanOrEqual(500);
        expect(response.body).toEqual({ message: expect.any(String) });
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
      // Back: the same token works again.
      await vi.waitFor(
        async () => {
          const again = await server.request("/auth/me", { token: customer.token });
          expect(again.status).toBe(200);
        },
        { timeout: 10_000, interval: 200 },
      );
    },
  );
});

describe("token and account caches", () => {
  it("never keeps a verified token past its expiry, and keeps at most the configured number", () => {
    let now = 1_700_000_000_000;
    const tokens = createTokenService("a-secret-for-the-cache-test", {
      now: () => now,
      cacheSize: 2,
    });
    const exp = Math.floor(now / 1000) + 60;
    const token = signed("a-secret-for-the-cache-test", { sub: "7", role: "customer", exp });

    expect(tokens.verifySync(token)?.id).toBe(7);
    expect(tokens.verifySync(token)?.id).toBe(7);
    expect(tokens.verifications).toBe(1);
    now += 61_000;
    expect(tokens.verifySync(token)).toBeNull();

    // A full cache drops its oldest entry: the first token is checked again.
    now = 1_700_000_000_000;
    const others = [1, 2, 3].map((n) =>
      signed("a-secret-for-the-cache-test", { sub: String(n), exp }),
    );
    for (const other of others) tokens.verifySync(other);
    const before = tokens.verifications;
    tokens.verifySync(others[0]!);
    expect(tokens.verifications).toBe(before + 1);
  });

  it("refuses other algorithms and tampered tokens", async () => {
    const tokens = createTokenService("secret-one");
    const token = await tokens.sign({
      id: 3,
      email: "c@foodpark.test",
      name: "C",
      role: "customer",
    });
    expect(tokens.verifySync(token)?.role).toBe("customer");
    const [head, body, signature] = token.split(".") as [string, string, string];
    const promoted = b64({
      ...JSON.parse(Buffer.from(body, "base64url").toString()),
      role: "staff",
    });
    expect(tokens.verifySync(`${head}.${promoted}.${signature}`)).toBeNull();
    expect(tokens.verifySync(`${b64({ alg: "HS512" })}.${body}.${signature}`)).toBeNull();
    expect(tokens.verifySync(`${b64({ alg: "none" })}.${body}.`)).toBeNull();
    expect(createTokenService("secret-two").verifySync(token)).toBeNull();
  });

  it("lets a database error through instead of answering 'no such account'", async () => {
    const failing = {
      query: async () => {
        throw new Error("connection refused");
      },
    };
    const users = createCurrentUsers(failing as never);
    await expect(users.get(1)).rejects.toThrow("connection refused");
  });
});
