/** Stripe's hosted checkout lives here (docs/product-spec.md § Validation rules). */
export const STRIPE_CHECKOUT_HOST = "checkout.stripe.com";

/**
 * The page we send the customer to must be Stripe's checkout host, or (test mode, no Stripe keys) our own
 * test checkout on this very origin. Anything else is refused: 'Invalid payment URL. Please try again.'
 */
export function isAllowedCheckoutUrl(url: string, ownOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (
    parsed.protocol === "https:" &&
    parsed.hostname === STRIPE_CHECKOUT_HOST &&
    !parsed.port &&
    !parsed.username
  )
    return true;
  return parsed.origin === ownOrigin && parsed.pathname.startsWith("/pay/test-checkout/");
}
