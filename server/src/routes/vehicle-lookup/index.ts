import { errorResponseSchema } from "@contract/errors";
import { vehicleLookupRequestSchema, vehicleLookupResponseSchema } from "@contract/vehicles";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { safeParse } from "zod/v4/core";
import { declareRoute, errorAnswer } from "../route-contract.js";

const lookUpVehicle = {
  operationId: "lookUpVehicle",
  summary: "Make and colour of a UK registration, for car delivery",
  tag: "Orders",
  access: "optional",
  body: vehicleLookupRequestSchema,
  // A plate that is not one answers the spec's `{ success: false, error }`, not a plain `{ message }`.
  parsedByHandler: ["body"],
  responses: {
    200: { description: "Found", schema: vehicleLookupResponseSchema },
    400: {
      description:
        "Not a registration number (`{ success: false, error, message }`), or a malformed request (`{ message }`)",
      schema: z.union([vehicleLookupResponseSchema, errorResponseSchema]),
    },
    404: { description: "No such vehicle", schema: vehicleLookupResponseSchema },
    429: errorAnswer("Too many look-ups"),
    502: {
      description: "The vehicle register did not answer",
      schema: vehicleLookupResponseSchema,
    },
    503: { description: "Look-ups are not configured", schema: vehicleLookupResponseSchema },
  },
} as const;

/**
 * POST /api/vehicle-lookup {registrationNumber}: bearer optional; answers the spec's {success, data | error}.
 * Limited per signed-in customer (per address when signed out): enough for a family trying a few plates, while a
 * paid upstream API is never hammered and a park's customers behind one address do not share one allowance.
 */
export default async function vehicleLookupRoutes(app: FastifyInstance) {
  declareRoute(
    app,
    "POST",
    "/",
    lookUpVehicle,
    async (request, reply) => {
      const parsed = safeParse(lookUpVehicle.body, request.body ?? {});
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message ?? "Please enter a registration number";
        return reply.status(400).send({ success: false, error, message: error });
      }
      const result = await app.services.vehicles.lookup(parsed.data.registrationNumber);
      if (result.success) return result;
      const { status, ...failure } = result;
      return reply.status(status).send({ ...failure, message: failure.error });
    },
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
  );
}
