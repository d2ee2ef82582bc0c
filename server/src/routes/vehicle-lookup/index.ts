import { vehicleLookupRequestSchema } from "@contract/vehicles";
import type { FastifyInstance } from "fastify";
import { safeParse } from "zod/v4/core";

/**
 * POST /api/vehicle-lookup {registrationNumber}: bearer optional; answers the spec's {success, data | error}.
 * Limited per signed-in customer (per address when signed out): enough for a family trying a few plates, while a
 * paid upstream API is never hammered and a park's customers behind one address do not share one allowance.
 */
export default async function vehicleLookupRoutes(app: FastifyInstance) {
  app.post(
    "/",
    {
      config: {
        rateLimit: {
          max: app.config.vehicleLookupRateLimitPerMinute,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request) =>
            request.user ? `user:${request.user.id}` : `address:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const parsed = safeParse(vehicleLookupRequestSchema, request.body ?? {});
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message ?? "Please enter a registration number";
        return reply.status(400).send({ success: false, error, message: error });
      }
      const result = await app.services.vehicles.lookup(parsed.data.registrationNumber);
      if (result.success) return result;
      const { status, ...failure } = result;
      return reply.status(status).send({ ...failure, message: failure.error });
    },
  );
}
