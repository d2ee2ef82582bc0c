/**
 * Login limits that hold and fit a park — per account from any address, per address for any
 * email (generous), sign-ups per address, plate lookups; emails normalised; client addresses from X-Forwarded-For
 * only with TRUST_PROXY_HOPS. Runs on the in-process counters and on the Redis ones.
 */

import type { LoginResponse, RegisterResponse } from "@contract/auth";
import type { ErrorResponse } from "@contract/errors";
import {
  DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS,
  DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES,
  loadConfig,
} from "@server/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys, randomRedisPrefix, testRedisUrl } from "./helpers/redis";
import { startTestServer, type TestServer, uniqueEmail } from "./helpers/test-server";

const stores = ["memory", "redis"] as const;
let addressCounter = 0;
/** A documentation-range address of its own per call (TEST-NET-3), as a proxy would forward it. */
const freshAddress = () => {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};
const ACCOUNT_LOCKED =
  /^Too many failed sign-in attempts for this account\. Please wait \d+ (minutes|seconds) and try again\.$/;
const ADDRESS_LOCKED =
  /^Too many failed sign-in attempts from your network\. Please wait \d+ (minutes|seconds) and try again\.$/;

/** `name=value` of the device cookie a sign-in response sets. */
function deviceCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith("fp_device_"));
  if (!cookie) throw new Error("no device cookie was set");
  return cookie.split(";")[0]!;
}

describe.each(stores)("login limits (%s counters)", (store) => {
  const prefix = randomRedisPrefix();
  let server: TestServer;

  /** The server's real defaults (not the tests' generous ones), behind one trusted proxy. */
  const defaults = loadConfig({});
  const limits = {
    trustProxyHops: 1,
    loginMaxFailuresPerAccount: defaults.loginMaxFailuresPerAccount,
    loginMaxFailuresPerAddress: defaults.loginMaxFailuresPerAddress,
    registerRateLimitPer10Minutes: defaults.registerRateLimitPer10Minutes,
    loginRateLimitPerMinute: defaults.loginRateLimitPerMinute,
    ...(store === "redis" ? { redisUrl: testRedisUrl, redisKeyPrefix: prefix } : {}),
  };

  const login = (email: string, password: string, address: string, deviceCookie?: string) =>
    server.request<LoginResponse & ErrorResponse>("/auth/login", {
      body: { email, password },
      headers: {
        "x-forwarded-for": address,
        ...(deviceCookie ? { cookie: deviceCookie } : {}),
      },
    });
  /** Signs in once (as on the customer's own phone) and keeps the device cookie the server sets. */
  const signInOnPhone = async (email: string, password: string) => {
    const response = await login(email, password, freshAddress());
    expect(response.status).toBe(200);
    return deviceCookieOf(response.headers);
  };

  beforeAll(async () => {
    server = await startTestServer({ config: limits });
  });

  afterAll(async () => {
    await server?.close();
    await deleteRedisKeys(prefix);
  });

  it("uses the documented defaults: 10 failures per account, 100 per address, 60 sign-ups per 10 minutes", () => {
    expect(DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(10);
    expect(DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS).toBe(100);
    expect(DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES).toBeGreaterThanOrEqual(30);
  });

  it("locks an account after 10 failures from 10 different addresses, even for the right password", async () => {
    const customer = await server.registerCustomer();
    for (let attempt = 0; attempt < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      const wrong = await login(customer.email, "wrong-password", freshAddress());
      expect(wrong.status).toBe(401);
    }

    const locked = await login(customer.email, customer.password, freshAddress());

    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: expect.stringMatching(ACCOUNT_LOCKED) });
    expect(locked.body.message).toContain("15 minutes");
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await server.registerCustomer();
    expect((await login(other.email, other.password, freshAddress())).status).toBe(200);
  });

  it("starts an account afresh after a successful sign-in", async () => {
    const customer = await server.registerCustomer();
    const address = freshAddress();
    for (let attempt = 0; attempt < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; attempt++) {
      expect((await login(customer.email, "wrong-password", address)).status).toBe(401);
    }
    expect((await login(customer.email, customer.password, address)).status).toBe(200);
    for (let attempt = 0; attempt < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT - 1; attempt++) {
      expect((await login(customer.email, "wrong-password", address)).status).toBe(401);
    }
    expect((await login(customer.email, customer.password, address)).status).toBe(200);
  });

  it("counts padded and upper-case spellings of an email as the same account, and signs them in", async () => {
    const customer = await server.registerCustomer();
    const padded = `  ${customer.email.toUpperCase()} `;
    const signedIn = await login(padded, customer.password, freshAddress());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(customer.user.id);

    const spellings = [
      padded,
      customer.email,
      `${customer.email} `,
      ` ${customer.email}`,
      customer.email.toUpperCase(),
    ];
    for (let attempt = 0; attempt < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT; attempt++) {
      const spelling = spellings[attempt % spellings.length] ?? customer.email;
      expect((await login(spelling, "wrong-password", freshAddress())).status).toBe(401);
    }
    const locked = await login(`\t${customer.email}\n`, customer.password, freshAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(ACCOUNT_LOCKED);
  });

  it("stops password spraying from one address within 200 attempts, while other addresses sign in", async () => {
    const sprayer = freshAddress();
    let firstRefusal = 0;
    let lastResponse: Awaited<ReturnType<typeof login>> | undefined;
    for (let attempt = 1; attempt <= 200 && firstRefusal === 0; attempt++) {
      lastResponse = await login(uniqueEmail("sprayed"), "Summer2026!", sprayer);
      if (lastResponse.status === 429) firstRefusal = attempt;
      else expect(lastResponse.status).toBe(401);
    }

    expect(firstRefusal).toBe(DEFAULT_LOGIN_MAX_FAILURES_PER_ADDRESS + 1);
    expect(lastResponse?.body).toEqual({ message: expect.stringMatching(ADDRESS_LOCKED) });
    expect(Number(lastResponse?.headers.get("retry-after"))).toBeGreaterThan(0);
    // A customer with the right password from that address is refused too (else the 429 would leak a hit) …
    const customer = await server.registerCustomer();
    expect((await login(customer.email, customer.password, sprayer)).status).toBe(429);
    // … and signs in from anywhere else; the refusal did not count against the account.
    const phone = await signInOnPhone(customer.email, customer.password);
    // Back on the sprayed Wi-Fi, the phone that has signed in before gets in with the right password.
    const known = await login(customer.email, customer.password, sprayer, phone);
    expect(known.status).toBe(200);
    expect(known.body.user.id).toBe(customer.user.id);
  }, 60_000);

  it("keeps a customer whose account is under attack signing in on a device that signed in before", async () => {
    const customer = await server.registerCustomer();
    const phone = await signInOnPhone(customer.email, customer.password);
    // The attack: far more wrong passwords than the account allows, from many addresses.
    const attack: number[] = [];
    for (let guess = 0; guess < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT + 5; guess++)
      attack.push((await login(customer.email, `guess-${guess}`, freshAddress())).status);
    expect(attack.filter((status) => status === 401)).toHaveLength(
      DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT,
    );
    expect(attack.slice(DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT).every((s) => s === 429)).toBe(true);

    // The real customer, on their phone, with the right password: in, on every try.
    for (let visit = 0; visit < 3; visit++) {
      const signedIn = await login(customer.email, customer.password, freshAddress(), phone);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(customer.user.id);
    }
    // An unknown device, even with the right password, waits out the window (documented).
    const newDevice = await login(customer.email, customer.password, freshAddress());
    expect(newDevice.status).toBe(429);
    expect(newDevice.body.message).toMatch(ACCOUNT_LOCKED);
    // The attacker's next guesses are still refused: the customer's sign-ins did not reset the count.
    expect((await login(customer.email, "guess-again", freshAddress())).status).toBe(429);
  });

  it("limits guesses from a known device too, and trusts a device cookie only for its own account", async () => {
    const customer = await server.registerCustomer();
    const other = await server.registerCustomer();
    const phone = await signInOnPhone(customer.email, customer.password);

    // Another account's cookie buys nothing: the attempt counts like any unknown device's.
    for (let guess = 0; guess < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT; guess++)
      expect((await login(other.email, `guess-${guess}`, freshAddress(), phone)).status).toBe(401);
    expect((await login(other.email, other.password, freshAddress(), phone)).status).toBe(429);

    // A forged or tampered cookie is no cookie.
    const [name, value] = phone.split("=") as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}AA`;
    for (let guess = 0; guess < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT; guess++)
      expect((await login(customer.email, `g-${guess}`, freshAddress(), tampered)).status).toBe(
        401,
      );
    expect((await login(customer.email, customer.password, freshAddress(), tampered)).status).toBe(
      429,
    );

    // The phone itself: its own 10 failures, then it is treated as unknown (the account is locked for those).
    for (let guess = 0; guess < DEFAULT_LOGIN_MAX_FAILURES_PER_ACCOUNT; guess++)
      expect((await login(customer.email, `p-${guess}`, freshAddress(), phone)).status).toBe(401);
    expect((await login(customer.email, customer.password, freshAddress(), phone)).status).toBe(
      429,
    );
  });

  it("sets the device cookie HttpOnly, SameSite=Strict, only for the sign-in route", async () => {
    const customer = await server.registerCustomer();
    const response = await login(customer.email, customer.password, freshAddress());
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("fp_device_"));
    expect(cookie).toMatch(/; Path=\/auth\/login; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const failed = await login(customer.email, "wrong", freshAddress());
    expect(failed.headers.getSetCookie()).toEqual([]);
  });

  it("lets a park's customers behind one address sign in: successes never use up its allowance", async () => {
    // A second node on the same database whose address allowance is only 5 failures.
    const small = await startTestServer({
      database: server.database,
      config: { ...limits, loginMaxFailuresPerAddress: 5 },
    });
    try {
      const parkWifi = freshAddress();
      const signIn = (email: string, password: string) =>
        small.request("/auth/login", {
          body: { email, password },
          headers: { "x-forwarded-for": parkWifi },
        });
      const customers = await Promise.all([1, 2, 3].map(() => small.registerCustomer()));
      for (let round = 0; round < 4; round++) {
        for (const customer of customers)
          expect((await signIn(customer.email, customer.password)).status).toBe(200);
      }
      for (let typo = 0; typo < 5; typo++) {
        expect((await signIn(customers[typo % 3]!.email, "typo-password")).status).toBe(401);
      }
      // 12 sign-ins and 5 typos from one address: only now is the address's allowance spent.
      expect((await signIn(customers[0]!.email, customers[0]!.password)).status).toBe(429);
    } finally {
      await small.close();
    }
  });

  it("keeps the flood guard per device for known devices: a flood from their address does not hold them up", async () => {
    const small = await startTestServer({
      database: server.database,
      config: { ...limits, loginRateLimitPerMinute: 5 },
    });
    try {
      const parkWifi = freshAddress();
      const customer = await small.registerCustomer();
      const signIn = (email: string, password: string, cookie?: string) =>
        small.request("/auth/login", {
          body: { email, password },
          headers: { "x-forwarded-for": parkWifi, ...(cookie ? { cookie } : {}) },
        });
      const first = await signIn(customer.email, customer.password);
      expect(first.status).toBe(200);
      const phone = deviceCookieOf(first.headers);
      for (let flood = 0; flood < 6; flood++) await signIn(uniqueEmail("flood"), "flood-password");

      expect((await signIn(customer.email, customer.password)).status).toBe(429);
      expect((await signIn(customer.email, customer.password, phone)).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("lets at least 30 customers sign up from one address, then limits sign-ups per address", async () => {
    const address = freshAddress();
    const register = (email = uniqueEmail("signup")) =>
      server.request<RegisterResponse & ErrorResponse>("/auth/register", {
        body: { email, password: "a-good-password", name: "Park Guest" },
        headers: { "x-forwarded-for": address },
      });
    for (let signUp = 0; signUp < DEFAULT_REGISTER_RATE_LIMIT_PER_10_MINUTES; signUp++) {
      expect((await register()).status).toBe(201);
    }

    const refused = await register();

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds/),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(9 * 60);
    // Someone at another address still signs up.
    const elsewhere = await server.request("/auth/register", {
      body: { email: uniqueEmail("elsewhere"), password: "a-good-password", name: "Elsewhere" },
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(elsewhere.status).toBe(201);
  }, 60_000);

  it("stores a new account's email trimmed and in lower case", async () => {
    const email = uniqueEmail("MiXeD");
    const response = await server.request<RegisterResponse>("/auth/register", {
      body: {
        email: `  ${email.toUpperCase()}  `,
        password: "a-good-password",
        name: "Mixed Case",
      },
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(response.status).toBe(201);
    expect(response.body.user.email).toBe(email.toLowerCase());
    const duplicate = await server.request<ErrorResponse>("/auth/register", {
      body: { email: email.toLowerCase(), password: "a-good-password", name: "Again" },
      headers: { "x-forwarded-for": freshAddress() },
    });
    expect(duplicate.status).toBe(409);
  });

  describe("without TRUST_PROXY_HOPS", () => {
    let direct: TestServer;

    beforeAll(async () => {
      direct = await startTestServer({
        database: server.database,
        config: { ...limits, trustProxyHops: 0, loginMaxFailuresPerAddress: 5 },
      });
    });

    afterAll(async () => {
      await direct?.close();
    });

    it("ignores X-Forwarded-For: a forged header never buys a fresh allowance", async () => {
      const forged = (email: string) =>
        direct.request<ErrorResponse>("/auth/login", {
          body: { email, password: "Autumn2026!" },
          headers: { "x-forwarded-for": freshAddress() },
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++)
        statuses.push((await forged(uniqueEmail("forged"))).status);
      // Every attempt came "from" another forwarded address, yet all count against the real peer, 127.0.0.1.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });
  });
});

describe("plate lookups are limited per customer", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { vehicleLookupRateLimitPerMinute: 3 } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 with a message after the allowance, while another customer can still look up", async () => {
    const first = await server.registerCustomer();
    const second = await server.registerCustomer();
    const lookup = (token: string) =>
      server.request<ErrorResponse>("/api/vehicle-lookup", {
        body: { registrationNumber: "AB12 CDE" },
        token,
      });
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await lookup(first.token)).status).toBe(200);

    const refused = await lookup(first.token);

    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await lookup(second.token)).status).toBe(200);
  });
});
