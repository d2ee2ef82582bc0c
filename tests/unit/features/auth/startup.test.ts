// @vitest-environment jsdom

import { craftToken, customerToken, HOUR, MINUTE } from "@tests/unit/helpers/jwt";
import { afterEach, describe, expect, it } from "vitest";
import {
  decideStartupAuth,
  needsServerValidation,
  readTokenSources,
  recordFromToken,
  type TokenSources,
} from "@/features/auth/lib/startup";
import { readStoredAuth, type TokenRecord, writeStoredAuth } from "@/lib/auth-storage";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const ADA = { id: 7, email: "ada@foodpark.test", name: "Ada Lovelace", role: "customer" as const };
const GRACE = {
  id: 8,
  email: "grace@foodpark.test",
  name: "Grace Hopper",
  role: "customer" as const,
};
const NO_SOURCES: TokenSources = { url: null, global: null, meta: null };

const validToken = (user = ADA, expiresInMs = HOUR) =>
  customerToken(NOW, expiresInMs, { sub: String(user.id), email: user.email, name: user.name });

function cachedRecord(overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    token: validToken(),
    user: ADA,
    expiresAt: NOW + HOUR,
    lastValidated: NOW - MINUTE,
    isValid: true,
    ...overrides,
  };
}

const decide = (sources: Partial<TokenSources> = {}) =>
  decideStartupAuth(readStoredAuth, { ...NO_SOURCES, ...sources }, NOW);

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
  window.history.replaceState(null, "", "/");
});

describe("start-up order (docs/product-spec.md § States and transitions)", () => {
  describe("1. cached auth", () => {
    it("is used as is when the record is valid and the token unexpired", () => {
      const record = cachedRecord();
      writeStoredAuth(record);

      expect(decide()).toEqual({ kind: "signed-in", record, source: "cache", persist: false });
    });

    it("wins over a token in the address", () => {
      writeStoredAuth(cachedRecord());

      const decision = decide({ url: validToken(GRACE) });

      expect(decision).toMatchObject({ kind: "signed-in", source: "cache", record: { user: ADA } });
    });

    it("is not used when marked invalid: the stored token is used instead and checked again", () => {
      writeStoredAuth(cachedRecord({ isValid: false }));

      expect(decide()).toMatchObject({
        kind: "signed-in",
        source: "storage",
        persist: true,
        record: { user: ADA, lastValidated: 0, isValid: true, expiresAt: NOW + HOUR },
      });
    });

    it("is not used when it belongs to another token than the stored one", () => {
      const newer = validToken(ADA, 2 * HOUR);
      writeStoredAuth(cachedRecord());
      localStorage.setItem("authToken", newer);

      expect(decide()).toMatchObject({
        kind: "signed-in",
        source: "storage",
        record: { token: newer },
      });
    });
  });

  describe("2. stored token and user", () => {
    it("sign the user in when the token has not expired", () => {
      const token = validToken();
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(ADA));

      expect(decide()).toEqual({
        kind: "signed-in",
        source: "storage",
        persist: true,
        record: { token, user: ADA, expiresAt: NOW + HOUR, lastValidated: 0, isValid: true },
      });
    });

    it("clear all auth data and sign out when the token has expired", () => {
      localStorage.setItem("authToken", validToken(ADA, -MINUTE));
      localStorage.setItem("user", JSON.stringify(ADA));

      expect(decide()).toEqual({ kind: "signed-out", clear: true });
    });

    it("sign out (clearing) when the cached record has expired along with the token", () => {
      writeStoredAuth(cachedRecord({ token: validToken(ADA, -MINUTE), expiresAt: NOW - MINUTE }));

      expect(decide()).toEqual({ kind: "signed-out", clear: true });
    });

    it("win over a token in the address or from the host app", () => {
      localStorage.setItem("authToken", validToken());
      localStorage.setItem("user", JSON.stringify(ADA));

      expect(decide({ url: validToken(GRACE), global: validToken(GRACE) })).toMatchObject({
        source: "storage",
        record: { user: ADA },
      });
    });

    it("a stored token alone signs in with the user from its claims", () => {
      localStorage.setItem("authToken", validToken());

      expect(decide()).toMatchObject({
        kind: "signed-in",
        source: "storage",
        persist: true,
        record: { user: ADA },
      });
    });

    it("a stored token alone that is expired or unreadable clears and signs out", () => {
      localStorage.setItem("authToken", validToken(ADA, -MINUTE));
      expect(decide()).toEqual({ kind: "signed-out", clear: true });

      localStorage.setItem("authToken", "garbage");
      expect(decide()).toEqual({ kind: "signed-out", clear: true });
    });
  });

  describe("3. handed-over tokens: address, then the Android global, then the meta tag", () => {
    it("signs in with the address token and asks to save it", () => {
      const token = validToken(GRACE);

      expect(decide({ url: token })).toEqual({
        kind: "signed-in",
        source: "url",
        persist: true,
        record: { token, user: GRACE, expiresAt: NOW + HOUR, lastValidated: 0, isValid: true },
      });
    });

    it("prefers the address over the global and the global over the meta tag", () => {
      const fromUrl = validToken({ ...GRACE, id: 1 });
      const fromGlobal = validToken({ ...GRACE, id: 2 });
      const fromMeta = validToken({ ...GRACE, id: 3 });

      expect(decide({ url: fromUrl, global: fromGlobal, meta: fromMeta })).toMatchObject({
        source: "url",
      });
      expect(decide({ global: fromGlobal, meta: fromMeta })).toMatchObject({ source: "global" });
      expect(decide({ meta: fromMeta })).toMatchObject({
        source: "meta",
        record: { token: fromMeta },
      });
    });

    it("skips an expired or unreadable handed-over token and tries the next source", () => {
      const fromGlobal = validToken(GRACE);

      expect(decide({ url: validToken(ADA, -MINUTE), global: fromGlobal })).toMatchObject({
        source: "global",
        record: { token: fromGlobal },
      });
      expect(
        decide({ url: "garbage", global: "also garbage", meta: validToken(GRACE) }),
      ).toMatchObject({
        source: "meta",
      });
    });

    it("signs out without clearing when no source has a usable token and nothing is stored", () => {
      expect(decide({ url: validToken(ADA, -MINUTE), global: "garbage" })).toEqual({
        kind: "signed-out",
        clear: false,
      });
    });
  });

  describe("4. nothing usable", () => {
    it("signs out, with nothing to clear", () => {
      expect(decide()).toEqual({ kind: "signed-out", clear: false });
    });

    it("clears a stray user or token record left without a token", () => {
      localStorage.setItem("user", JSON.stringify(ADA));

      expect(decide()).toEqual({ kind: "signed-out", clear: true });
    });
  });

  describe("corrupt stored data", () => {
    it.each([
      ["user", "{oops"],
      ["tokenData", '{"token": 1}'],
    ])("in %s is cleared and treated as signed out", (key, value) => {
      writeStoredAuth(cachedRecord());
      localStorage.setItem(key, value);

      expect(decide({ url: validToken(GRACE) })).toEqual({ kind: "signed-out", clear: true });
    });
  });
});

describe("recordFromToken", () => {
  it("builds a never-validated record", () => {
    const token = validToken();

    expect(recordFromToken(token, NOW)).toEqual({
      token,
      user: ADA,
      expiresAt: NOW + HOUR,
      lastValidated: 0,
      isValid: true,
    });
  });

  it("gives a token without exp 24 hours", () => {
    const token = craftToken({ sub: "7", email: "ada@foodpark.test", role: "customer" });

    expect(recordFromToken(token, NOW)?.expiresAt).toBe(NOW + 24 * HOUR);
  });

  it("rejects an expired, unreadable or role-less token", () => {
    expect(recordFromToken(validToken(ADA, -1000), NOW)).toBeNull();
    expect(recordFromToken("garbage", NOW)).toBeNull();
    expect(recordFromToken(craftToken({ sub: "7", email: "ada@foodpark.test" }), NOW)).toBeNull();
  });
});

describe("needsServerValidation (5-minute cache, 10-minute refresh threshold)", () => {
  const record = (overrides: Partial<TokenRecord>) =>
    cachedRecord({ expiresAt: NOW + HOUR, ...overrides });

  it.each<[string, Partial<TokenRecord>, boolean]>([
    ["never validated", { lastValidated: 0 }, true],
    ["validated just now", { lastValidated: NOW }, false],
    ["validated 4 minutes ago", { lastValidated: NOW - 4 * MINUTE }, false],
    ["validated exactly 5 minutes ago", { lastValidated: NOW - 5 * MINUTE }, false],
    ["validated 5 minutes and 1 ms ago", { lastValidated: NOW - 5 * MINUTE - 1 }, true],
    ["validated an hour ago", { lastValidated: NOW - HOUR }, true],
    ["expiring in 11 minutes", { lastValidated: NOW, expiresAt: NOW + 11 * MINUTE }, false],
    ["expiring in exactly 10 minutes", { lastValidated: NOW, expiresAt: NOW + 10 * MINUTE }, false],
    ["expiring in 9 minutes", { lastValidated: NOW, expiresAt: NOW + 9 * MINUTE }, true],
    ["marked invalid", { lastValidated: NOW, isValid: false }, true],
  ])("%s → %s", (_name, overrides, expected) => {
    expect(needsServerValidation(record(overrides), NOW)).toBe(expected);
  });
});

describe("readTokenSources", () => {
  it("reads ?token= from the address and the auth-token meta tag", () => {
    window.history.replaceState(null, "", "/vendors?token=from-address&x=1");
    const meta = document.createElement("meta");
    meta.name = "auth-token";
    meta.content = "from-meta";
    document.head.append(meta);

    expect(readTokenSources(window.location, document, "from-global")).toEqual({
      url: "from-address",
      global: "from-global",
      meta: "from-meta",
    });
  });

  it("treats absent or empty values as no token", () => {
    window.history.replaceState(null, "", "/?token=");

    expect(readTokenSources(window.location, document, null)).toEqual(NO_SOURCES);
  });
});
