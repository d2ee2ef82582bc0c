import { MESSAGES } from "@contract/messages";
import {
  createIntentRequestSchema,
  createIntentResponseSchema,
  type PaymentConfig,
  paymentConfigSchema,
  paymentStatusResponseSchema,
} from "@contract/payments";
import { stripeJsKey } from "@server/config.js";
import { InvalidInput, parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { idempotencyKey } from "../idempotency-key.js";
import { requestOrigin } from "../request-origin.js";
import { declareRoute, errorAnswer } from "../route-contract.js";

const paymentIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
const PAYMENTS = { tag: "Payments", access: "user" } as const;

/** /api/payments/stripe/*: card payments through a hosted checkout (Stripe, or our test provider without keys). */
export default async function paymentRoutes(app: FastifyInstance) {
  const publishableKey = stripeJsKey(app.config);
  const payments = app.services.payments;

  // The payment screen's one setting: the key it loads Stripe.js with, or null (then it loads nothing of Stripe's).
  declareRoute(
    app,
    "GET",
    "/stripe/config",
    {
      ...PAYMENTS,
      operationId: "paymentConfig",
      summary: "The key Stripe.js loads with, or null",
      responses: { 200: { description: "The setting", schema: paymentConfigSchema } },
    },
    async (_request, reply): Promise<PaymentConfig> => {
      reply.header("Cache-Control", "no-store");
      return { publishableKey };
    },
  );

  const createPayment = {
    ...PAYMENTS,
    operationId: "createPayment",
    summary: "Start a hosted card payment for an order to be placed",
    body: createIntentRequestSchema,
    // The Idempotency-Key covers the body as sent, so the handler parses it.
    parsedByHandler: ["body"],
    responses: {
      200: {
        description: "The hosted payment to send the customer to",
        schema: createIntentResponseSchema,
      },
      404: errorAnswer("No such vendor, or (orderId) no such order of yours"),
      409: errorAnswer(
        "The amount or the cart changed, or (orderId) the order is paid or cancelled already",
      ),
      502: errorAnswer("The payment provider did not answer"),
      503: errorAnswer("Card payments are not available"),
    },
  } as const;
  declareRoute(app, "POST", "/stripe/create-intent", createPayment, async (request) => {
    const user = requireUser(request);
    const input = parseInput(createPayment.body, request.body);
    if (!input.orderData) {
      // The spec's orderId: the caller's own cash order, not paid yet.
      if (input.orderId !== undefined)
        return app.services.checkout.payOrderByCard(
          user,
          {
            orderId: input.orderId,
            amount: input.amount,
            metadata: input.metadata?.source ? { source: input.metadata.source } : {},
          },
          app.services.payments.publicUrl ?? requestOrigin(request),
        );
      throw new InvalidInput(MESSAGES.paymentMissingOrder);
    }
    return app.services.checkout.payByCard(
      user,
      {
        order: { ...input.orderData, paymentMethod: "stripe" },
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata?.source ? { source: input.metadata.source } : {},
      },
      { key: idempotencyKey(request), body: request.body },
      app.services.payments.publicUrl ?? requestOrigin(request),
    );
  });

  declareRoute(
    app,
    "GET",
    "/stripe/status/:id",
    {
      ...PAYMENTS,
      operationId: "paymentStatus",
      summary: "Where a card payment stands",
      params: paymentIdParams,
      responses: {
        200: { description: "The status", schema: paymentStatusResponseSchema },
        404: errorAnswer("No such payment of yours"),
        502: errorAnswer("The payment provider did not answer"),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params;
      reply.header("Cache-Control", "no-store");
      return payments.getStatus(user.id, id);
    },
  );

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    declareRoute(
      webhook,
      "POST",
      "/stripe/webhook",
      {
        operationId: "stripeWebhook",
        summary: "Stripe's signed events",
        tag: "Payments",
        access: "public",
        body: "raw",
        headers: [
          {
            name: "Stripe-Signature",
            required: true,
            description: "Stripe's signature of the exact body bytes",
            schema: { type: "string" },
          },
        ],
        responses: {
          200: { description: "Applied (or a duplicate)", schema: webhookAnswerSchema },
          404: errorAnswer("Webhooks are not configured on this server"),
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return payments.handleWebhook(body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
}
