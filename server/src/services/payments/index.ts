import type { ServerConfig } from "@server/config.js";
import type { PaymentProvider } from "./payment-provider.js";
import { createStripeProvider } from "./stripe-provider.js";
import { createTestProvider } from "./test-provider.js";

/** Stripe when a secret key is configured; our own test checkout otherwise. */
export function createPaymentProvider(
  config: Pick<ServerConfig, "stripeSecretKey" | "stripeWebhookSecret" | "stripeApi">,
): PaymentProvider {
  if (!config.stripeSecretKey) return createTestProvider();
  return createStripeProvider({
    secretKey: config.stripeSecretKey,
    webhookSecret: config.stripeWebhookSecret,
    api: config.stripeApi,
  });
}
