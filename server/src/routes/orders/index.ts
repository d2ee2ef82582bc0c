import { noticeShownRequestSchema } from "@contract/kitchen";
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  orderDetailsResponseSchema,
  orderIdParamsSchema,
  orderListResponseSchema,
  orderSchema,
} from "@contract/orders";
import { orderReceiptsSchema } from "@contract/receipts";
import { parseInput, Unauthorized } from "@server/domain-errors.js";
import { bearerToken, requireUser } from "@server/plugins/auth.js";
import { NOTICE_TOKEN_PREFIX } from "@server/services/auth/tokens.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { idempotencyKey } from "../idempotency-key.js";
import { declareRoute, errorAnswer } from "../route-contract.js";

const ORDERS = { tag: "Orders", access: "user" } as const;
const ONE_ORDER = { ...ORDERS, params: orderIdParamsSchema } as const;

/**
 * /api/orders: the signed-in customer's orders (docs/product-spec.md § The calls it makes). Creating one is the spec's
 * call over the one purchase path (services/checkout/checkout-service.ts).
 */
export default async function orderRoutes(app: FastifyInstance) {
  const orders = app.services.orders;

  const createOrder = {
    ...ORDERS,
    operationId: "createOrder",
    summary: "Place an order at one trailer from its cart",
    body: createOrderRequestSchema,
    // The Idempotency-Key covers the body as sent (its hash), so the handler parses it.
    parsedByHandler: ["body"],
    idempotencyKey: "optional",
    responses: {
      201: { description: "Placed", schema: createOrderResponseSchema },
      402: errorAnswer("A card order whose payment has not been completed"),
      404: errorAnswer("No such vendor"),
      409: errorAnswer(
        "The cart changed, the trailer closed, or an order with this key is still being placed",
      ),
      422: errorAnswer("The Idempotency-Key was used for a different request"),
    },
  } as const;
  declareRoute(app, "POST", "/", createOrder, async (request, reply) => {
    const user = requireUser(request);
    const key = idempotencyKey(request);
    const input = parseInput(createOrder.body, request.body);
    const placed = await app.services.checkout.placeOrder(user, input, { key, body: request.body });
    if (placed.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(201).send({ id: placed.id, order_id: placed.id, status: placed.status });
  });

  declareRoute(
    app,
    "GET",
    "/",
    {
      ...ORDERS,
      operationId: "listOrders",
      summary: "The customer's orders, newest first",
      responses: { 200: { description: "The orders", schema: orderListResponseSchema } },
    },
    async (request) => ({ data: await orders.listForUser(requireUser(request).id) }),
  );

  declareRoute(
    app,
    "GET",
    "/details/:orderId",
    {
      ...ONE_ORDER,
      operationId: "getOrderDetails",
      summary: "One of the customer's orders, wrapped as the spec's details call has it",
      responses: {
        200: { description: "The order", schema: orderDetailsResponseSchema },
        404: errorAnswer("No such order of yours"),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      return { success: true, data: await orders.getForUser(user.id, orderId) };
    },
  );

  /** The order's receipts (trailer, park, credit notes): its customer and staff only. */
  declareRoute(
    app,
    "GET",
    "/:orderId/receipts",
    {
      ...ONE_ORDER,
      operationId: "orderReceipts",
      summary:
        "The order's receipts: its trailer's (a VAT receipt when VAT-registered), the park's for the service charge, credit notes",
      responses: {
        200: {
          description: "The receipts, oldest first (none until a cash order is paid)",
          schema: orderReceiptsSchema,
        },
        404: errorAnswer("No such order of yours"),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      reply.header("cache-control", "private, no-store");
      return { data: await app.services.receipts.forOrder(user, orderId) };
    },
  );

  // The phone showed the status toast or push: the kitchen ticket says "customer notified"; no text is needed.
  // The service worker, which holds no sign-in, uses the notice token its push carried (that order and status only).
  declareRoute(
    app,
    "POST",
    "/:orderId/notice-shown",
    {
      ...ONE_ORDER,
      access: "user or notice token",
      operationId: "orderNoticeShown",
      summary:
        "The phone showed this status's toast or push (recorded once; a pending ready text is cancelled)",
      body: noticeShownRequestSchema,
      responses: {
        200: { description: "Recorded", schema: z.object({ recorded: z.boolean() }) },
        404: errorAnswer("No such order of yours"),
      },
    },
    async (request) => {
      const { orderId } = request.params;
      const { status, via } = request.body;
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
    },
  );

  declareRoute(
    app,
    "GET",
    "/:orderId",
    {
      ...ONE_ORDER,
      operationId: "getOrder",
      summary: "One of the customer's orders",
      responses: {
        200: { description: "The order", schema: orderSchema },
        404: errorAnswer("No such order of yours"),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      return orders.getForUser(user.id, orderId);
    },
  );
}
