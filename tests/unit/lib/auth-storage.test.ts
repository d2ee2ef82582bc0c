// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AUTH_KEYS,
  announceSessionExpired,
  CorruptAuthError,
  clearStoredAuth,
  currentToken,
  decodeClaims,
  isTokenExpired,
  onSessionExpired,
  readStoredAuth,
  type TokenRecord,
  tokenExpiresAt,
  userFromClaims,
  writeStoredAuth,
} from "@/lib/auth-storage";
import { craftToken, customerClaims, customerToken, HOUR } from "../helpers/jwt";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const ADA = { id: 7, email: "ada@foodpark.test", name: "Ada Lovelace", role: "customer" as const };

function record(overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    token: customerToken(NOW, HOUR),
    user: ADA,
    expiresAt: NOW + HOUR,
    lastValidated: NOW,
    isValid: true,
    ...overrides,
  };
}

afterEach(() => {
  localStorage.clear();
});

describe("the storage keys of the product spec (docs/product-spec.md § Business constants and limits)", () => {
  it("are authToken, user and tokenData", () => {
    expect(AUTH_KEYS).toEqual({ token: "authToken", user: "user", tokenData: "tokenData" });
  });
});

describe("decodeClaims", () => {
  it("reads the payload without checking the signature", () => {
    expect(decodeClaims(customerToken(NOW, HOUR))).toEqual(customerClaims(NOW, HOUR));
  });

  it("decodes UTF-8 names", () => {
    const token = craftToken(customerClaims(NOW, HOUR, { name: "Zoë Ångström 🍔" }));

    expect(decodeClaims(token)?.name).toBe("Zoë Ångström 🍔");
  });

  it.each([
    ["an empty string", ""],
    ["a token without a payload", "header-only"],
    ["a payload that is not base64 JSON", "abc.%%%.def"],
    ["a payload that is JSON but not an object", `x.${Buffer.from("42").toString("base64url")}.y`],
    ["claims without a subject", craftToken({ email: "a@b.test", role: "customer" })],
    [
      "claims with a non-numeric expiry",
      craftToken({ sub: "1", email: "a@b.test", role: "customer", exp: "soon" }),
    ],
  ])("returns null for %s", (_name, token) => {
    expect(decodeClaims(token)).toBeNull();
  });
});

describe("token expiry", () => {
  it("comes from the exp claim", () => {
    expect(tokenExpiresAt(customerToken(NOW, HOUR), NOW)).toBe(NOW + HOUR);
  });

  it("defaults to 24 hours when the token carries no exp", () => {
    const token = craftToken({ sub: "7", email: "ada@foodpark.test", role: "customer" });

    expect(tokenExpiresAt(token, NOW)).toBe(NOW + 24 * HOUR);
    expect(isTokenExpired(token, NOW)).toBe(false);
  });

  it("is null for an unparseable token, which counts as expired", () => {
    expect(tokenExpiresAt("garbage", NOW)).toBeNull();
    expect(isTokenExpired("garbage", NOW)).toBe(true);
  });

  it("is expired from the exp instant on", () => {
    const token = customerToken(NOW, HOUR);

    expect(isTokenExpired(token, NOW + HOUR - 1000)).toBe(false);
    expect(isTokenExpired(token, NOW + HOUR)).toBe(true);
    expect(isTokenExpired(customerToken(NOW, -1000), NOW)).toBe(true);
  });
});

describe("userFromClaims", () => {
  it("builds the signed-in user from the claims", () => {
    expect(userFromClaims(customerClaims(NOW, HOUR))).toEqual(ADA);
  });

  it("falls back to the email when the name is missing or empty", () => {
    expect(userFromClaims({ sub: "7", email: "ada@foodpark.test", role: "customer" })?.name).toBe(
      "ada@foodpark.test",
    );
    expect(
      userFromClaims({ sub: "7", email: "ada@foodpark.test", name: "", role: "customer" })?.name,
    ).toBe("ada@foodpark.test");
  });

  it("rejects a subject that is not a number and an unknown role", () => {
    expect(userFromClaims({ sub: "abc", email: "ada@foodpark.test", role: "customer" })).toBeNull();
    expect(userFromClaims({ sub: "7", email: "ada@foodpark.test", role: "admin" })).toBeNull();
  });
});

describe("stored auth", () => {
  it("is empty when nothing is stored", () => {
    expect(readStoredAuth()).toEqual({ token: null, user: null, record: null });
    expect(currentToken()).toBeNull();
  });

  it("writes the token, the user and the token record under their keys and reads them back", () => {
    const stored = record();

    writeStoredAuth(stored);

    expect(localStorage.getItem("authToken")).toBe(stored.token);
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(ADA);
    expect(JSON.parse(localStorage.getItem("tokenData")!)).toEqual(stored);
    expect(readStoredAuth()).toEqual({ token: stored.token, user: ADA, record: stored });
    expect(currentToken()).toBe(stored.token);
  });

  it("clears exactly the three auth keys", () => {
    writeStoredAuth(record());
    localStorage.setItem("cart", '{"vendorId":1}');

    clearStoredAuth();

    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("tokenData")).toBeNull();
    expect(localStorage.getItem("cart")).toBe('{"vendorId":1}');
  });

  it.each([
    ["a user that is not JSON", "user", "{not json"],
    ["a user missing fields", "user", JSON.stringify({ email: "ada@foodpark.test" })],
    ["a token record that is not JSON", "tokenData", "[[["],
    ["a token record missing fields", "tokenData", JSON.stringify({ token: "x" })],
    [
      "a token record with a wrong type",
      "tokenData",
      JSON.stringify({ ...record(), expiresAt: "tomorrow" }),
    ],
  ])("reports %s as corrupt", (_name, key, value) => {
    writeStoredAuth(record());
    localStorage.setItem(key, value);

    expect(() => readStoredAuth()).toThrow(CorruptAuthError);
  });
});

describe("session expiry announcements", () => {
  it("reach every listener until it unsubscribes", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onSessionExpired(first);
    const stopSecond = onSessionExpired(second);

    announceSessionExpired();
    stopFirst();
    announceSessionExpired();
    stopSecond();

    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});
