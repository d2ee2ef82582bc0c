import { checkoutIdParamsSchema } from "@contract/basket";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";

/** GET /api/checkouts/:checkoutId: what became of a park-basket checkout (its orders, or its card payment). */
export default async function checkoutsRoutes(app: FastifyInstance) {
  app.get("/:checkoutId", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const { checkoutId } = parseInput(checkoutIdParamsSchema, request.params);
    return app.services.checkout.getCheckout(requireUser(request).id, checkoutId);
  });
}
