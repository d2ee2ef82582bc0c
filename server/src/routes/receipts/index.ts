import { idParam } from "@contract/common";
import { receiptSchema } from "@contract/receipts";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { declareRoute, errorAnswer } from "../route-contract.js";

export const receiptIdParamsSchema = z.object({ receiptId: idParam("receipt") });

/** /api/receipts/:id — one receipt or credit note, for its customer and staff only (anyone else: 404). */
export default async function receiptRoutes(app: FastifyInstance) {
  declareRoute(
    app,
    "GET",
    "/:receiptId",
    {
      operationId: "getReceipt",
      summary: "One receipt or credit note (its customer and staff only)",
      tag: "Orders",
      access: "user",
      params: receiptIdParamsSchema,
      responses: {
        200: { description: "The receipt", schema: receiptSchema },
        404: errorAnswer("No such receipt of yours"),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "private, no-store");
      return app.services.receipts.byId(user, request.params.receiptId);
    },
  );
}
