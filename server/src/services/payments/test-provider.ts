import { randomBytes } from "node:crypto";
import {
  type PaymentProvider,
  type ProviderTransfer,
  type ProviderTransferReversal,
  type TransferApi,
  TransferRefused,
} from "./payment-provider.js";

export const TEST_CHECKOUT_PATH = "/pay/test-checkout";

/**
 * Without Stripe keys: our own hosted checkout page (GET /pay/test-checkout/:paymentId) on this server,
 * taking Stripe's test card numbers. Our database is the only truth about these payments.
 */
export function createTestProvider(): PaymentProvider & { transfers: TestTransfers } {
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
    transfers: createTestTransfers(),
  };
}

/** The test provider's record of transfers and reversals, as Stripe would hold them (no money moves). */
export interface TestTransfers extends TransferApi {
  /** Every transfer made, with its reversals, in Stripe's shapes. */
  list(): (ProviderTransfer & { reversals: ProviderTransferReversal[] })[];
  /** Reversals from these connected accounts are refused as Stripe does when the balance is short. */
  shortBalance: Set<string>;
}

function createTestTransfers(): TestTransfers {
  const transfers = new Map<string, ProviderTransfer & { reversals: ProviderTransferReversal[] }>();
  const byLedger = new Map<string, string>();
  const shortBalance = new Set<string>();
  // Ids unique across processes and restarts: a ledger row that names a transfer made before a restart must not
  // find another one made since (this record itself lives only as long as the process).
  const run = randomBytes(4).toString("hex");
  let counter = 0;
  return {
    shortBalance,
    list: () => [...transfers.values()].map((transfer) => ({ ...transfer })),
    chargeOf: async (sessionId) => `ch_test_${sessionId}`,
    async createTransfer(input) {
      const key = `transfer-${input.ledgerId}`;
      const earlier = byLedger.get(key);
      if (earlier) return transfers.get(earlier)!;
      counter += 1;
      const transfer = {
        id: `tr_test_${run}_${counter}`,
        object: "transfer" as const,
        amount: input.amountPence,
        currency: input.currency,
        destination: input.destination,
        source_transaction: input.sourceTransaction,
        transfer_group: input.transferGroup,
        metadata: { ...input.metadata, ledger_id: String(input.ledgerId) },
        amount_reversed: 0,
        reversals: [],
      };
      transfers.set(transfer.id, transfer);
      byLedger.set(key, transfer.id);
      return transfer;
    },
    async reverseTransfer(input) {
      const transfer = transfers.get(input.transferId);
      if (!transfer) throw new TransferRefused(`No such transfer: '${input.transferId}'`);
      const key = String(input.ledgerId);
      const earlier = transfer.reversals.find((reversal) => reversal.metadata.ledger_id === key);
      if (earlier) return earlier;
      if (input.amountPence > transfer.amount - transfer.amount_reversed)
        throw new TransferRefused("The reversal is more than what is left of the transfer.");
      if (shortBalance.has(transfer.destination))
        throw new TransferRefused("Insufficient funds in the connected account's balance.");
      counter += 1;
      const reversal = {
        id: `trr_test_${run}_${counter}`,
        object: "transfer_reversal" as const,
        amount: input.amountPence,
        transfer: transfer.id,
        metadata: { ...input.metadata, ledger_id: key },
      };
      transfer.reversals.push(reversal);
      transfer.amount_reversed += input.amountPence;
      return reversal;
    },
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
