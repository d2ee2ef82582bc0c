import { basketQuerySchema, basketSchema } from "@contract/basket";
import {
  allergyRequestSchema,
  cartAddRequestSchema,
  cartAddWithAddonsRequestSchema,
  cartQuerySchema,
  cartResponseSchema,
  cartUpdateRequestSchema,
  deliveryInstructionsRequestSchema,
  removeAllByVendorRequestSchema,
} from "@contract/cart";
import { parseInput } from "@server/domain-errors.js";
import { requireUser } from "@server/plugins/auth.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { type DocumentedResponse, declareRoute, errorAnswer } from "../route-contract.js";

const CART = { tag: "Cart", access: "user" } as const;

const cartWriteResponses: Record<number, DocumentedResponse> = {
  200: { description: "The cart after the change", schema: cartResponseSchema },
  404: errorAnswer("No such vendor, item, add-on or cart line"),
  409: errorAnswer("The item cannot be added (closed trailer, sold out, another order type)"),
};

/** The signed-in customer's own carts; private, never cached. */
export default async function cartRoutes(app: FastifyInstance) {
  const carts = app.services.cart;
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const userId = (request: FastifyRequest) => requireUser(request).id;

  // The park basket: every trailer's cart with one total (POST /api/checkout pays it).
  declareRoute(
    app,
    "GET",
    "/basket",
    {
      ...CART,
      operationId: "getBasket",
      summary: "Every trailer's cart in one park basket",
      query: basketQuerySchema,
      responses: { 200: { description: "The basket", schema: basketSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return app.services.checkout.getBasket(requireUser(request).id, request.query);
    },
  );

  declareRoute(
    app,
    "GET",
    "/",
    {
      ...CART,
      operationId: "getCart",
      summary: "The customer's cart at one trailer",
      query: cartQuerySchema,
      responses: {
        200: { description: "The cart", schema: cartResponseSchema },
        404: errorAnswer("No such vendor"),
      },
    },
    async (request) => carts.get(userId(request), request.query),
  );

  declareRoute(
    app,
    "POST",
    "/add",
    {
      ...CART,
      operationId: "addToCart",
      summary: "Add an item (no required choices)",
      body: cartAddRequestSchema,
      responses: cartWriteResponses,
    },
    async (request) => carts.add({ userId: userId(request), ...request.body }),
  );

  declareRoute(
    app,
    "POST",
    "/add-with-addons",
    {
      ...CART,
      operationId: "addToCartWithAddons",
      summary: "Add an item with its add-on choices",
      body: cartAddWithAddonsRequestSchema,
      responses: cartWriteResponses,
    },
    async (request) => carts.addWithAddons({ userId: userId(request), ...request.body }),
  );

  // The spec has both readings of the update call.
  for (const method of ["PUT", "POST"] as const)
    declareRoute(
      app,
      method,
      "/update",
      {
        ...CART,
        operationId: method === "PUT" ? "updateCartLine" : "updateCartLinePost",
        summary: "Change a line's quantity (0 removes it)",
        body: cartUpdateRequestSchema,
        responses: cartWriteResponses,
        ...(method === "POST" ? { alternativeOf: "updateCartLine" } : {}),
        description:
          "The product spec allows both PUT and POST for this call; both behave the same.",
      },
      async (request) => carts.update({ userId: userId(request), ...request.body }),
    );

  declareRoute(
    app,
    "POST",
    "/allergy-information",
    {
      ...CART,
      operationId: "setAllergyInformation",
      summary: "Allergy information for a cart line",
      body: allergyRequestSchema,
      responses: cartWriteResponses,
    },
    async (request) => carts.setAllergyInformation({ userId: userId(request), ...request.body }),
  );

  for (const method of ["POST", "PUT"] as const)
    declareRoute(
      app,
      method,
      "/delivery-instructions",
      {
        ...CART,
        operationId: method === "POST" ? "setDeliveryInstructions" : "setDeliveryInstructionsPut",
        summary: "Delivery instructions for the cart",
        body: deliveryInstructionsRequestSchema,
        responses: cartWriteResponses,
        ...(method === "PUT" ? { alternativeOf: "setDeliveryInstructions" } : {}),
      },
      async (request) =>
        carts.setDeliveryInstructions({ userId: userId(request), ...request.body }),
    );

  // DELETE takes the JSON body of the spec; a query string works too for clients that cannot send one.
  for (const method of ["DELETE", "POST"] as const) {
    const emptyCart = {
      ...CART,
      operationId: method === "DELETE" ? "emptyCart" : "emptyCartPost",
      summary: "Empty the cart at one trailer",
      body: removeAllByVendorRequestSchema,
      bodyOptional: true,
      query: z.partial(removeAllByVendorRequestSchema),
      // One input made of both: parsed together below.
      parsedByHandler: ["query", "body"],
      responses: cartWriteResponses,
      ...(method === "POST" ? { alternativeOf: "emptyCart" } : {}),
      description:
        "The fields come in the JSON body (as the spec has it) or, for clients that cannot send a body with DELETE, in the query string.",
    } as const;
    declareRoute(app, method, "/remove-all-by-vendor", emptyCart, async (request) => {
      const input = { ...(request.query as object), ...((request.body as object | null) ?? {}) };
      return carts.removeAllByVendor({
        userId: userId(request),
        ...parseInput(emptyCart.body, input),
      });
    });
  }
}
