import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  createSafeTransport,
  isPrivateAddress,
  publicOnlyLookup,
  pushEndpointProblem,
} from "@server/services/push/endpoint-policy.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserSubscriptionKeys } from "../helpers/push-receiver";
import { startTestServer, type TestServer } from "../helpers/test-server";

describe("push endpoints: https on public hosts only", () => {
  it.each([
    "https://127.0.0.1/push",
    "https://localhost/push",
    "https://api.localhost/push",
    "https://2130706433/push", // 127.0.0.1 as one decimal number
    "https://0x7f.1/push", // 127.0.0.1 in hex shorthand
    "https://0177.0.0.1/push", // octal
    "https://10.1.2.3/push",
    "https://172.16.0.1/push",
    "https://192.168.1.10/push",
    "https://169.254.169.254/latest/meta-data", // cloud metadata
    "https://100.64.0.1/push",
    "https://0.0.0.0/push",
    "https://[::1]/push",
    "https://[::ffff:127.0.0.1]/push",
    "https://[::ffff:7f00:1]/push",
    "https://[fd00::1]/push",
    "https://[fe80::1]/push",
    "https://[64:ff9b::a00:1]/push",
    "https://[::127.0.0.1]/push", // IPv4-compatible loopback
    "https://[::ffff:0:7f00:1]/push", // IPv4-translated loopback
    "https://[::ffff:0:127.0.0.1]/push",
    "https://[::10.0.0.1]/push",
    "https://[::]/push",
    "https://[fc00::1]/push",
    "https://[ff02::1]/push",
    "https://[::ffff:169.254.169.254]/push",
    "https://printer.local/push",
    "https://intranet/push",
    "https://fcm.googleapis.com:8443/push", // only the standard port
    "https://user:pass@fcm.googleapis.com/push",
    "http://fcm.googleapis.com/push",
    "ftp://fcm.googleapis.com/push",
    "not a url",
  ])("refuses %s", (endpoint) => {
    expect(pushEndpointProblem(endpoint)).not.toBeNull();
  });

  it.each([
    "https://fcm.googleapis.com/fcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/abc",
    "https://web.push.apple.com/QGabc",
    "https://[2606:4700::1111]/push",
    "https://8.8.8.8/push",
  ])("accepts %s", (endpoint) => {
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it("classifies addresses", () => {
    expect(isPrivateAddress("127.0.0.1")).toBe(true);
    expect(isPrivateAddress("::ffff:10.0.0.1")).toBe(true);
    expect(isPrivateAddress("1.1.1.1")).toBe(false);
    expect(isPrivateAddress("2606:4700::1111")).toBe(false);
    expect(isPrivateAddress("not-an-ip")).toBe(true);
    for (const address of [
      "::127.0.0.1",
      "::ffff:0:7f00:1",
      "::ffff:127.0.0.1",
      "::",
      "fe80::1",
      "fc00::1",
      "::ffff:0:a00:1",
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });
});

describe("push endpoints at the API and at send", () => {
  let server: TestServer;
  let target: http.Server;
  let hits = 0;
  let port = 0;

  beforeAll(async () => {
    server = await startTestServer();
    target = http.createServer((_request, response) => {
      hits += 1;
      response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end();
    });
    await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
    port = (target.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it("answers 400 {message} to a subscription on a loopback or private address", async () => {
    const customer = await server.registerCustomer();
    for (const endpoint of [
      "https://127.0.0.1/push/x",
      "https://[::1]/x",
      "https://192.168.0.5/x",
      "https://2130706433/x",
    ]) {
      const response = await server.request<{ message: string }>("/api/push/subscribe", {
        token: customer.token,
        body: { endpoint, keys: createBrowserSubscriptionKeys().keys },
      });
      expect(response.status, endpoint).toBe(400);
      expect(response.body.message).toMatch(/public host|https/);
    }
    const [{ count }] = (await server.db.query<{ count: number }>(
      "select count(*)::int as count from push_subscriptions where user_id = $1",
      [customer.user.id],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("refuses at send a name that resolves to a private address, and an endpoint stored before the rules", async () => {
    const send = createSafeTransport(false);
    const request = { method: "POST", headers: {}, body: new Uint8Array([1]) };
    await expect(send({ ...request, endpoint: "https://localhost./push" })).rejects.toThrow(
      /refused/,
    );
    await expect(send({ ...request, endpoint: `http://127.0.0.1:${port}/push` })).rejects.toThrow(
      /refused/,
    );
    // The DNS guard every push connection uses: a name resolving to loopback fails the connection itself.
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("localhost", {}, (error) => resolve(error)),
    );
    expect(looked?.code).toBe("EPUSHPRIVATE");
    const publicLookup = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup("8.8.8.8", {}, (error) => resolve(error)),
    );
    expect(publicLookup).toBeNull();
    expect(hits).toBe(0);
  });

  it("never follows a redirect (test receivers allowed): the 3xx is the answer", async () => {
    const send = createSafeTransport(true);
    const status = await send({
      method: "POST",
      headers: {},
      body: new Uint8Array([1]),
      endpoint: `http://127.0.0.1:${port}/push`,
    });
    expect(status).toBe(302);
    expect(hits).toBe(1);
  });
});
