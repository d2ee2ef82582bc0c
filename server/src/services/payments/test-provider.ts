import type { PaymentProvider } from "./payment-provider.js";

export const TEST_CHECKOUT_PATH = "/pay/test-checkout";

/**
 * Without Stripe keys: our own hosted checkout page (GET /pay/test-checkout/:paymentId) on this server,
 * taking Stripe's test card numbers. Our database is the only truth about these payments.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: "test",
    async createCheckout(input) {
      const origin = new URL(input.successUrl).origin;
      return {
        sessionId: input.paymentId,
        url: `${origin}${TEST_CHECKOUT_PATH}/${encodeURIComponent(input.paymentId)}`,
        clientSecret: null,
      };
    },
    retrieveSession: async () => null,
    expireSession: async () => undefined,
    refund: async () => undefined,
    webhooks: null,
  };
}

export type TestCardOutcome =
  | { paid: true }
  | { paid: false; message: string; field: "number" | "expiry" | "cvc" | null };

/** Stripe's documented test cards that fail, with Stripe's own wording. */
const DECLINES: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000009987": "Your card was declined.",
  "4000000000000069": "Your card has expired.",
  "4000000000000127": "Your card's security code is incorrect.",
  "4000000000000119": "An error occurred while processing your card. Try again in a little bit.",
};

/** Stripe's test cards that succeed without extra steps (Visa, Visa debit, Mastercard, Amex). */
const SUCCEEDS = new Set([
  "4242424242424242",
  "4000056655665556",
  "5555555555554444",
  "5200828282828210",
  "378282246310005",
]);

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Checks the form like Stripe's page would and decides the test card's fate. */
export function chargeTestCard(
  form: { number: string; expiry: string; cvc: string },
  now = new Date(),
): TestCardOutcome {
  const number = form.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { paid: false, field: "number", message: "Your card number is invalid." };
  }
  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  if (!expiry || month < 1 || month > 12)
    return { paid: false, field: "expiry", message: "Your card's expiration date is incomplete." };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { paid: false, field: "expiry", message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim()))
    return { paid: false, field: "cvc", message: "Your card's security code is incomplete." };
  const declined = DECLINES[number];
  if (declined) return { paid: false, field: null, message: declined };
  if (SUCCEEDS.has(number)) return { paid: true };
  return {
    paid: false,
    field: "number",
    message:
      "Your card was declined. This test checkout takes Stripe's test cards, e.g. 4242 4242 4242 4242.",
  };
}
