import { basketQuerySchema } from "@contract/basket";
import {
  allergyRequestSchema,
  cartAddRequestSchema,
  cartAddWithAddonsRequestSchema,
  cartQuerySchema,
  cartUpdateRequestSchema,
  deliveryInstructionsRequestSchema,
  removeAllByVendorRequestSchema,
} from "@contract/cart";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** The signed-in customer's own carts; private, never cached. */
export default async function cartRoutes(app: FastifyInstance) {
  const carts = app.services.cart;
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const userId = (request: FastifyRequest) => requireUser(request).id;

  // The park basket: every trailer's cart with one total (POST /api/checkout pays it).
  app.get("/basket", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return app.services.checkout.getBasket(
      requireUser(request).id,
      parseInput(basketQuerySchema, request.query),
    );
  });

  app.get("/", async (request) =>
    carts.get(userId(request), parseInput(cartQuerySchema, request.query)),
  );

  app.post("/add", async (request) =>
    carts.add({ userId: userId(request), ...parseInput(cartAddRequestSchema, request.body) }),
  );

  app.post("/add-with-addons", async (request) =>
    carts.addWithAddons({
      userId: userId(request),
      ...parseInput(cartAddWithAddonsRequestSchema, request.body),
    }),
  );

  // The spec has both readings of the update call.
  app.route({
    method: ["PUT", "POST"],
    url: "/update",
    handler: async (request) =>
      carts.update({
        userId: userId(request),
        ...parseInput(cartUpdateRequestSchema, request.body),
      }),
  });

  app.post("/allergy-information", async (request) =>
    carts.setAllergyInformation({
      userId: userId(request),
      ...parseInput(allergyRequestSchema, request.body),
    }),
  );

  app.route({
    method: ["POST", "PUT"],
    url: "/delivery-instructions",
    handler: async (request) =>
      carts.setDeliveryInstructions({
        userId: userId(request),
        ...parseInput(deliveryInstructionsRequestSchema, request.body),
      }),
  });

  // DELETE takes the JSON body of the spec; a query string works too for clients that cannot send one.
  app.route({
    method: ["DELETE", "POST"],
    url: "/remove-all-by-vendor",
    handler: async (request) => {
      const input = { ...(request.query as object), ...((request.body as object | null) ?? {}) };
      return carts.removeAllByVendor({
        userId: userId(request),
        ...parseInput(removeAllByVendorRequestSchema, input),
      });
    },
  });
}
