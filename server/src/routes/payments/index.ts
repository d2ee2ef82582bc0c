import { MESSAGES } from "@contract/messages";
import { createIntentRequestSchema, type PaymentConfig } from "@contract/payments";
import { stripeJsKey } from "@server/config.js";
import { InvalidInput, parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { idempotencyKey } from "../idempotency-key.js";
import { requestOrigin } from "../request-origin.js";

const paymentIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });

/** /api/payments/stripe/*: card payments through a hosted checkout (Stripe, or our test provider without keys). */
export default async function paymentRoutes(app: FastifyInstance) {
  const publishableKey = stripeJsKey(app.config);
  const payments = app.services.payments;

  // The payment screen's one setting: the key it loads Stripe.js with, or null (then it loads nothing of Stripe's).
  app.get("/stripe/config", async (request, reply): Promise<PaymentConfig> => {
    requireUser(request);
    reply.header("Cache-Control", "no-store");
    return { publishableKey };
  });

  app.post("/stripe/create-intent", async (request) => {
    const user = requireUser(request);
    const input = parseInput(createIntentRequestSchema, request.body);
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

  app.get("/stripe/status/:id", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(paymentIdParams, request.params);
    reply.header("Cache-Control", "no-store");
    return payments.getStatus(user.id, id);
  });

  // Stripe signs the exact bytes it sent: this route alone keeps the body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhook.post("/stripe/webhook", async (request) => {
      const signature = request.headers["stripe-signature"];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return payments.handleWebhook(body, Array.isArray(signature) ? signature[0] : signature);
    });
  });
}
