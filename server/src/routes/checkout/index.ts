import { basketQuerySchema, checkoutIdParamsSchema, checkoutRequestSchema } from "@contract/basket";
import { parseInput } from "@server/domain-errors.js";
import { badRequest } from "@server/http-error.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { idempotencyKey } from "../orders/create.js";
import { requestOrigin } from "../request-origin.js";

/**
 * One park basket, beside the spec's per-vendor calls:
 * GET /api/cart/basket, POST /api/checkout (Idempotency-Key required), GET /api/checkouts/:checkoutId.
 */
export default async function checkoutRoutes(app: FastifyInstance) {
  const checkout = app.services.checkout;

  app.get("/cart/basket", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return checkout.getBasket(
      requireUser(request).id,
      parseInput(basketQuerySchema, request.query),
    );
  });

  app.post("/checkout", async (request, reply) => {
    const user = requireUser(request);
    const key = idempotencyKey(request);
    if (!key)
      throw badRequest(
        "Idempotency-Key header is required: one key per checkout, the same key when retrying",
      );
    const input = parseInput(checkoutRequestSchema, request.body);
    // Card return links: PUBLIC_URL, or in development only a Host a developer can mean (never a claimed one).
    const origin =
      input.paymentMethod === "stripe"
        ? (app.services.payments.publicUrl ?? requestOrigin(request))
        : "";
    const result = await checkout.checkout(user, input, key, origin);
    if (result.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(result.replayed ? 200 : 201).send(result.response);
  });

  app.get("/checkouts/:checkoutId", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const { checkoutId } = parseInput(checkoutIdParamsSchema, request.params);
    return checkout.getCheckout(requireUser(request).id, checkoutId);
  });
}
