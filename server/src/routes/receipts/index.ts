import { idParam } from "@contract/common";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";

export const receiptIdParamsSchema = z.object({ receiptId: idParam("receipt") });

/** /api/receipts/:id — one receipt or credit note, for its customer and staff only (anyone else: 404). */
export default async function receiptRoutes(app: FastifyInstance) {
  app.get("/:receiptId", async (request, reply) => {
    const user = requireUser(request);
    const { receiptId } = parseInput(receiptIdParamsSchema, request.params);
    reply.header("cache-control", "private, no-store");
    return app.services.receipts.byId(user, receiptId);
  });
}
