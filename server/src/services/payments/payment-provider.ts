/** One line of the hosted checkout page, in pence. */
export interface CheckoutLineItem {
  name: string;
  description?: string | undefined;
  unitAmountPence: number;
  quantity: number;
}

export interface CreateCheckoutInput {
  paymentId: string;
  amountPence: number;
  currency: "gbp";
  lineItems: CheckoutLineItem[];
  /** Where the provider sends the customer after paying (contains our payment id). */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  customerEmail?: string | undefined;
  /** Stripe Connect: ties the charge to the transfers to each trailer that follow it. */
  transferGroup: string;
}

export interface CreatedCheckout {
  sessionId: string;
  /** The hosted payment page the customer is sent to. */
  url: string;
  clientSecret: string | null;
}

/** The provider's own view of a checkout session. */
export interface CheckoutSessionState {
  state: "open" | "complete" | "expired";
  paid: boolean;
  /** The provider's reason when the customer's last card on this open session was declined, else null. */
  declineMessage?: string | null;
  amountTotalPence: number | null;
  currency: string | null;
}

/** A verified webhook event about a checkout session. */
export interface CheckoutWebhookEvent {
  id: string;
  type: string;
  session: {
    id: string;
    /** Our payment id, from the session's metadata or client reference. */
    paymentId: string | null;
    paid: boolean;
    amountTotalPence: number | null;
    currency: string | null;
  } | null;
}

/** A transfer of a trailer's share to its connected account, in Stripe's shape (the fields we use). */
export interface ProviderTransfer {
  id: string;
  object: "transfer";
  amount: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  amount_reversed: number;
}

/** A (partial) reversal of a transfer, in Stripe's shape. */
export interface ProviderTransferReversal {
  id: string;
  object: "transfer_reversal";
  amount: number;
  transfer: string;
  metadata: Record<string, string>;
}

export interface CreateTransferInput {
  amountPence: number;
  currency: "gbp";
  destination: string;
  /** The charge the money comes from (Stripe's `source_transaction`). */
  sourceTransaction: string;
  transferGroup: string;
  /** Our ledger row: the idempotency key is derived from it, and a retry finds an earlier transfer by it. */
  ledgerId: number;
  metadata: Record<string, string>;
}

export interface ReverseTransferInput {
  transferId: string;
  amountPence: number;
  ledgerId: number;
  metadata: Record<string, string>;
}

/** The provider refused a transfer or reversal for good (e.g. the trailer's balance is short): not retried. */
export class TransferRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TransferRefused";
  }
}

/** Stripe Connect "separate charges and transfers": moves each trailer's share after the charge. */
export interface TransferApi {
  /** The charge behind a paid checkout session (the transfers' source), or null when there is none yet. */
  chargeOf(sessionId: string): Promise<string | null>;
  createTransfer(input: CreateTransferInput): Promise<ProviderTransfer>;
  reverseTransfer(input: ReverseTransferInput): Promise<ProviderTransferReversal>;
}

/** Takes card payments through a hosted checkout page. */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout>;
  /** The session as the provider sees it; null when our database is the only truth (the test provider). */
  retrieveSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /** Closes a session nobody should pay any more (a newer attempt replaced it). */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Gives back `amountPence` of a paid session (a partial refund, or all of it), once per `idempotencyKey`: the
   * same key sent again (a retry) never refunds twice. The test provider moves no money: our rows record the
   * refund either way.
   */
  refund(sessionId: string, amountPence: number, idempotencyKey: string): Promise<void>;
  /** Verifies the signature of a raw webhook body; throws when it does not verify. Null: no webhooks. */
  readonly webhooks: { verify(rawBody: Buffer, signature: string): CheckoutWebhookEvent } | null;
  /** Each trailer's share, moved after the charge (the test provider records them without moving money). */
  readonly transfers: TransferApi;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A correctly signed webhook whose body is not an event we can read (no `data`, an array, …): a 400, logged. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookPayloadError";
  }
}
