import type { FastifyInstance } from "fastify";
import { safeParse } from "zod/v4/core";
import { vehicleLookupRequestSchema } from "../../../../contract/vehicles";

/** Enough for a family trying a few plates; keeps a paid upstream API from being hammered. */
const LOOKUPS_PER_MINUTE = 60;

/** POST /api/vehicle-lookup {registrationNumber}: bearer optional; answers the spec's {success, data | error}. */
export default async function vehicleRoutes(app: FastifyInstance) {
  app.post(
    "/vehicle-lookup",
    { config: { rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: "1 minute" } } },
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
