import type { ServerConfig } from "@server/config.js";
import type { Queryable } from "@server/db/database.js";
import { createLocalTextProvider } from "./local-provider.js";
import type { TextProvider } from "./text-provider.js";
import { createTwilioProvider } from "./twilio-provider.js";

export type TextsConfig = Pick<
  ServerConfig,
  "twilioAccountSid" | "twilioAuthToken" | "twilioFrom" | "twilioApiUrl" | "textsTestMode"
>;

/**
 * Twilio when all three of its settings are set; the local recording provider in test mode (development and
 * tests by default); otherwise none: a production server without SMS keys sends no texts.
 */
export function createTextProviders(config: TextsConfig, db: Queryable) {
  const { twilioAccountSid, twilioAuthToken, twilioFrom } = config;
  const local = config.textsTestMode ? createLocalTextProvider(db) : null;
  let provider: TextProvider | null = local;
  if (twilioAccountSid && twilioAuthToken && twilioFrom) {
    provider = createTwilioProvider({
      accountSid: twilioAccountSid,
      authToken: twilioAuthToken,
      from: twilioFrom,
      apiUrl: config.twilioApiUrl,
    });
  }
  return { provider, local };
}
