import type { AppConfigResponse } from "@contract/app-config";
import type { FastifyInstance } from "fastify";

/** GET /api/config: public facts about this server the app shows (test-payments banner, the charges a cart written offline is priced with). */
export default async function configRoutes(app: FastifyInstance) {
  const cardPayments = app.services.payments.cardPayments;
  const { serviceChargePence, deliveryFeePence } = app.services.charges;
  app.get("/", async (_request, reply): Promise<AppConfigResponse> => {
    reply.header("Cache-Control", "public, max-age=60");
    return {
      cardPayments,
      testPayments: cardPayments === "test",
      charges: { serviceChargePence, deliveryFeePence },
    };
  });
}
