import { type AppConfigResponse, appConfigResponseSchema } from "@contract/app-config";
import type { FastifyInstance } from "fastify";
import { declareRoute } from "../route-contract.js";

/** GET /api/config: public facts about this server the app shows (test-payments banner, the charges a cart written offline is priced with). */
export default async function configRoutes(app: FastifyInstance) {
  const cardPayments = app.services.payments.cardPayments;
  const { serviceChargePence, deliveryFeePence } = app.services.charges;
  declareRoute(
    app,
    "GET",
    "/",
    {
      operationId: "appConfig",
      summary: "Public facts about this server (how card payments are taken)",
      tag: "Park",
      access: "public",
      responses: { 200: { description: "The server's facts", schema: appConfigResponseSchema } },
    },
    async (_request, reply): Promise<AppConfigResponse> => {
      reply.header("Cache-Control", "public, max-age=60");
      return {
        cardPayments,
        testPayments: cardPayments === "test",
        charges: { serviceChargePence, deliveryFeePence },
      };
    },
  );
}
