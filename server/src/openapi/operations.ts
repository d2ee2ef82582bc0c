import { appConfigResponseSchema } from "@contract/app-config";
import {
  loginRequestSchema,
  loginResponseSchema,
  profileSchema,
  registerRequestSchema,
  registerResponseSchema,
} from "@contract/auth";
import {
  basketQuerySchema,
  basketSchema,
  checkoutIdParamsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
} from "@contract/basket";
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
import { messageResponseSchema } from "@contract/common";
import { errorResponseSchema } from "@contract/errors";
import { healthResponseSchema } from "@contract/health";
import { menuSearchQuerySchema, menuSearchResponseSchema } from "@contract/menu-search";
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  orderDetailsResponseSchema,
  orderIdParamsSchema,
  orderListResponseSchema,
  orderSchema,
  staffOrdersQuerySchema,
  staffStatusUpdateSchema,
} from "@contract/orders";
import {
  openingHoursSchema,
  soldOutUpdateSchema,
  trailerUpdateSchema,
} from "@contract/park-operations";
import {
  createIntentRequestSchema,
  createIntentResponseSchema,
  paymentConfigSchema,
  paymentStatusResponseSchema,
} from "@contract/payments";
import {
  pushPublicKeyResponseSchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from "@contract/push";
import type { Schema } from "@contract/schema";
import { vehicleLookupRequestSchema, vehicleLookupResponseSchema } from "@contract/vehicles";
import {
  addonGroupsResponseSchema,
  itemIdParamsSchema,
  menuItemResponseSchema,
  menuResponseSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorSchema,
} from "@contract/vendors";
import * as z from "zod/mini";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone; anyone, with a token changing the answer (`optional`); a signed-in user of any role
 * (`user`); staff only.
 */
export type Access = "public" | "optional" | "user" | "staff";

export interface DocumentedResponse {
  description: string;
  /** A JSON body's schema (zod, from contract/); absent for a body that is not JSON. */
  schema?: Schema;
  /** Default application/json. */
  contentType?: string;
}

export interface DocumentedHeader {
  name: string;
  required: boolean;
  description: string;
  schema: Record<string, unknown>;
}

export interface Operation {
  method: HttpMethod;
  /** As Fastify registers it: `/api/vendors/:id`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  params?: Schema;
  query?: Schema;
  /** A JSON body; `raw` for a body taken as bytes (the webhook, verified by signature). */
  body?: Schema | "raw";
  /** The body may be left out (e.g. DELETE whose fields may come in the query instead). */
  bodyOptional?: boolean;
  headers?: DocumentedHeader[];
  /** Success and route-specific answers; the answers every route can give are added by `withCommonErrors`. */
  responses: Record<number, DocumentedResponse>;
  /** Also registered under another method (the spec allows both readings). */
  alternativeOf?: string;
  description?: string;
}

const error = (description: string): DocumentedResponse => ({
  description,
  schema: errorResponseSchema,
});

const IDEMPOTENCY_KEY_SCHEMA = { type: "string", pattern: "^[A-Za-z0-9._:-]{8,100}$" };

// The Trailers view's answers (contract/park-operations.ts has them as TypeScript types).
const staffTrailerSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  status: z.string(),
  tradingStatus: z.enum(["open", "closed"]),
  paused: z.boolean(),
  pausedUntil: z.nullable(z.string()),
  hoursOverriddenUntil: z.nullable(z.string()),
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  openingHours: openingHoursSchema,
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  slotCap: z.nullable(z.number()),
  pauseWhenFull: z.boolean(),
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      category: z.string(),
      soldOut: z.boolean(),
      addonGroups: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          addons: z.array(z.object({ id: z.number(), name: z.string(), soldOut: z.boolean() })),
        }),
      ),
    }),
  ),
});
const soldOutAnswerSchema = z.object({ id: z.number(), soldOut: z.boolean() });
const auditResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      who: z.string(),
      vendorId: z.nullable(z.number()),
      vendorName: z.nullable(z.string()),
      action: z.string(),
      target: z.string(),
      summary: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
const rootAnswerSchema = messageResponseSchema;

/** Every /api and /auth operation the server has. `tests/server/openapi.test.ts` fails when a route is missing. */
export const OPERATIONS: Operation[] = [
  // Accounts
  {
    method: "POST",
    path: "/auth/register",
    operationId: "register",
    summary: "Create a customer account and sign in",
    tag: "Accounts",
    access: "public",
    body: registerRequestSchema,
    responses: {
      201: { description: "Account created; the token signs in", schema: registerResponseSchema },
      409: error("An account with this email already exists"),
      429: error("Too many sign-ups from this address"),
    },
  },
  {
    method: "POST",
    path: "/auth/login",
    operationId: "login",
    summary: "Sign in with email and password",
    tag: "Accounts",
    access: "public",
    body: loginRequestSchema,
    responses: {
      200: { description: "Signed in", schema: loginResponseSchema },
      401: error("Wrong email or password"),
      429: error("Too many attempts (the Retry-After header says how long to wait)"),
    },
  },
  {
    method: "GET",
    path: "/auth/me",
    operationId: "profile",
    summary: "The signed-in user's profile",
    tag: "Accounts",
    access: "user",
    responses: { 200: { description: "The profile", schema: profileSchema } },
  },
  // Park
  {
    method: "GET",
    path: "/api",
    operationId: "apiRoot",
    summary: "The API answers",
    tag: "Park",
    access: "public",
    responses: { 200: { description: "A greeting", schema: rootAnswerSchema } },
  },
  {
    method: "GET",
    path: "/api/config",
    operationId: "appConfig",
    summary: "Public facts about this server (how card payments are taken)",
    tag: "Park",
    access: "public",
    responses: { 200: { description: "The server's facts", schema: appConfigResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/vendors/list",
    operationId: "listVendors",
    summary: "The park's trailers, a page at a time",
    tag: "Park",
    access: "public",
    query: vendorListQuerySchema,
    responses: { 200: { description: "A page of vendors", schema: vendorListResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/vendors/:id",
    operationId: "getVendor",
    summary: "One trailer",
    tag: "Park",
    access: "public",
    params: vendorIdParamsSchema,
    responses: {
      200: { description: "The vendor", schema: vendorSchema },
      404: error("No such vendor"),
    },
  },
  {
    method: "GET",
    path: "/api/vendors/:id/items",
    operationId: "getVendorMenu",
    summary: "A trailer's menu by category",
    tag: "Park",
    access: "public",
    params: vendorIdParamsSchema,
    responses: {
      200: { description: "The menu", schema: menuResponseSchema },
      404: error("No such vendor"),
    },
  },
  {
    method: "GET",
    path: "/api/menu-items/:itemId",
    operationId: "getMenuItem",
    summary: "One menu item",
    tag: "Park",
    access: "public",
    params: itemIdParamsSchema,
    responses: {
      200: { description: "The item", schema: menuItemResponseSchema },
      404: error("No such item"),
    },
  },
  {
    method: "GET",
    path: "/api/menu-items/:itemId/addon-groups",
    operationId: "getAddonGroups",
    summary: "An item's add-on groups",
    tag: "Park",
    access: "public",
    params: itemIdParamsSchema,
    responses: {
      200: { description: "The groups", schema: addonGroupsResponseSchema },
      404: error("No such item"),
    },
  },
  {
    method: "GET",
    path: "/api/menu-search",
    operationId: "searchMenu",
    summary: "Dishes across every open trailer",
    tag: "Park",
    access: "public",
    query: menuSearchQuerySchema,
    responses: { 200: { description: "Matches", schema: menuSearchResponseSchema } },
  },
  // Push
  {
    method: "GET",
    path: "/api/push/public-key",
    operationId: "pushPublicKey",
    summary: "The VAPID public key to subscribe with",
    tag: "Push",
    access: "public",
    responses: { 200: { description: "The key", schema: pushPublicKeyResponseSchema } },
  },
  {
    method: "POST",
    path: "/api/push/subscribe",
    operationId: "pushSubscribe",
    summary: "Receive order updates as push notifications on this device",
    tag: "Push",
    access: "user",
    body: pushSubscribeRequestSchema,
    responses: {
      201: { description: "Subscribed", schema: messageResponseSchema },
      422: error("Notifications are already on in as many browsers as one customer may have"),
    },
  },
  {
    method: "DELETE",
    path: "/api/push/subscribe",
    operationId: "pushUnsubscribe",
    summary: "Stop push notifications on this device",
    tag: "Push",
    access: "user",
    body: pushUnsubscribeRequestSchema,
    responses: {
      200: { description: "Unsubscribed", schema: messageResponseSchema },
      404: error("No such subscription of yours"),
    },
  },
  // Cart
  {
    method: "GET",
    path: "/api/cart",
    operationId: "getCart",
    summary: "The customer's cart at one trailer",
    tag: "Cart",
    access: "user",
    query: cartQuerySchema,
    responses: {
      200: { description: "The cart", schema: cartResponseSchema },
      404: error("No such vendor"),
    },
  },
  ...(
    [
      ["add", "addToCart", "Add an item (no required choices)", cartAddRequestSchema],
      [
        "add-with-addons",
        "addToCartWithAddons",
        "Add an item with its add-on choices",
        cartAddWithAddonsRequestSchema,
      ],
      [
        "allergy-information",
        "setAllergyInformation",
        "Allergy information for a cart line",
        allergyRequestSchema,
      ],
    ] as const
  ).map(
    ([path, operationId, summary, body]): Operation => ({
      method: "POST",
      path: `/api/cart/${path}`,
      operationId,
      summary,
      tag: "Cart",
      access: "user",
      body,
      responses: cartWriteResponses(),
    }),
  ),
  ...(["PUT", "POST"] as const).map(
    (method): Operation => ({
      method,
      path: "/api/cart/update",
      operationId: method === "PUT" ? "updateCartLine" : "updateCartLinePost",
      summary: "Change a line's quantity (0 removes it)",
      tag: "Cart",
      access: "user",
      body: cartUpdateRequestSchema,
      responses: cartWriteResponses(),
      ...(method === "POST" ? { alternativeOf: "updateCartLine" } : {}),
      description: "The product spec allows both PUT and POST for this call; both behave the same.",
    }),
  ),
  ...(["POST", "PUT"] as const).map(
    (method): Operation => ({
      method,
      path: "/api/cart/delivery-instructions",
      operationId: method === "POST" ? "setDeliveryInstructions" : "setDeliveryInstructionsPut",
      summary: "Delivery instructions for the cart",
      tag: "Cart",
      access: "user",
      body: deliveryInstructionsRequestSchema,
      responses: cartWriteResponses(),
      ...(method === "PUT" ? { alternativeOf: "setDeliveryInstructions" } : {}),
    }),
  ),
  ...(["DELETE", "POST"] as const).map(
    (method): Operation => ({
      method,
      path: "/api/cart/remove-all-by-vendor",
      operationId: method === "DELETE" ? "emptyCart" : "emptyCartPost",
      summary: "Empty the cart at one trailer",
      tag: "Cart",
      access: "user",
      body: removeAllByVendorRequestSchema,
      bodyOptional: true,
      query: removeAllByVendorQuerySchema(),
      responses: cartWriteResponses(),
      ...(method === "POST" ? { alternativeOf: "emptyCart" } : {}),
      description:
        "The fields come in the JSON body (as the spec has it) or, for clients that cannot send a body with DELETE, in the query string.",
    }),
  ),
  {
    method: "GET",
    path: "/api/cart/basket",
    operationId: "getBasket",
    summary: "Every trailer's cart in one park basket",
    tag: "Cart",
    access: "user",
    query: basketQuerySchema,
    responses: { 200: { description: "The basket", schema: basketSchema } },
  },
  // Orders
  {
    method: "POST",
    path: "/api/checkout",
    operationId: "checkout",
    summary: "Place one order per listed trailer, all or nothing",
    tag: "Orders",
    access: "user",
    body: checkoutRequestSchema,
    headers: [idempotencyHeader(true)],
    responses: {
      200: {
        description: "A replay of the same key: the first answer",
        schema: checkoutResponseSchema,
      },
      201: { description: "Placed (or awaiting card payment)", schema: checkoutResponseSchema },
      404: error("A listed trailer is unknown"),
      409: error("The basket changed, or a checkout with this key is still being placed"),
      422: error("The Idempotency-Key was used for a different request"),
      503: error("Card payments are not available"),
    },
  },
  {
    method: "GET",
    path: "/api/checkouts/:checkoutId",
    operationId: "getCheckout",
    summary: "A checkout and its orders",
    tag: "Orders",
    access: "user",
    params: checkoutIdParamsSchema,
    responses: {
      200: { description: "The checkout", schema: checkoutResponseSchema },
      404: error("No such checkout of yours"),
    },
  },
  {
    method: "POST",
    path: "/api/orders",
    operationId: "createOrder",
    summary: "Place an order at one trailer from its cart",
    tag: "Orders",
    access: "user",
    body: createOrderRequestSchema,
    headers: [idempotencyHeader(false)],
    responses: {
      201: { description: "Placed", schema: createOrderResponseSchema },
      402: error("A card order whose payment has not been completed"),
      404: error("No such vendor"),
      409: error(
        "The cart changed, the trailer closed, or an order with this key is still being placed",
      ),
      422: error("The Idempotency-Key was used for a different request"),
    },
  },
  {
    method: "GET",
    path: "/api/orders",
    operationId: "listOrders",
    summary: "The customer's orders, newest first",
    tag: "Orders",
    access: "user",
    responses: { 200: { description: "The orders", schema: orderListResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/orders/details/:orderId",
    operationId: "getOrderDetails",
    summary: "One of the customer's orders, wrapped as the spec's details call has it",
    tag: "Orders",
    access: "user",
    params: orderIdParamsSchema,
    responses: {
      200: { description: "The order", schema: orderDetailsResponseSchema },
      404: error("No such order of yours"),
    },
  },
  {
    method: "GET",
    path: "/api/orders/:orderId",
    operationId: "getOrder",
    summary: "One of the customer's orders",
    tag: "Orders",
    access: "user",
    params: orderIdParamsSchema,
    responses: {
      200: { description: "The order", schema: orderSchema },
      404: error("No such order of yours"),
    },
  },
  {
    method: "POST",
    path: "/api/vehicle-lookup",
    operationId: "lookUpVehicle",
    summary: "Make and colour of a UK registration, for car delivery",
    tag: "Orders",
    access: "optional",
    body: vehicleLookupRequestSchema,
    responses: {
      200: { description: "Found", schema: vehicleLookupResponseSchema },
      400: {
        description:
          "Not a registration number (`{ success: false, error, message }`), or a malformed request (`{ message }`)",
        schema: z.union([vehicleLookupResponseSchema, errorResponseSchema]),
      },
      404: { description: "No such vehicle", schema: vehicleLookupResponseSchema },
      429: error("Too many look-ups"),
      502: {
        description: "The vehicle register did not answer",
        schema: vehicleLookupResponseSchema,
      },
      503: { description: "Look-ups are not configured", schema: vehicleLookupResponseSchema },
    },
  },
  // Payments
  {
    method: "GET",
    path: "/api/payments/stripe/config",
    operationId: "paymentConfig",
    summary: "The key Stripe.js loads with, or null",
    tag: "Payments",
    access: "user",
    responses: { 200: { description: "The setting", schema: paymentConfigSchema } },
  },
  {
    method: "POST",
    path: "/api/payments/stripe/create-intent",
    operationId: "createPayment",
    summary: "Start a hosted card payment for an order to be placed",
    tag: "Payments",
    access: "user",
    body: createIntentRequestSchema,
    responses: {
      200: {
        description: "The hosted payment to send the customer to",
        schema: createIntentResponseSchema,
      },
      404: error("No such vendor, or (orderId) no such order of yours"),
      409: error(
        "The amount or the cart changed, or (orderId) the order is paid or cancelled already",
      ),
      502: error("The payment provider did not answer"),
      503: error("Card payments are not available"),
    },
  },
  {
    method: "GET",
    path: "/api/payments/stripe/status/:id",
    operationId: "paymentStatus",
    summary: "Where a card payment stands",
    tag: "Payments",
    access: "user",
    params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }),
    responses: {
      200: { description: "The status", schema: paymentStatusResponseSchema },
      404: error("No such payment of yours"),
      502: error("The payment provider did not answer"),
    },
  },
  {
    method: "POST",
    path: "/api/payments/stripe/webhook",
    operationId: "stripeWebhook",
    summary: "Stripe's signed events",
    tag: "Payments",
    access: "public",
    body: "raw",
    headers: [
      {
        name: "Stripe-Signature",
        required: true,
        description: "Stripe's signature of the exact body bytes",
        schema: { type: "string" },
      },
    ],
    responses: {
      200: { description: "Applied (or a duplicate)", schema: webhookAnswerSchema },
      404: error("Webhooks are not configured on this server"),
    },
  },
  // Staff
  {
    method: "GET",
    path: "/api/staff/orders",
    operationId: "staffListOrders",
    summary:
      "Today's orders of the trailers this staff member runs (every trailer for a park manager)",
    tag: "Staff",
    access: "staff",
    query: staffOrdersQuerySchema,
    responses: { 200: { description: "The orders", schema: orderListResponseSchema } },
  },
  {
    method: "PATCH",
    path: "/api/staff/orders/:orderId",
    operationId: "staffChangeStatus",
    summary: "Move an order to its next status",
    tag: "Staff",
    access: "staff",
    params: orderIdParamsSchema,
    body: staffStatusUpdateSchema,
    responses: {
      200: { description: "The order after the change", schema: orderSchema },
      403: error("Not staff, or the order is at a trailer this staff member does not run"),
      404: error("No such order"),
      409: error("That move is not allowed from the order's status"),
    },
  },
  {
    method: "GET",
    path: "/api/staff/trailers",
    operationId: "staffListTrailers",
    summary: "The trailers this staff member runs (every trailer for a park manager)",
    tag: "Staff",
    access: "staff",
    responses: {
      200: {
        description: "The trailers with their items and add-ons",
        schema: z.object({ data: z.array(staffTrailerSchema), allTrailers: z.boolean() }),
      },
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/trailers/:id",
    operationId: "staffUpdateTrailer",
    summary: "Open, pause or close a trailer; its hours, preparation time and slot cap",
    tag: "Staff",
    access: "staff",
    params: vendorIdParamsSchema,
    body: trailerUpdateSchema,
    responses: {
      200: { description: "The trailer after the change", schema: staffTrailerSchema },
      404: error("No such trailer of yours"),
      409: error("These opening hours would close the trailer now: send confirmClose to save them"),
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/menu-items/:itemId",
    operationId: "staffSetItemSoldOut",
    summary: "Mark an item sold out, or back",
    tag: "Staff",
    access: "staff",
    params: itemIdParamsSchema,
    body: soldOutUpdateSchema,
    responses: {
      200: { description: "The item's new state", schema: soldOutAnswerSchema },
      404: error("No such item at a trailer of yours"),
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/addons/:addonId",
    operationId: "staffSetAddonSoldOut",
    summary: "Mark an add-on sold out, or back",
    tag: "Staff",
    access: "staff",
    params: z.object({ addonId: z.union([z.number(), z.string()]) }),
    body: soldOutUpdateSchema,
    responses: {
      200: { description: "The add-on's new state", schema: soldOutAnswerSchema },
      404: error("No such add-on at a trailer of yours"),
    },
  },
  {
    method: "GET",
    path: "/api/staff/audit",
    operationId: "staffAuditLog",
    summary: "What staff changed, newest first",
    tag: "Staff",
    access: "staff",
    responses: { 200: { description: "The record", schema: auditResponseSchema } },
  },
  // Explorer and health (answered outside the JSON contract)
  {
    method: "GET",
    path: "/api/openapi.json",
    operationId: "openApiDocument",
    summary: "This document",
    tag: "Park",
    access: "public",
    responses: { 200: { description: "OpenAPI 3.1", schema: z.record(z.string(), z.unknown()) } },
  },
  {
    method: "GET",
    path: "/healthz",
    operationId: "liveness",
    summary: "The process answers",
    tag: "Health",
    access: "public",
    responses: { 200: { description: "Alive", schema: healthResponseSchema } },
  },
  {
    method: "GET",
    path: "/readyz",
    operationId: "readiness",
    summary: "The database answers too",
    tag: "Health",
    access: "public",
    responses: {
      200: { description: "Ready", schema: healthResponseSchema },
      503: error("The database is not available"),
    },
  },
];

/** The explorer's own routes (development only): HTML and its assets. */
export const EXPLORER_OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/api/docs",
    operationId: "apiExplorer",
    summary: "Interactive explorer (development only)",
    tag: "Park",
    access: "public",
    responses: { 200: { description: "Swagger UI", contentType: "text/html" } },
  },
  {
    method: "GET",
    path: "/api/docs/:file",
    operationId: "apiExplorerAsset",
    summary: "The explorer's scripts and styles (development only)",
    tag: "Park",
    access: "public",
    params: z.object({ file: z.string() }),
    responses: {
      200: { description: "A Swagger UI file", contentType: "application/octet-stream" },
      404: error("No such file"),
    },
  },
];

function cartWriteResponses(): Record<number, DocumentedResponse> {
  return {
    200: { description: "The cart after the change", schema: cartResponseSchema },
    404: error("No such vendor, item, add-on or cart line"),
    409: error("The item cannot be added (closed trailer, sold out, another order type)"),
  };
}

function removeAllByVendorQuerySchema(): Schema {
  return z.partial(removeAllByVendorRequestSchema);
}

function idempotencyHeader(required: boolean): DocumentedHeader {
  return {
    name: "Idempotency-Key",
    required,
    description: "One key per order; the same key when retrying answers the first result",
    schema: IDEMPOTENCY_KEY_SCHEMA,
  };
}
