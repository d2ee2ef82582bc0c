import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's device cookies: after a successful sign-in the browser gets a signed cookie naming that account
 * (one cookie per account, so a family phone can hold several). A later sign-in to that account carrying it
 * comes from a known device, which the account's lockout does not stop (see login-throttle.ts).
 * HttpOnly, SameSite=Strict and sent only to /auth/login: no script, no other site and no other route sees it.
 */
export const DEVICE_COOKIE_PREFIX = "fp_device_";
export const DEVICE_COOKIE_PATH = "/auth/login";
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export interface DeviceCookies {
  /** A fresh cookie for this account, as a Set-Cookie value. */
  issue(email: string, secure: boolean): string;
  /** The device id of a valid cookie for this account in the request's Cookie header, or null. */
  forAccount(cookieHeader: string | undefined, email: string): string | null;
  /** The device id of any valid device cookie in the header (the flood guard counts per device then), or null. */
  any(cookieHeader: string | undefined): string | null;
}

const tagOf = (email: string) =>
  createHash("sha256").update(`device:${email}`).digest("base64url").slice(0, 16);

function cookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!header || header.length > 8192) return found;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (name.startsWith(DEVICE_COOKIE_PREFIX)) found.set(name, part.slice(at + 1).trim());
  }
  return found;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const key = createHmac("sha256", secret).update("food-park device cookies").digest();
  const mac = (tag: string, nonce: string) =>
    createHmac("sha256", key).update(`${tag}.${nonce}`).digest().subarray(0, 18);

  /** The device id (nonce) when `value` is a cookie this server signed for the account `tag`. */
  function verify(tag: string, value: string | undefined): string | null {
    if (!value) return null;
    const [nonce, signature, extra] = value.split(".");
    if (!nonce || !signature || extra !== undefined || nonce.length > 64) return null;
    const given = Buffer.from(signature, "base64url");
    const expected = mac(tag, nonce);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  return {
    issue(email, secure) {
      const tag = tagOf(email);
      const nonce = randomBytes(16).toString("base64url");
      const value = `${nonce}.${mac(tag, nonce).toString("base64url")}`;
      return [
        `${DEVICE_COOKIE_PREFIX}${tag}=${value}`,
        `Path=${DEVICE_COOKIE_PATH}`,
        `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
        "HttpOnly",
        "SameSite=Strict",
        ...(secure ? ["Secure"] : []),
      ].join("; ");
    },
    forAccount(header, email) {
      const tag = tagOf(email);
      return verify(tag, cookies(header).get(`${DEVICE_COOKIE_PREFIX}${tag}`));
    },
    any(header) {
      for (const [name, value] of cookies(header)) {
        const device = verify(name.slice(DEVICE_COOKIE_PREFIX.length), value);
        if (device) return device;
      }
      return null;
    },
  };
}
