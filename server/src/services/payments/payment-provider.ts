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
