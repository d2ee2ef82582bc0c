import { recordedTextsResponseSchema } from "@contract/kitchen";
import { NotFound } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";

/**
 * /api/test/texts: what the local text provider recorded instead of sending (development and tests only;
 * /test-notification lists them). A signed-in user sees the texts to their own number; staff see all.
 * Only where texts are recorded instead of sent (never in production).
 */
export default async function testTextRoutes(app: FastifyInstance) {
  if (!app.services.recordedTexts) return;
  declareRoute(
    app,
    "GET",
    "/texts",
    {
      operationId: "recordedTexts",
      summary: "Texts the local provider recorded instead of sending (development and tests only)",
      tag: "Accounts",
      access: "user",
      responses: {
        200: {
          description: "Newest first (staff: all; a customer: to their number)",
          schema: recordedTextsResponseSchema,
        },
        404: errorAnswer("Texts are not recorded on this server"),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const local = app.services.recordedTexts;
      if (!local) throw new NotFound("Texts are not recorded on this server");
      if (user.role === "staff") return { data: await local.recorded() };
      // A customer's own texts, however many went to other numbers since.
      const { mobile } = await app.services.readyTexts.settings(user.id);
      return { data: mobile === null ? [] : await local.recorded({ to: mobile }) };
    },
  );
}
