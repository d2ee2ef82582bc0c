import { readyTextSettingsResponseSchema, readyTextSettingsSchema } from "@contract/text-alerts";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";

/** /api/profile: the signed-in customer's "Text me when it's ready" (a UK mobile and the opt-in). */
export default async function profileRoutes(app: FastifyInstance) {
  const texts = app.services.readyTexts;

  declareRoute(
    app,
    "GET",
    "/ready-text",
    {
      operationId: "readyTextSettings",
      summary: "\"Text me when it's ready\": the customer's UK mobile (E.164) and opt-in",
      tag: "Accounts",
      access: "user",
      responses: { 200: { description: "The settings", schema: readyTextSettingsResponseSchema } },
    },
    async (request) => texts.settings(requireUser(request).id),
  );

  declareRoute(
    app,
    "PUT",
    "/ready-text",
    {
      operationId: "updateReadyTextSettings",
      summary: "Set the mobile and the opt-in (common UK forms accepted, stored as +447…)",
      tag: "Accounts",
      access: "user",
      body: readyTextSettingsSchema,
      responses: {
        200: { description: "The settings now", schema: readyTextSettingsResponseSchema },
        422: errorAnswer("mobile: not a UK mobile number, or opted in without one"),
      },
    },
    async (request) => texts.updateSettings(requireUser(request).id, request.body),
  );
}
