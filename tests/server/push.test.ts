import { createPublicKey } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type PushPayload, pushPayloadSchema } from "@contract/push";
import { loadConfig } from "@server/config";
import type { OrderStatusChanged } from "@server/events";
import { resolveVapidDetails } from "@server/services/push/index";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderFixture } from "./helpers/order-fixtures";
import {
  createBrowserSubscriptionKeys,
  type PushReceiver,
  startPushReceiver,
} from "./helpers/push-receiver";
import {
  databaseKinds,
  type RegisteredCustomer,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const HTTPS_ENDPOINT = "https://push.example.com/send/";

function statusChange(
  customer: RegisteredCustomer,
  overrides: Partial<OrderStatusChanged> = {},
): OrderStatusChanged {
  return {
    orderId: 42,
    userId: customer.user.id,
    vendorId: 1,
    vendorName: "Smokey Joe's BBQ",
    status: "ready",
    previousStatus: "preparing",
    ...overrides,
  };
}

async function eventually<T>(
  check: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databaseKinds)("web push on %s", (kind) => {
  let server: TestServer;
  let receiver: PushReceiver;

  beforeAll(async () => {
    [server, receiver] = await Promise.all([
      startTestServer({ kind, config: { pushAllowPrivateEndpoints: true } }),
      startPushReceiver(),
    ]);
  });

  afterAll(async () => {
    await server?.close();
    await receiver?.close();
  });

  const endpointsOf = async (userId: number) =>
    (
      await server.db.query<{ endpoint: string }>(
        "select endpoint from push_subscriptions where user_id = $1",
        [userId],
      )
    ).map((row) => row.endpoint);

  /**
   * Real push services are https (the API refuses anything else); the stand-in runs on plain http,
   * so tests register it through the service, one layer below the contract.
   */
  async function subscribeToReceiver(customer: RegisteredCustomer, name: string, status?: number) {
    const browser = createBrowserSubscriptionKeys();
    const endpoint = receiver.endpoint(name, status);
    await server.app.services.push.subscribe(customer.user.id, { endpoint, keys: browser.keys });
    return { ...browser, endpoint };
  }

  describe("GET /api/push/public-key", () => {
    it("answers the VAPID public key (an uncompressed P-256 point) to anyone", async () => {
      const response = await server.request<{ publicKey: string }>("/api/push/public-key");
      expect(response.status).toBe(200);
      const key = Buffer.from(response.body.publicKey, "base64url");
      expect(key).toHaveLength(65);
      expect(key[0]).toBe(4);
    });
  });

  describe("POST /api/push/subscribe", () => {
    it("needs a signed-in user", async () => {
      const response = await server.request("/api/push/subscribe", {
        body: { endpoint: `${HTTPS_ENDPOINT}anon`, keys: createBrowserSubscriptionKeys().keys },
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: expect.any(String) });
    });

    it.each([
      ["a missing endpoint", { keys: createBrowserSubscriptionKeys().keys }],
      [
        "an endpoint that is not a URL",
        { endpoint: "not a url", keys: createBrowserSubscriptionKeys().keys },
      ],
      [
        "a plain-http endpoint",
        { endpoint: "http://10.0.0.1/internal", keys: createBrowserSubscriptionKeys().keys },
      ],
      ["missing keys", { endpoint: `${HTTPS_ENDPOINT}a` }],
      [
        "keys that are not base64url",
        { endpoint: `${HTTPS_ENDPOINT}b`, keys: { p256dh: "not base64!", auth: "x" } },
      ],
      [
        "a p256dh that is not a P-256 key",
        {
          endpoint: `${HTTPS_ENDPOINT}c`,
          keys: { p256dh: "AAAA", auth: "AAAAAAAAAAAAAAAAAAAAAA" },
        },
      ],
      [
        "an auth secret of the wrong size",
        {
          endpoint: `${HTTPS_ENDPOINT}d`,
          keys: { ...createBrowserSubscriptionKeys().keys, auth: "AAAA" },
        },
      ],
    ])("refuses %s with 400 and a message", async (_case, body) => {
      const customer = await server.registerCustomer();
      const response = await server.request<{ message: string }>("/api/push/subscribe", {
        body,
        token: customer.token,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
      expect(await endpointsOf(customer.user.id)).toEqual([]);
    });

    it("stores the subscription, and moves an endpoint to whoever subscribes it last", async () => {
      const [first, second] = [await server.registerCustomer(), await server.registerCustomer()];
      const body = {
        endpoint: `${HTTPS_ENDPOINT}shared-phone`,
        expirationTime: null,
        keys: createBrowserSubscriptionKeys().keys,
      };

      const created = await server.request("/api/push/subscribe", { body, token: first.token });
      expect(created.status).toBe(201);
      expect(await endpointsOf(first.user.id)).toEqual([body.endpoint]);

      const again = await server.request("/api/push/subscribe", { body, token: second.token });
      expect(again.status).toBe(201);
      expect(await endpointsOf(first.user.id)).toEqual([]);
      expect(await endpointsOf(second.user.id)).toEqual([body.endpoint]);
    });
  });

  describe("DELETE /api/push/subscribe", () => {
    it("removes only the caller's own subscription", async () => {
      const [owner, other] = [await server.registerCustomer(), await server.registerCustomer()];
      const endpoint = `${HTTPS_ENDPOINT}owned`;
      await server.request("/api/push/subscribe", {
        body: { endpoint, keys: createBrowserSubscriptionKeys().keys },
        token: owner.token,
      });

      expect(
        (await server.request("/api/push/subscribe", { method: "DELETE", body: { endpoint } }))
          .status,
      ).toBe(401);
      const foreign = await server.request("/api/push/subscribe", {
        method: "DELETE",
        body: { endpoint },
        token: other.token,
      });
      expect(foreign.status).toBe(404);
      expect(await endpointsOf(owner.user.id)).toEqual([endpoint]);

      const own = await server.request("/api/push/subscribe", {
        method: "DELETE",
        body: { endpoint },
        token: owner.token,
      });
      expect(own.status).toBe(200);
      expect(await endpointsOf(owner.user.id)).toEqual([]);
    });

    it("refuses a body without an endpoint", async () => {
      const customer = await server.registerCustomer();
      const response = await server.request("/api/push/subscribe", {
        method: "DELETE",
        body: {},
        token: customer.token,
      });
      expect(response.status).toBe(400);
    });
  });

  describe("when a staff member changes an order's status", () => {
    const patchStatus = async (orderId: number, status: string) =>
      server.request(`/api/staff/orders/${orderId}`, {
        method: "PATCH",
        body: { status },
        token: await server.login("staff@foodpark.test", "staff-password"),
      });

    it("the customer's subscription receives the new status, naming the vendor", async () => {
      const customer = await server.registerCustomer();
      const order = await createOrderFixture(server.db, {
        userId: customer.user.id,
        status: "preparing",
      });
      const device = await subscribeToReceiver(customer, "staff-change");

      expect((await patchStatus(order.id, "ready")).status).toBe(200);

      const push = await receiver.next("staff-change");
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(push.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
      expect(JSON.parse(device.decrypt(push.body))).toEqual({
        type: "order-status",
        orderId: order.id,
        status: "ready",
        vendorName: order.vendorName,
        title: `${order.vendorName} · Order #${order.id}`,
        body: `Your order from ${order.vendorName} is ready for pickup.`,
        url: `/order/${order.id}`,
        // The service worker's word that it showed this one: good for this order and status only.
        noticeToken: expect.stringMatching(new RegExp(`^fpnotice\\.${order.id}\\.ready\\.`)),
      });
    });

    it("still succeeds when the push service fails or is unreachable", async () => {
      const customer = await server.registerCustomer();
      const order = await createOrderFixture(server.db, {
        userId: customer.user.id,
        status: "confirmed",
      });
      await subscribeToReceiver(customer, "staff-change-broken", 500);
      await server.app.services.push.subscribe(customer.user.id, {
        endpoint: "http://127.0.0.1:9/push/nobody-listens",
        keys: createBrowserSubscriptionKeys().keys,
      });

      const response = await patchStatus(order.id, "preparing");

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: "preparing" });
      await receiver.next("staff-change-broken");
    });
  });

  describe("on an order status change", () => {
    it("sends an encrypted aes128gcm push with VAPID authorisation to each of the customer's subscriptions", async () => {
      const customer = await server.registerCustomer();
      const bystander = await server.registerCustomer();
      const phone = await subscribeToReceiver(customer, "phone");
      const laptop = await subscribeToReceiver(customer, "laptop");
      await subscribeToReceiver(bystander, "bystander");
      const { body: keyBody } = await server.request<{ publicKey: string }>("/api/push/public-key");

      server.app.events.emit("orderStatusChanged", statusChange(customer));
      const [toPhone, toLaptop] = await Promise.all([
        receiver.next("phone"),
        receiver.next("laptop"),
      ]);

      expect(toPhone.headers["content-encoding"]).toBe("aes128gcm");
      expect(toPhone.headers["content-type"]).toBe("application/octet-stream");
      expect(toPhone.headers.ttl).toBe("3600");
      expect(toPhone.headers.urgency).toBe("high");
      const authorization = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
        toPhone.headers.authorization ?? "",
      );
      expect(authorization?.[2]).toBe(keyBody.publicKey);
      const vapidKey = Buffer.from(keyBody.publicKey, "base64url");
      const verifier = createPublicKey({
        format: "jwk",
        key: {
          kty: "EC",
          crv: "P-256",
          x: vapidKey.subarray(1, 33).toString("base64url"),
          y: vapidKey.subarray(33).toString("base64url"),
        },
      });
      const { payload: claims } = await jwtVerify(authorization![1]!, verifier);
      expect(claims.aud).toBe(new URL(phone.endpoint).origin);

      const expected: PushPayload = {
        type: "order-status",
        orderId: 42,
        status: "ready",
        vendorName: "Smokey Joe's BBQ",
        title: "Smokey Joe's BBQ · Order #42",
        body: "Your order from Smokey Joe's BBQ is ready for pickup.",
        url: "/order/42",
        noticeToken: expect.stringMatching(/^fpnotice\.42\.ready\./) as unknown as string,
      };
      const delivered = pushPayloadSchema.parse(JSON.parse(phone.decrypt(toPhone.body)));
      expect(delivered).toEqual(expected);
      expect(JSON.parse(laptop.decrypt(toLaptop.body))).toEqual(expected);

      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(receiver.received.some((push) => push.path.endsWith("/bystander"))).toBe(false);
      const rows = await server.db.query<{ last_success_at: Date | null }>(
        "select last_success_at from push_subscriptions where endpoint = $1",
        [phone.endpoint],
      );
      expect(rows[0]?.last_success_at).not.toBeNull();
    });

    it("names the trailer in every status text (one builder, contract/order-status.ts)", async () => {
      const customer = await server.registerCustomer();
      const texts: Record<string, string> = {};
      for (const status of ["confirmed", "preparing", "cancelled", "pending_payment"] as const) {
        const device = await subscribeToReceiver(customer, `texts-${status}`);
        server.app.events.emit("orderStatusChanged", statusChange(customer, { status }));
        texts[status] = JSON.parse(
          device.decrypt((await receiver.next(`texts-${status}`)).body),
        ).body;
        await server.app.services.push.unsubscribe(customer.user.id, device.endpoint);
      }
      expect(texts).toEqual({
        confirmed: "Your order from Smokey Joe's BBQ has been confirmed.",
        preparing: "Your order from Smokey Joe's BBQ is being prepared.",
        cancelled: "Your order from Smokey Joe's BBQ has been cancelled.",
        pending_payment: "Your order from Smokey Joe's BBQ is waiting for payment at the counter.",
      });
    });

    it("removes a subscription the push service answers 410 or 404 to", async () => {
      const customer = await server.registerCustomer();
      const gone = await subscribeToReceiver(customer, "gone", 410);
      const missing = await subscribeToReceiver(customer, "missing", 404);
      const kept = await subscribeToReceiver(customer, "kept");

      server.app.events.emit("orderStatusChanged", statusChange(customer));
      await Promise.all([receiver.next("gone"), receiver.next("missing"), receiver.next("kept")]);

      const remaining = await eventually(
        () => endpointsOf(customer.user.id),
        (endpoints) => endpoints.length === 1,
      );
      expect(remaining).toEqual([kept.endpoint]);
      expect(remaining).not.toContain(gone.endpoint);
      expect(remaining).not.toContain(missing.endpoint);
    });

    it("never lets a failing push break the status change", async () => {
      const customer = await server.registerCustomer();
      const broken = await subscribeToReceiver(customer, "broken", 500);
      const unreachable = "http://127.0.0.1:9/push/nobody-listens";
      await server.app.services.push.subscribe(customer.user.id, {
        endpoint: unreachable,
        keys: createBrowserSubscriptionKeys().keys,
      });
      const healthy = await subscribeToReceiver(customer, "healthy");

      expect(() =>
        server.app.events.emit("orderStatusChanged", statusChange(customer)),
      ).not.toThrow();
      await Promise.all([receiver.next("broken"), receiver.next("healthy")]);

      // A server error or an unreachable service is not a reason to forget the subscription.
      const outcomes = await server.app.services.push.notifyOrderStatus(statusChange(customer));
      expect(outcomes.map((outcome) => outcome.result).sort()).toEqual([
        "failed",
        "failed",
        "sent",
      ]);
      expect((await endpointsOf(customer.user.id)).sort()).toEqual(
        [broken.endpoint, healthy.endpoint, unreachable].sort(),
      );
      expect((await server.request("/healthz")).status).toBe(200);
    });
  });
});

describe("VAPID keys", () => {
  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-vapid-"));
  // The server's defaults: no keys in the environment, the default contact.
  const defaults = loadConfig({});

  it("are generated once into DATA_DIR/vapid.json (mode 600) and reused", () => {
    const dataDir = tempDir();
    const first = resolveVapidDetails({ ...defaults, dataDir });
    const second = resolveVapidDetails({ ...defaults, dataDir });
    expect(second).toEqual(first);
    const file = path.join(dataDir, "vapid.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).publicKey).toBe(first.publicKey);
    expect(first.subject).toMatch(/^mailto:/);
  });

  it("come from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT when set, writing nothing", () => {
    const dataDir = tempDir();
    const generated = resolveVapidDetails({ ...defaults, dataDir: tempDir() });
    const fromEnv = resolveVapidDetails({
      ...defaults,
      dataDir,
      vapidPublicKey: generated.publicKey,
      vapidPrivateKey: generated.privateKey,
      vapidSubject: "https://foodpark.example/contact",
    });
    expect(fromEnv).toEqual({ ...generated, subject: "https://foodpark.example/contact" });
    expect(fs.existsSync(path.join(dataDir, "vapid.json"))).toBe(false);
  });

  it("refuse half a key pair or a malformed subject at start", () => {
    const generated = resolveVapidDetails({ ...defaults, dataDir: tempDir() });
    expect(() =>
      resolveVapidDetails({ ...defaults, dataDir: tempDir(), vapidPublicKey: generated.publicKey }),
    ).toThrow(/both/);
    expect(() =>
      resolveVapidDetails({
        ...defaults,
        dataDir: tempDir(),
        vapidPublicKey: generated.publicKey,
        vapidPrivateKey: generated.privateKey,
        vapidSubject: "not-a-contact",
      }),
    ).toThrow(/subject/i);
  });
});
