import { orderIdParamsSchema } from "@contract/orders";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";

/** Reading the signed-in customer's orders (docs/product-spec.md § The calls it makes). Creating one lives with checkout. */
export default async function orderRoutes(app: FastifyInstance) {
  const orders = app.services.orders;

  app.get("/", async (request) => ({ data: await orders.listForUser(requireUser(request).id) }));

  app.get("/details/:orderId", async (request) => {
    const user = requireUser(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    return { success: true, data: await orders.getForUser(user.id, orderId) };
  });

  app.get("/:orderId", async (request) => {
    const user = requireUser(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    return orders.getForUser(user.id, orderId);
  });
}
