import { UpstreamFailed } from "@server/domain-errors.js";
import type { TextMessage, TextProvider } from "./text-provider.js";

export const DEFAULT_TWILIO_API_URL = "https://api.twilio.com";
const TIMEOUT_MS = 10_000;

/**
 * Twilio's Messages API over REST (no SDK): POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From
 * and Body, with Basic auth of the account SID and auth token. Its errors carry a code and a message (never the
 * token); those are what we report.
 */
export function createTwilioProvider(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string | undefined;
  fetch?: typeof fetch;
}): TextProvider {
  const doFetch = options.fetch ?? fetch;
  const base = (options.apiUrl ?? DEFAULT_TWILIO_API_URL).replace(/\/$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64");
  return {
    name: "twilio",
    async send(message: TextMessage) {
      const response = await doFetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${auth}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => null)) as {
        sid?: string;
        code?: number;
        message?: string;
      } | null;
      if (!response.ok || !body?.sid) {
        // Twilio's messages can quote the number: it is left out of what we log and keep.
        const message = (body?.message ?? "").replace(/\+?\d[\d\s()-]{6,}\d/g, "[number]");
        const detail = body?.code ? `${body.code} ${message}`.trim() : `HTTP ${response.status}`;
        throw new UpstreamFailed(`The text message provider refused the message (${detail})`);
      }
      return { id: body.sid };
    },
  };
}
