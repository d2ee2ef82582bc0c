import type { LoginResponse, Profile, RegisterResponse } from "@contract/auth";
import type { ErrorResponse } from "@contract/errors";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseKinds,
  startTestServer,
  type TestServer,
  uniqueEmail,
} from "./helpers/test-server";

const DEMO = { email: "demo@foodpark.test", password: "demo-password" };

function decodePayload(token: string): Record<string, unknown> {
  const payload = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

function expectErrorBody(body: ErrorResponse | null) {
  expect(body).toEqual({ message: expect.any(String) });
  expect(body?.message.length).toBeGreaterThan(0);
}

describe.each(databaseKinds)("auth API on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("POST /auth/register", () => {
    it("creates a customer and answers with a token, the user and a message", async () => {
      const email = uniqueEmail();
      const response = await server.request<RegisterResponse>("/auth/register", {
        body: { email, password: "a-good-password", name: "Ada Lovelace", role: "customer" },
      });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        token: expect.any(String),
        user: { id: expect.any(Number), email, name: "Ada Lovelace", role: "customer" },
        message: expect.any(String),
      });
      expect(decodePayload(response.body.token)).toMatchObject({
        sub: String(response.body.user.id),
        email,
        role: "customer",
        exp: expect.any(Number),
      });
    });

    it("creates a customer even when the request asks for the staff role", async () => {
      const email = uniqueEmail("would-be-staff");
      const response = await server.request<RegisterResponse>("/auth/register", {
        body: { email, password: "a-good-password", name: "Sneaky", role: "staff" },
      });

      expect(response.status).toBe(201);
      expect(response.body.user.role).toBe("customer");
      expect(decodePayload(response.body.token).role).toBe("customer");
      const me = await server.request<Profile>("/auth/me", { token: response.body.token });
      expect(me.body.role).toBe("customer");
    });

    it("refuses an email that is already registered, ignoring case, with 409", async () => {
      const email = uniqueEmail("taken");
      await server.registerCustomer({ email });

      const response = await server.request<ErrorResponse>("/auth/register", {
        body: { email: email.toUpperCase(), password: "another-password", name: "Copycat" },
      });

      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: "An account with this email already exists" });
    });

    it("refuses a password shorter than 8 characters", async () => {
      const response = await server.request<ErrorResponse>("/auth/register", {
        body: { email: uniqueEmail(), password: "short", name: "Shorty" },
      });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "Password must be at least 8 characters long" });
    });
  });

  describe("POST /auth/login", () => {
    it("signs in the demo customer", async () => {
      const response = await server.request<LoginResponse>("/auth/login", { body: DEMO });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        token: expect.any(String),
        user: {
          id: expect.any(Number),
          email: DEMO.email,
          name: "Demo Customer",
          role: "customer",
        },
      });
    });

    it("signs in a newly registered customer, whatever the case of the email", async () => {
      const customer = await server.registerCustomer();
      const response = await server.request<LoginResponse>("/auth/login", {
        body: { email: customer.email.toUpperCase(), password: customer.password },
      });

      expect(response.status).toBe(200);
      expect(response.body.user).toEqual(customer.user);
    });

    it("answers a wrong password with 401 and a message", async () => {
      const response = await server.request<ErrorResponse>("/auth/login", {
        body: { email: DEMO.email, password: "not-the-password" },
      });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Invalid email or password" });
    });

    it("answers an unknown email exactly like a wrong password", async () => {
      const response = await server.request<ErrorResponse>("/auth/login", {
        body: { email: uniqueEmail("nobody"), password: "whatever-it-is" },
      });

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Invalid email or password" });
    });
  });

  describe("GET /auth/me", () => {
    it("returns the profile of the token's user", async () => {
      const customer = await server.registerCustomer({ name: "Grace Hopper" });
      const response = await server.request<Profile>("/auth/me", { token: customer.token });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...customer.user,
        name: "Grace Hopper",
        phone: null,
        mobile: null,
        textWhenReady: false,
      });
    });

    it("returns the demo customer's phone number", async () => {
      const token = await server.login(DEMO.email, DEMO.password);
      const response = await server.request<Profile>("/auth/me", { token });

      expect(response.status).toBe(200);
      expect(response.body.phone).toBe("07700 900001");
    });

    it("answers 401 with a message when no token is sent", async () => {
      const response = await server.request<ErrorResponse>("/auth/me");

      expect(response.status).toBe(401);
      expectErrorBody(response.body);
    });

    it("answers 401 for a token signed with another secret", async () => {
      const customer = await server.registerCustomer();
      const forged = await new SignJWT({
        email: customer.email,
        name: customer.name,
        role: "staff",
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(customer.user.id))
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("not-the-server-secret"));

      const response = await server.request<ErrorResponse>("/auth/me", { token: forged });

      expect(response.status).toBe(401);
      expectErrorBody(response.body);
    });

    it("answers 401 for an unsigned token (alg none)", async () => {
      const customer = await server.registerCustomer();
      const header = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
      const payload = Buffer.from(
        JSON.stringify({ sub: String(customer.user.id), email: customer.email, role: "customer" }),
      ).toString("base64url");

      const response = await server.request<ErrorResponse>("/auth/me", {
        token: `${header}.${payload}.`,
      });

      expect(response.status).toBe(401);
      expectErrorBody(response.body);
    });

    it("answers 401 for a correctly signed token that has expired", async () => {
      const customer = await server.registerCustomer();
      const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
      const expired = await new SignJWT({
        email: customer.email,
        name: customer.name,
        role: "customer",
      })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(customer.user.id))
        .setIssuedAt(anHourAgo - 60)
        .setExpirationTime(anHourAgo)
        .sign(new TextEncoder().encode(server.jwtSecret));

      const response = await server.request<ErrorResponse>("/auth/me", { token: expired });

      expect(response.status).toBe(401);
      expectErrorBody(response.body);
    });

    it("answers 401 for a token that is not a JWT at all", async () => {
      const response = await server.request<ErrorResponse>("/auth/me", { token: "not-a-jwt" });

      expect(response.status).toBe(401);
      expectErrorBody(response.body);
    });
  });

  describe("bad input gets 400 with a message, never a 500", () => {
    const longText = "x".repeat(10_000);

    it.each([
      ["register", "/auth/register"],
      ["login", "/auth/login"],
    ])("%s: malformed JSON", async (_name, url) => {
      const response = await server.request<ErrorResponse>(url, {
        rawBody: '{"email": "a@b.test", ',
      });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: "The request body is not valid JSON" });
    });

    it.each([
      ["no fields at all", {}],
      ["no name", { email: "someone@foodpark.test", password: "a-good-password" }],
      ["no email", { name: "Someone", password: "a-good-password" }],
      ["no password", { name: "Someone", email: "someone@foodpark.test" }],
      [
        "an empty name",
        { name: "   ", email: "someone@foodpark.test", password: "a-good-password" },
      ],
      ["a number for an email", { name: "Someone", email: 42, password: "a-good-password" }],
      ["an email without an @", { name: "Someone", email: "someone", password: "a-good-password" }],
      [
        "a 10,000-character name",
        { name: longText, email: "someone@foodpark.test", password: "a-good-password" },
      ],
      [
        "a 10,000-character email",
        { name: "Someone", email: `${longText}@foodpark.test`, password: "a-good-password" },
      ],
      [
        "a 10,000-character password",
        { name: "Someone", email: "someone@foodpark.test", password: longText },
      ],
      ["a JSON array", [1, 2, 3]],
      ["JSON null", null],
    ])("register with %s", async (_name, body) => {
      const response = await server.request<ErrorResponse>("/auth/register", {
        rawBody: JSON.stringify(body),
      });

      expect(response.status).toBe(400);
      expectErrorBody(response.body);
    });

    it.each([
      ["no fields at all", {}],
      ["no password", { email: DEMO.email }],
      ["an empty password", { email: DEMO.email, password: "" }],
      ["no email", { password: DEMO.password }],
      ["a 10,000-character email", { email: `${longText}@foodpark.test`, password: DEMO.password }],
      ["a 10,000-character password", { email: DEMO.email, password: longText }],
      ["JSON null", null],
    ])("login with %s", async (_name, body) => {
      const response = await server.request<ErrorResponse>("/auth/login", {
        rawBody: JSON.stringify(body),
      });

      expect(response.status).toBe(400);
      expectErrorBody(response.body);
    });

    it("names the limit when the name is too long", async () => {
      const response = await server.request<ErrorResponse>("/auth/register", {
        body: { name: longText, email: uniqueEmail(), password: "a-good-password" },
      });

      expect(response.body).toEqual({ message: "Name must be at most 100 characters" });
    });

    it("answers a body over 64 KB with 413 and a message", async () => {
      const response = await server.request<ErrorResponse>("/auth/register", {
        body: { name: "x".repeat(100_000), email: uniqueEmail(), password: "a-good-password" },
      });

      expect(response.status).toBe(413);
      expectErrorBody(response.body);
    });

    it("answers a body that is not JSON with 415 and a message", async () => {
      const response = await server.request<ErrorResponse>("/auth/login", {
        rawBody: "email=demo@foodpark.test&password=demo-password",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });

      expect(response.status).toBe(415);
      expectErrorBody(response.body);
    });
  });

  describe("GET /healthz", () => {
    it("answers 200 with status ok", async () => {
      const response = await server.request("/healthz");

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: "ok" });
    });
  });

  describe("unknown API paths", () => {
    it.each(["/api/nothing-here", "/auth/nothing-here"])(
      "%s answers 404 JSON with a message",
      async (url) => {
        const response = await server.request<ErrorResponse>(url);

        expect(response.status).toBe(404);
        expectErrorBody(response.body);
      },
    );
  });
});
