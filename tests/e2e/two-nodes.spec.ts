/**
 * Two server processes (the production build) on one fresh PostgreSQL database and one Redis,
 * started at the same moment; then what a customer and the staff see across them, and a customer who survives
 * the node their socket is on going away (through nginx with deploy/nginx/foodpark.conf.template, the configuration
 * docs/deploy.md recommends, rendered by scripts/nginx.mjs).
 * Uses the machine's PostgreSQL and Redis (tests/services.ts).
 */
import { createECDH, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  type APIRequestContext,
  expect,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { io as connect, type Socket } from "socket.io-client";
import { startNginx } from "../../scripts/nginx.mjs";
import { type Cluster, freePort, type Node, startCluster } from "./cluster";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  roomJoined,
  type Session,
  STAFF,
  signedInContext,
} from "./order-helpers";

test.describe.configure({ mode: "serial" });

let cluster: Cluster;
let a: Node;
let b: Node;
const contexts: APIRequestContext[] = [];
const sockets: Socket[] = [];

const apiOn = async (node: Node) => {
  const context = await playwrightRequest.newContext({ baseURL: node.baseUrl });
  contexts.push(context);
  return context;
};

function next<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** A socket on `node`, signed in as `session`, in its own room (and the staff room for staff). */
async function socketOn(node: Node, session: Session, staff = false): Promise<Socket> {
  const socket = connect(node.baseUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    forceNew: true,
  });
  sockets.push(socket);
  await next(socket, "connect");
  socket.emit("user-auth", { token: session.token });
  const joined = next<{ room: string }>(socket, "room-joined");
  if (staff) socket.emit("join-staff-room");
  else socket.emit("join-user-room", session.user.id);
  await joined;
  return socket;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster(2);
  [a, b] = cluster.nodes as [Node, Node];
});

test.afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const context of contexts) await context.dispose();
  await cluster?.close();
});

test("two nodes started together on an empty database migrate and seed it once", async () => {
  const files = fs
    .readdirSync(path.resolve("server/src/db/migrations"))
    .filter((file) => file.endsWith(".sql"));
  const migrations = await cluster.query<{ version: number }>(
    "select version from schema_migrations",
  );
  expect(migrations).toHaveLength(files.length);
  const [vendors] = await cluster.query<{ count: number; slugs: number }>(
    "select count(*)::int as count, count(distinct slug)::int as slugs from vendors",
  );
  expect(vendors!.count).toBeGreaterThan(0);
  expect(vendors!.slugs).toBe(vendors!.count);
  const demo = await cluster.query("select email from users where email like '%@foodpark.test'");
  expect(demo).toHaveLength(2);
  // One JWT secret for both: a token from A is good on B.
  const session = await apiLogin(await apiOn(a), STAFF.email, STAFF.password);
  const me = await (await apiOn(b)).get("/auth/me", {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(me.status()).toBe(200);
});

test("a staff socket on B hears an order placed on A; the customer's socket on A hears B's status change", async () => {
  const onA = await apiOn(a);
  const onB = await apiOn(b);
  const staff = await apiLogin(onB, STAFF.email, STAFF.password);
  const staffSocket = await socketOn(b, staff, true);
  const customer = await apiNewCustomer(onA, "Nora Nodes");
  const customerSocket = await socketOn(a, customer);

  const placedHeard = next<{ kind: string; orderId: number }>(staffSocket, "staff-order-changed");
  const [vendor] = await openVendors(onA);
  const [item] = await menuOf(onA, vendor!.id);
  const order = await placeCashOrder(onA, customer, vendor!.id, [{ itemId: item!.id }]);
  expect(await placedHeard).toMatchObject({ kind: "placed", orderId: order.id });

  const statusHeard = next<{ orderId: number; status: string }>(
    customerSocket,
    "order-status-notification",
  );
  const moved = await onB.patch(`/api/staff/orders/${order.id}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { status: "confirmed" },
  });
  expect(moved.status()).toBe(200);
  expect(await statusHeard).toMatchObject({ orderId: order.id, status: "confirmed" });
});

test("an item marked sold out on B reads sold out on A within 2 s, and A's customer hears catalogue-changed", async () => {
  const onA = await apiOn(a);
  const onB = await apiOn(b);
  const staff = await apiLogin(onB, STAFF.email, STAFF.password);
  const customer = await apiNewCustomer(onA, "Sol Dout");
  const customerSocket = await socketOn(a, customer);
  const [vendor] = await openVendors(onA);
  const [item] = await menuOf(onA, vendor!.id);
  const soldOutOnA = async () => {
    const response = await onA.get(`/api/vendors/${vendor!.id}/items`);
    const body = (await response.json()) as {
      items: { items: { id: string; soldOut?: boolean }[] }[];
    };
    return body.items
      .flatMap((group) => group.items)
      .find((entry) => entry.id === `item_${item!.id}`)?.soldOut;
  };
  expect(await soldOutOnA()).toBe(false);

  const heard = next(customerSocket, "catalogue-changed", 2_000);
  const marked = await onB.patch(`/api/staff/menu-items/${item!.id}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { soldOut: true },
  });
  const markedAt = Date.now();
  expect(marked.status()).toBe(200);
  await heard;
  await expect.poll(soldOutOnA, { timeout: 2_000, intervals: [100] }).toBe(true);
  expect(Date.now() - markedAt).toBeLessThan(2_000);
  const refused = await onA.post("/api/cart/add", {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { itemId: item!.id, vendorId: vendor!.id, quantity: 1 },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toBe(`${item!.name} is sold out`);

  await onB.patch(`/api/staff/menu-items/${item!.id}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    data: { soldOut: false },
  });
  await expect.poll(soldOutOnA, { timeout: 2_000, intervals: [100] }).toBe(false);
});

test("the same Idempotency-Key sent to both nodes at once makes one order", async () => {
  const onA = await apiOn(a);
  const onB = await apiOn(b);
  const customer = await apiNewCustomer(onA, "Ida Empotent");
  const [vendor] = await openVendors(onA);
  const [item] = await menuOf(onA, vendor!.id);
  // The item's required choices take their defaults.
  const groups = (await (await onA.get(`/api/menu-items/${item!.id}/addon-groups`)).json()) as {
    addonGroups: { id: number; min_quantity: number; addons: { id: number; default: boolean }[] }[];
  };
  const addonSelections = groups.addonGroups
    .filter((group) => group.min_quantity > 0)
    .map((group) => ({
      addonGroupId: group.id,
      addonId: (group.addons.find((addon) => addon.default) ?? group.addons[0]!).id,
      quantity: 1,
    }));
  const cart = await onA.post("/api/cart/add-with-addons", {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      itemId: item!.id,
      quantity: 2,
      vendorId: vendor!.id,
      orderType: "takeaway",
      addonSelections,
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const key = `two-nodes-${randomBytes(8).toString("hex")}`;
  const place = (context: APIRequestContext) =>
    context.post("/api/orders", {
      headers: { Authorization: `Bearer ${customer.token}`, "Idempotency-Key": key },
      data: {
        vendorId: vendor!.id,
        orderType: "takeaway",
        paymentMethod: "cash_at_counter",
        items: [],
      },
    });

  const answers = await Promise.all([place(onA), place(onB), place(onA), place(onB)]);

  const ids = new Set<number>();
  for (const answer of answers) {
    expect([200, 201], await answer.text()).toContain(answer.status());
    ids.add(((await answer.json()) as { id: number }).id);
  }
  expect(ids.size).toBe(1);
  const rows = await cluster.query("select id from orders where user_id = $1", [customer.user.id]);
  expect(rows).toHaveLength(1);
});

test("failed sign-ins spread over both nodes meet one shared limit", async () => {
  // The guesses come from devices that never signed in (no device cookie): the account's shared limit applies.
  const customer = await apiNewCustomer(await apiOn(a), "Lara Limits");
  const onA = await apiOn(a);
  const onB = await apiOn(b);
  const login = (context: APIRequestContext, password: string) =>
    context.post("/auth/login", { data: { email: customer.user.email, password } });
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await login(attempt % 2 === 0 ? onA : onB, "wrong-password");
    expect(answer.status()).toBe(401);
  }
  for (const context of [onA, onB]) {
    const refused = await login(context, "a-long-password");
    expect(refused.status()).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many failed sign-in attempts/,
    );
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  }
});

test("a status change made on B sends one web push per subscription, not one per node", async () => {
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(request.url ?? "");
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const onA = await apiOn(a);
    const onB = await apiOn(b);
    const customer = await apiNewCustomer(onA, "Pia Push");
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push/${customer.user.id}`;
    // Real push services are https (the API refuses anything else); the stand-in is plain http on 127.0.0.1,
    // so its subscription goes straight into the shared database, one layer below the contract.
    await cluster.query(
      "insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)",
      [
        customer.user.id,
        endpoint,
        ecdh.getPublicKey().toString("base64url"),
        randomBytes(16).toString("base64url"),
      ],
    );
    const [vendor] = await openVendors(onA);
    const [item] = await menuOf(onA, vendor!.id);
    const order = await placeCashOrder(onA, customer, vendor!.id, [{ itemId: item!.id }]);
    const staff = await apiLogin(onB, STAFF.email, STAFF.password);
    const moved = await onB.patch(`/api/staff/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
      data: { status: "confirmed" },
    });
    expect(moved.status()).toBe(200);

    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    // Give a second node every chance to send a duplicate.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(received).toEqual([`/push/${customer.user.id}`]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("through nginx, socket.io's polling fallback works with both nodes in the pool: each client stays on one node", async () => {
  const lb = await startNginx({
    port: await freePort(),
    backends: [a, b].map((node) => ({ host: "127.0.0.1", port: node.port })),
  });
  try {
    const viaLb = await playwrightRequest.newContext({ baseURL: lb.baseUrl });
    contexts.push(viaLb);
    const customer = await apiNewCustomer(viaLb, "Polly Polling");
    // Six clients, each with its own cookie jar (as six phones): a polling session whose requests reached the
    // other node would be refused ("Session ID unknown") and never join its room.
    const polling = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const socket = connect(lb.baseUrl, {
          path: "/socket.io",
          transports: ["polling"],
          withCredentials: true,
          forceNew: true,
          reconnection: false,
        });
        sockets.push(socket);
        await next(socket, "connect");
        const joined = next<{ room: string }>(socket, "room-joined");
        socket.emit("user-auth", { token: customer.token });
        socket.emit("join-user-room", customer.user.id);
        await joined;
        return socket;
      }),
    );
    const [vendor] = await openVendors(viaLb);
    const [item] = await menuOf(viaLb, vendor!.id);
    const order = await placeCashOrder(viaLb, customer, vendor!.id, [{ itemId: item!.id }]);
    const heard = polling.map((socket) =>
      next<{ orderId: number; status: string }>(socket, "order-status-notification"),
    );
    const staff = await apiLogin(await apiOn(b), STAFF.email, STAFF.password);
    const moved = await (await apiOn(b)).patch(`/api/staff/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
      data: { status: "confirmed" },
    });
    expect(moved.status()).toBe(200);
    for (const status of await Promise.all(heard))
      expect(status).toMatchObject({ orderId: order.id, status: "confirmed" });
    for (const socket of polling) expect(socket.io.engine.transport.name).toBe("polling");
  } finally {
    await lb.close();
  }
});

test("a customer whose node stops reconnects through the load balancer and sees the new status in seconds", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const lb = await startNginx({
    port: await freePort(),
    backends: [{ host: "127.0.0.1", port: a.port }],
  });
  try {
    const viaLb = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${lb.port}` });
    contexts.push(viaLb);
    const customer = await apiNewCustomer(viaLb, "Rhea Restart");
    const [vendor] = await openVendors(viaLb);
    const [item] = await menuOf(viaLb, vendor!.id);
    const order = await placeCashOrder(viaLb, customer, vendor!.id, [{ itemId: item!.id }]);

    // Everything the page opens goes to A for now: its live socket is on A.
    const { context, page } = await signedInContext(browser, customer, {
      baseURL: `http://127.0.0.1:${lb.port}`,
      viewport: { width: 390, height: 844 },
    });
    const joined = roomJoined(page);
    await page.goto(`/order/${order.id}`);
    await expect(page.getByRole("heading", { name: `Order #${order.id}` })).toBeVisible();
    await expect(page.getByText("Pending Payment", { exact: true }).first()).toBeVisible();
    await joined;

    // A rolling restart: B joins the pool (nginx reloads its configuration), A stops.
    await lb.setBackends([
      { host: "127.0.0.1", port: a.port },
      { host: "127.0.0.1", port: b.port },
    ]);
    await a.stop("SIGTERM");
    const staff = await apiLogin(await apiOn(b), STAFF.email, STAFF.password);
    const moved = await (await apiOn(b)).patch(`/api/staff/orders/${order.id}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
      data: { status: "confirmed" },
    });
    expect(moved.status()).toBe(200);
    const changedAt = Date.now();

    // Well inside the 30-second refresh: the reconnect (1 s, up to 5 s) to B brings the current status.
    await expect(page.locator(".status-banner")).toHaveText("Order Confirmed", { timeout: 10_000 });
    const seconds = (Date.now() - changedAt) / 1000;
    const note = `status shown ${seconds.toFixed(1)} s after the change made on B while A was stopped`;
    test.info().annotations.push({ type: "failover", description: note });
    console.log(`failover: ${note}`);
    expect(seconds).toBeLessThan(10);
    await page.screenshot({ path: test.info().outputPath("after-failover.png") });
    await context.close();
  } finally {
    await lb.close();
  }
});
