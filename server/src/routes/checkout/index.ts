import { checkoutRequestSchema } from "@contract/basket";
import { InvalidInput, parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { idempotencyKey } from "../idempotency-key.js";
import { requestOrigin } from "../request-origin.js";

/**
 * POST /api/checkout: one payment for the park basket, beside the spec's per-vendor calls (Idempotency-Key required).
 * The basket itself is GET /api/cart/basket (../cart), a checkout's outcome GET /api/checkouts/:id (../checkouts).
 */
export default async function checkoutRoutes(app: FastifyInstance) {
  const checkout = app.services.checkout;

  app.post("/", async (request, reply) => {
    const user = requireUser(request);
    const key = idempotencyKey(request);
    if (!key)
      throw new InvalidInput(
        "Idempotency-Key header is required: one key per checkout, the same key when retrying",
      );
    const input = parseInput(checkoutRequestSchema, request.body);
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
  });
}
