import { createOrderRequestSchema } from "@contract/orders";
import { parseInput } from "@server/domain-errors.js";
import { badRequest } from "@server/http-error.js";
import { requireUser } from "@server/plugins/auth.js";
import { requestHash } from "@server/services/checkout/idempotency.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,100}$/;

/** The optional `Idempotency-Key` header: a retry with the same key answers the same order. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return null;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest("Idempotency-Key must be 8 to 100 letters, digits, '-', '_', ':' or '.'");
  }
  return key;
}

/** POST /api/orders: order creation (checkout). Reading orders lives in ./index.ts. */
export default async function orderCreateRoutes(app: FastifyInstance) {
  app.post("/orders", async (request, reply) => {
    const user = requireUser(request);
    const key = idempotencyKey(request);
    const input = parseInput(createOrderRequestSchema, request.body);
    const hash = key ? requestHash(request.body) : null;
    const placed = await app.services.checkout.placeOrder(user, input, key, hash);
    if (placed.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(201).send({ id: placed.id, order_id: placed.id, status: placed.status });
  });
}
