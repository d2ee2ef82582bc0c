import {
  checkoutIdParamsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
} from "@contract/basket";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { requiredIdempotencyKey } from "../idempotency-key.js";
import { requestOrigin } from "../request-origin.js";
import { declareRoute, errorAnswer } from "../route-contract.js";

/** One resource under two spec addresses: POST /api/checkout places it, GET /api/checkouts/:id reads it. */
export const mountAt = "/api";

/**
 * POST /api/checkout: one payment for the park basket, beside the spec's per-vendor calls (Idempotency-Key required).
 * The basket itself is GET /api/cart/basket (../cart); GET /api/checkouts/:checkoutId is what became of a checkout
 * (its orders, or its card payment).
 */
export default async function checkoutRoutes(app: FastifyInstance) {
  const checkout = app.services.checkout;

  declareRoute(
    app,
    "POST",
    "/checkout",
    {
      operationId: "checkout",
      summary: "Place one order per listed trailer, all or nothing",
      tag: "Orders",
      access: "user",
      body: checkoutRequestSchema,
      idempotencyKey: "required",
      responses: {
        200: {
          description: "A replay of the same key: the first answer",
          schema: checkoutResponseSchema,
        },
        201: { description: "Placed (or awaiting card payment)", schema: checkoutResponseSchema },
        404: errorAnswer("A listed trailer is unknown"),
        409: errorAnswer("The basket changed, or a checkout with this key is still being placed"),
        422: errorAnswer(
          "The Idempotency-Key was used for a different request, or readyText.mobile is not a UK mobile",
        ),
        503: errorAnswer("Card payments are not available"),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const key = requiredIdempotencyKey(request);
      const input = request.body;
      // Checked before anything is placed: an unusable number is refused (422) with nothing bought.
      if (input.readyText) {
        app.services.readyTexts.validate(input.readyText);
        await app.services.readyTexts.updateSettings(user.id, input.readyText);
      }
      // Card return links: PUBLIC_URL, or in development only a Host a developer can mean (never a claimed one).
      const origin =
        input.paymentMethod === "stripe"
          ? (app.services.payments.publicUrl ?? requestOrigin(request))
          : "";
      const result = await checkout.checkout(user, input, key, origin);
      if (result.replayed) reply.header("Idempotent-Replayed", "true");
      return reply.status(result.replayed ? 200 : 201).send(result.response);
    },
  );

  declareRoute(
    app,
    "GET",
    "/checkouts/:checkoutId",
    {
      operationId: "getCheckout",
      summary: "A checkout and its orders",
      tag: "Orders",
      access: "user",
      params: checkoutIdParamsSchema,
      responses: {
        200: { description: "The checkout", schema: checkoutResponseSchema },
        404: errorAnswer("No such checkout of yours"),
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const { checkoutId } = request.params;
      return app.services.checkout.getCheckout(requireUser(request).id, checkoutId);
    },
  );
}
