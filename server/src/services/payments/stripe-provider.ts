import { createRequire } from "node:module";
import type Stripe from "stripe";
import { CHECKOUT_LIFETIME_MS } from "./payment-model.js";
import type {
  CheckoutSessionState,
  CheckoutWebhookEvent,
  CreateCheckoutInput,
  CreatedCheckout,
  PaymentProvider,
  ProviderTransfer,
  ProviderTransferReversal,
  TransferApi,
} from "./payment-provider.js";
import { TransferRefused, WebhookPayloadError, WebhookSignatureError } from "./payment-provider.js";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  /** Points the SDK somewhere else than api.stripe.com (tests use a local fake). */
  api?:
    | {
        host?: string | undefined;
        port?: number | undefined;
        protocol?: "http" | "https" | undefined;
      }
    | undefined;
}

/** Sessions left open this long expire on their own (Stripe's minimum; the local test checkout the same). */
const SESSION_LIFETIME_S = CHECKOUT_LIFETIME_MS / 1000;

type Session = Stripe.Checkout.Session;

/** A declined attempt leaves the session open with a PaymentIntent asking for another payment method. */
function declineMessage(session: Session): string | null {
  const intent = session.payment_intent;
  if (session.status !== "open" || !intent || typeof intent === "string") return null;
  if (intent.status !== "requires_payment_method" || !intent.last_payment_error) return null;
  return intent.last_payment_error.message ?? "Your card was declined.";
}

function sessionState(session: Session): CheckoutSessionState {
  return {
    state:
      session.status === "complete"
        ? "complete"
        : session.status === "expired"
          ? "expired"
          : "open",
    paid: session.payment_status === "paid",
    declineMessage: declineMessage(session),
    amountTotalPence: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const optional = (value: unknown, type: "string" | "number") =>
  value === undefined || value === null || typeof value === type;

/** What is wrong with a signed event's shape for us to act on it, or null when it can be read. */
export function webhookEventProblem(event: unknown, checkoutEvents: Set<string>): string | null {
  if (!isObject(event)) return "the event is not a JSON object";
  if (typeof event.id !== "string" || event.id.length === 0) return "the event has no id";
  if (typeof event.type !== "string" || event.type.length === 0) return "the event has no type";
  if (!checkoutEvents.has(event.type)) return null;
  if (!isObject(event.data)) return "the event has no data";
  const session = event.data.object;
  if (!isObject(session)) return "the event's data has no object";
  if (typeof session.id !== "string" || session.id.length === 0)
    return "the checkout session has no id";
  if (!optional(session.amount_total, "number")) return "the session's amount is not a number";
  if (!optional(session.currency, "string")) return "the session's currency is not text";
  if (!optional(session.client_reference_id, "string"))
    return "the session's reference is not text";
  if (session.metadata !== undefined && session.metadata !== null) {
    if (!isObject(session.metadata)) return "the session's metadata is not an object";
    if (!optional(session.metadata.payment_id, "string"))
      return "the session's payment id is not text";
  }
  for (const field of ["status", "payment_status"] as const)
    if (!optional(session[field], "string")) return `the session's ${field} is not text`;
  return null;
}

const CHECKOUT_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/** A refusal for good (4xx other than a conflict or rate limit) is not retried; anything else is. */
function refusedOrRetry(error: unknown): never {
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429)
    throw new TransferRefused((error as Error).message);
  throw error;
}

/**
 * Transfers and reversals keyed by our ledger row: the idempotency key covers a retry within Stripe's 24 hours,
 * and a retry after that first looks for a transfer (or reversal) carrying the row's id in its metadata.
 */
function stripeTransfers(stripe: Stripe): TransferApi {
  return {
    async chargeOf(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ["payment_intent"],
      });
      const intent = session.payment_intent;
      if (!intent || typeof intent === "string") return null;
      const charge = intent.latest_charge;
      return typeof charge === "string" ? charge : (charge?.id ?? null);
    },

    async createTransfer(input) {
      const ledgerId = String(input.ledgerId);
      const earlier = await stripe.transfers.list({
        transfer_group: input.transferGroup,
        limit: 100,
      });
      const found = earlier.data.find((transfer) => transfer.metadata?.ledger_id === ledgerId);
      if (found) return found as unknown as ProviderTransfer;
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            destination: input.destination,
            source_transaction: input.sourceTransaction,
            transfer_group: input.transferGroup,
            metadata: { ...input.metadata, ledger_id: ledgerId },
          },
          { idempotencyKey: `transfer-${ledgerId}` },
        );
        return transfer as unknown as ProviderTransfer;
      } catch (error) {
        refusedOrRetry(error);
      }
    },

    async reverseTransfer(input) {
      const ledgerId = String(input.ledgerId);
      const earlier = await stripe.transfers.listReversals(input.transferId, { limit: 100 });
      const found = earlier.data.find((reversal) => reversal.metadata?.ledger_id === ledgerId);
      if (found) return found as unknown as ProviderTransferReversal;
      try {
        const reversal = await stripe.transfers.createReversal(
          input.transferId,
          { amount: input.amountPence, metadata: { ...input.metadata, ledger_id: ledgerId } },
          { idempotencyKey: `transfer-reversal-${ledgerId}` },
        );
        return reversal as unknown as ProviderTransferReversal;
      } catch (error) {
        refusedOrRetry(error);
      }
    },
  };
}

/** Stripe Checkout: a hosted page on checkout.stripe.com, confirmed by webhook or by asking Stripe. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const api = options.api ?? {};
  // Loaded only when Stripe is configured: the SDK is about 19 MB of memory a park on the test checkout never needs.
  const StripeSdk = createRequire(import.meta.url)("stripe") as typeof Stripe;
  const stripe = new StripeSdk(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api.host ? { host: api.host } : {}),
    ...(api.port ? { port: api.port } : {}),
    ...(api.protocol ? { protocol: api.protocol } : {}),
  });

  return {
    name: "stripe",

    async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: input.currency,
          line_items: input.lineItems.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: input.currency,
              unit_amount: line.unitAmountPence,
              product_data: {
                name: line.name,
                ...(line.description ? { description: line.description } : {}),
              },
            },
          })),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.paymentId,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata, transfer_group: input.transferGroup },
          expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_S,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        },
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return {
        sessionId: session.id,
        url: session.url,
        clientSecret: session.client_secret ?? null,
      };
    },

    async retrieveSession(sessionId) {
      // The PaymentIntent says whether a card was tried and declined while the session stays open.
      return sessionState(
        await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] }),
      );
    },

    async expireSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },

    async refund(sessionId, amountPence, idempotencyKey) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const intent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : session.payment_intent?.id;
      if (!intent) throw new Error(`session ${sessionId} has no payment to refund`);
      await stripe.refunds.create(
        { payment_intent: intent, amount: amountPence },
        { idempotencyKey },
      );
    },

    transfers: stripeTransfers(stripe),

    webhooks: options.webhookSecret
      ? {
          verify(rawBody, signature): CheckoutWebhookEvent {
            let event: Stripe.Event;
            try {
              event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret!);
            } catch (error) {
              throw new WebhookSignatureError((error as Error).message);
            }
            const problem = webhookEventProblem(event, CHECKOUT_EVENTS);
            if (problem) throw new WebhookPayloadError(problem);
            if (!CHECKOUT_EVENTS.has(event.type))
              return { id: event.id, type: event.type, session: null };
            const session = event.data.object as Session;
            return {
              id: event.id,
              type: event.type,
              session: {
                id: session.id,
                paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
                ...sessionState(session),
              },
            };
          },
        }
      : null,
  };
}
