import { noticeShownRequestSchema } from "@contract/kitchen";
import { createOrderRequestSchema, orderIdParamsSchema } from "@contract/orders";
import { parseInput, Unauthorized } from "@server/domain-errors.js";
import { bearerToken, requireUser } from "@server/plugins/auth.js";
import { NOTICE_TOKEN_PREFIX } from "@server/services/auth/tokens.js";
import type { FastifyInstance } from "fastify";
import { idempotencyKey } from "../idempotency-key.js";

/**
 * /api/orders: the signed-in customer's orders (docs/product-spec.md § The calls it makes). Creating one is the spec's
 * call over the one purchase path (services/checkout/checkout-service.ts).
 */
export default async function orderRoutes(app: FastifyInstance) {
  const orders = app.services.orders;

  app.post("/", async (request, reply) => {
    const user = requireUser(request);
    const key = idempotencyKey(request);
    const input = parseInput(createOrderRequestSchema, request.body);
    const placed = await app.services.checkout.placeOrder(user, input, { key, body: request.body });
    if (placed.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(201).send({ id: placed.id, order_id: placed.id, status: placed.status });
  });

  app.get("/", async (request) => ({ data: await orders.listForUser(requireUser(request).id) }));

  app.get("/details/:orderId", async (request) => {
    const user = requireUser(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    return { success: true, data: await orders.getForUser(user.id, orderId) };
  });

  /** The order's receipts (trailer, park, credit notes): its customer and staff only. */
  app.get("/:orderId/receipts", async (request, reply) => {
    const user = requireUser(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    reply.header("cache-control", "private, no-store");
    return { data: await app.services.receipts.forOrder(user, orderId) };
  });

  // The phone showed the status toast or push: the kitchen ticket says "customer notified"; no text is needed.
  // The service worker, which holds no sign-in, uses the notice token its push carried (that order and status only).
  app.post("/:orderId/notice-shown", async (request) => {
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    const { status, via } = parseInput(noticeShownRequestSchema, request.body);
    const token = bearerToken(request.headers.authorization);
    if (token?.startsWith(NOTICE_TOKEN_PREFIX)) {
      const notice = app.tokens.verifyNotice(token);
      if (!notice || notice.orderId !== orderId || notice.status !== status)
        throw new Unauthorized("This notice token is not valid for that order");
      await app.services.readyTexts.noticeShown(null, orderId, status, via);
      return { recorded: true };
    }
    const user = requireUser(request);
    await app.services.readyTexts.noticeShown(user.id, orderId, status, via);
    return { recorded: true };
  });

  app.get("/:orderId", async (request) => {
    const user = requireUser(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    return orders.getForUser(user.id, orderId);
  });
}
