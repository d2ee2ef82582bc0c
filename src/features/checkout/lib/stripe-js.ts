import type { Stripe } from "@stripe/stripe-js";
import { fetchPaymentConfig } from "../api/checkout-api";

/**
 * Stripe.js on the Secure Payment screen, for Stripe's advanced fraud signals (docs/decisions/card-payments.md):
 * Stripe recommends loading it on the pages where customers pay, so its Radar sees how the checkout was reached.
 * The payment itself stays on Stripe's hosted checkout page (docs/product-spec.md § Screens and routes); Stripe.js v10 has no
 * redirectToCheckout, and nothing here takes card details.
 *
 * Nothing loads at import time (`@stripe/stripe-js/pure` is fetched only when this runs), and nothing at all
 * unless the server has a publishable key for real Stripe payments: then the CSP lets js.stripe.com in.
 */
let loading: Promise<Stripe | null> | null = null;

export function loadStripeForPaymentScreen(signal?: AbortSignal): Promise<Stripe | null> {
  loading ??= fetchPaymentConfig(signal)
    .then(async ({ publishableKey }) => {
      if (!publishableKey) return null;
      const { loadStripe } = await import("@stripe/stripe-js/pure");
      return loadStripe(publishableKey);
    })
    .catch((error: unknown) => {
      loading = null; // try again on the next visit
      throw error;
    });
  return loading;
}
