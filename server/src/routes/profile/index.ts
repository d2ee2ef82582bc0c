import { readyTextSettingsSchema } from "@contract/text-alerts";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";

/** /api/profile: the signed-in customer's "Text me when it's ready" (a UK mobile and the opt-in). */
export default async function profileRoutes(app: FastifyInstance) {
  const texts = app.services.readyTexts;

  app.get("/ready-text", async (request) => texts.settings(requireUser(request).id));

  app.put("/ready-text", async (request) => {
    const user = requireUser(request);
    return texts.updateSettings(user.id, parseInput(readyTextSettingsSchema, request.body));
  });
}
