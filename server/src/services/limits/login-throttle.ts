import { createHash } from "node:crypto";
import { RateLimited, Unauthorized } from "@server/domain-errors.js";
import type { CounterStore } from "./counter-store.js";

/** One spelling per account: trimmed and case-folded, for the limits, the lookup and sign-up alike. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function waitText(resetMs: number): string {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export const accountLockedMessage = (resetMs: number) =>
  `Too many failed sign-in attempts for this account. Please wait ${waitText(resetMs)} and try again.`;
export const addressLockedMessage = (resetMs: number) =>
  `Too many failed sign-in attempts from your network. Please wait ${waitText(resetMs)} and try again.`;

export interface LoginThrottleOptions {
  store: CounterStore;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMinutes: number;
  /** A store that does not answer lets sign-ins through (logged): the park keeps trading. */
  logError: (error: unknown, context: string) => void;
}

/** Emails never reach the store in clear. */
const accountKey = (email: string) =>
  `login:account:${createHash("sha256").update(email).digest("base64url").slice(0, 32)}`;
const addressKey = (address: string) => `login:address:${address}`;
const deviceKey = (device: string) => `login:device:${device}`;

/**
 * OWASP-style login throttling with device cookies. Fixed windows count FAILED sign-ins:
 * - from an unknown device, per account (any address): after `maxFailuresPerAccount` the account answers 429 to
 *   unknown devices until the window ends; a successful sign-in from an unknown device clears it;
 * - from an unknown device, per address (any email): a generous allowance (a park's customers share one public
 *   address), so that password spraying meets a 429; a success gives the address its attempt back;
 * - from a known device (a valid device cookie for this account, see device-cookies.ts), per device: neither
 *   the account's nor the address's count stops it, so an attack on an account or from the park's Wi-Fi never
 *   locks out the people whose phones have signed in before. A device cookie that fails `maxFailuresPerAccount`
 *   times in the window is treated as unknown until the window ends (a stolen cookie buys no extra guesses).
 * Counting happens before the password is checked (atomic in Redis), so parallel guesses cannot slip past.
 */
export function createLoginThrottle(options: LoginThrottleOptions) {
  const { store, maxFailuresPerAccount, maxFailuresPerAddress, logError } = options;
  const windowMs = options.windowMinutes * 60_000;

  /** A known device's attempt: counted for that device alone; null when the device has used up its own limit. */
  async function countKnown(device: string): Promise<string[] | null> {
    try {
      const fromDevice = await store.hit(deviceKey(device), windowMs);
      if (fromDevice.count <= maxFailuresPerAccount) return [deviceKey(device)];
      await store.undo(deviceKey(device));
      return null;
    } catch (error) {
      logError(error, "login throttle store unavailable; letting the attempt through");
      return [];
    }
  }

  /** Counts the attempt; throws RateLimited when a limit is spent; answers the keys it counted. */
  async function countUnknown(email: string, address: string): Promise<string[]> {
    const counted: string[] = [];
    try {
      const account = await store.hit(accountKey(email), windowMs);
      counted.push(accountKey(email));
      if (account.count > maxFailuresPerAccount) {
        throw new RateLimited(
          accountLockedMessage(account.resetMs),
          Math.ceil(account.resetMs / 1000),
        );
      }
      const fromAddress = await store.hit(addressKey(address), windowMs);
      counted.push(addressKey(address));
      if (fromAddress.count > maxFailuresPerAddress) {
        // Refused for the address: the account is not charged for it.
        await store.undo(accountKey(email));
        throw new RateLimited(
          addressLockedMessage(fromAddress.resetMs),
          Math.ceil(fromAddress.resetMs / 1000),
        );
      }
      return counted;
    } catch (error) {
      if (error instanceof RateLimited) throw error;
      logError(error, "login throttle store unavailable; letting the attempt through");
      return counted;
    }
  }

  const settle = (work: Promise<unknown>) =>
    work.catch((error: unknown) => logError(error, "login throttle store unavailable"));

  return {
    /**
     * `device`: the id of a valid device cookie for this account, or null. Answers what `login` answers, and
     * whether the attempt came from a known device.
     */
    async attempt<T>(
      who: { email: string; address: string; device?: string | null },
      login: () => Promise<T>,
    ): Promise<T> {
      const known = who.device ? await countKnown(who.device) : null;
      const counted = known ?? (await countUnknown(who.email, who.address));
      let result: T;
      try {
        result = await login();
      } catch (error) {
        // Only a wrong email or password counts as a failure; anything else gives the attempt back.
        if (!(error instanceof Unauthorized)) {
          await settle(Promise.all(counted.map((key) => store.undo(key))));
        }
        throw error;
      }
      await settle(
        Promise.all(
          counted.map((key) =>
            // A success clears the device's or the account's failures, and gives the address its attempt back.
            key === addressKey(who.address) ? store.undo(key) : store.clear(key),
          ),
        ),
      );
      return result;
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
