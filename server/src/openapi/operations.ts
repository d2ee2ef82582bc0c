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
  trailerBusinessUpdateSchema,
  vatRateSchema,
  vatRateUpdateSchema,
} from "@contract/business";
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
import {
  allDayResponseSchema,
  boardAccountCreatedSchema,
  boardAccountCreateSchema,
  boardAccountListResponseSchema,
  boardAccountParamsSchema,
  boardAccountSchema,
  boardQuerySchema,
  boardResponseSchema,
  kitchenLineMadeRequestSchema,
  kitchenLineParamsSchema,
  kitchenMoveRequestSchema,
  kitchenMoveResponseSchema,
  kitchenQuerySchema,
  kitchenSettingsUpdateSchema,
  kitchenTicketSchema,
  kitchenTicketsResponseSchema,
  kitchenTrailerSchema,
  noticeShownRequestSchema,
  recallListResponseSchema,
  recordedTextsResponseSchema,
} from "@contract/kitchen";
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
import { orderReceiptsSchema, receiptSchema } from "@contract/receipts";
import { reportQuerySchema, reportSchema } from "@contract/report";
import type { Schema } from "@contract/schema";
import { readyTextSettingsResponseSchema, readyTextSettingsSchema } from "@contract/text-alerts";
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

const trailerBusinessSchema = z.object({
  legalName: z.nullable(z.string()),
  address: z.array(z.string()),
  postcode: z.nullable(z.string()),
  vatNumber: z.nullable(z.string()),
  payoutAccount: z.nullable(z.string()),
});
const vatRateAnswerSchema = z.object({ id: z.number(), vatRate: vatRateSchema });

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
  business: trailerBusinessSchema,
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      category: z.string(),
      soldOut: z.boolean(),
      vatRate: vatRateSchema,
      addonGroups: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          addons: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              soldOut: z.boolean(),
              vatRate: vatRateSchema,
            }),
          ),
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
      200: {
        description:
          "The menu. An item's `available` is true only when it can be ordered now (on the menu and not sold out); `soldOut` true means it sold out today, and then `available` is false",
        schema: menuResponseSchema,
      },
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
      422: error(
        "The Idempotency-Key was used for a different request, or readyText.mobile is not a UK mobile",
      ),
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
    path: "/api/orders/:orderId/notice-shown",
    operationId: "orderNoticeShown",
    summary:
      "The phone showed this status's toast or push (recorded once; a pending ready text is cancelled)",
    tag: "Orders",
    access: "user",
    params: orderIdParamsSchema,
    body: noticeShownRequestSchema,
    responses: {
      200: { description: "Recorded", schema: z.object({ recorded: z.boolean() }) },
      404: error("No such order of yours"),
    },
  },
  {
    method: "GET",
    path: "/api/profile/ready-text",
    operationId: "readyTextSettings",
    summary: "\"Text me when it's ready\": the customer's UK mobile (E.164) and opt-in",
    tag: "Accounts",
    access: "user",
    responses: { 200: { description: "The settings", schema: readyTextSettingsResponseSchema } },
  },
  {
    method: "PUT",
    path: "/api/profile/ready-text",
    operationId: "updateReadyTextSettings",
    summary: "Set the mobile and the opt-in (common UK forms accepted, stored as +447…)",
    tag: "Accounts",
    access: "user",
    body: readyTextSettingsSchema,
    responses: {
      200: { description: "The settings now", schema: readyTextSettingsResponseSchema },
      422: error("mobile: not a UK mobile number, or opted in without one"),
    },
  },
  {
    method: "GET",
    path: "/api/test/texts",
    operationId: "recordedTexts",
    summary: "Texts the local provider recorded instead of sending (development and tests only)",
    tag: "Accounts",
    access: "user",
    responses: {
      200: {
        description: "Newest first (staff: all; a customer: to their number)",
        schema: recordedTextsResponseSchema,
      },
      404: error("Texts are not recorded on this server"),
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
      422: error(
        "Opening hours name a day other than mon, tue, wed, thu, fri, sat and sun (nothing changed)",
      ),
      409: error("These opening hours would close the trailer now: send confirmClose to save them"),
    },
  },
  {
    method: "DELETE",
    path: "/api/account",
    operationId: "deleteAccount",
    summary:
      "Delete the signed-in customer's account: name, email and phone go, their orders' personal notes are cleared",
    tag: "Accounts",
    access: "user",
    responses: {
      200: { description: "Deleted; the token no longer works", schema: messageResponseSchema },
      403: error("A staff account is removed by the park"),
    },
  },
  {
    method: "GET",
    path: "/api/orders/:orderId/receipts",
    operationId: "orderReceipts",
    summary:
      "The order's receipts: its trailer's (a VAT receipt when VAT-registered), the park's for the service charge, credit notes",
    tag: "Orders",
    access: "user",
    params: orderIdParamsSchema,
    responses: {
      200: {
        description: "The receipts, oldest first (none until a cash order is paid)",
        schema: orderReceiptsSchema,
      },
      404: error("No such order of yours"),
    },
  },
  {
    method: "GET",
    path: "/api/receipts/:receiptId",
    operationId: "getReceipt",
    summary: "One receipt or credit note (its customer and staff only)",
    tag: "Orders",
    access: "user",
    params: z.object({ receiptId: z.union([z.number(), z.string()]) }),
    responses: {
      200: { description: "The receipt", schema: receiptSchema },
      404: error("No such receipt of yours"),
    },
  },
  {
    method: "GET",
    path: "/api/staff/report",
    operationId: "staffReport",
    summary:
      "Per trailer for a day or range (UK time): orders, items, takings, refunds, service charges, VAT, owed, transferred, prep time, minutes paused or sold out",
    tag: "Staff",
    access: "staff",
    query: reportQuerySchema,
    responses: {
      200: {
        description:
          "The report and the park's totals; with format=csv the same columns as a CSV file (text/csv, UTF-8, one header row, pounds with two decimals)",
        schema: reportSchema,
      },
      422: error("The range is longer than 366 days (named in the message)"),
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/trailers/:id/business",
    operationId: "staffUpdateTrailerBusiness",
    summary: "A trailer's legal name, address, VAT number and payout account (park manager only)",
    tag: "Staff",
    access: "staff",
    params: vendorIdParamsSchema,
    body: trailerBusinessUpdateSchema,
    responses: {
      200: { description: "The trailer after the change", schema: staffTrailerSchema },
      404: error("No such trailer"),
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/menu-items/:itemId/vat-rate",
    operationId: "staffSetItemVatRate",
    summary: "An item's VAT rate, 20 or 0 per cent (park manager only)",
    tag: "Staff",
    access: "staff",
    params: itemIdParamsSchema,
    body: vatRateUpdateSchema,
    responses: {
      200: { description: "The item's new rate", schema: vatRateAnswerSchema },
      404: error("No such item"),
    },
  },
  {
    method: "PATCH",
    path: "/api/staff/addons/:addonId/vat-rate",
    operationId: "staffSetAddonVatRate",
    summary: "An add-on's VAT rate, 20 or 0 per cent (park manager only)",
    tag: "Staff",
    access: "staff",
    params: z.object({ addonId: z.union([z.number(), z.string()]) }),
    body: vatRateUpdateSchema,
    responses: {
      200: { description: "The add-on's new rate", schema: vatRateAnswerSchema },
      404: error("No such add-on"),
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
  // Kitchen screen
  {
    method: "GET",
    path: "/api/staff/kitchen/tickets",
    operationId: "kitchenTickets",
    summary:
      "Open tickets of the trailers this staff member runs, by promised time, with lateness thresholds",
    tag: "Kitchen",
    access: "staff",
    query: kitchenQuerySchema,
    responses: { 200: { description: "The tickets", schema: kitchenTicketsResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/staff/kitchen/tickets/:orderId",
    operationId: "kitchenTicket",
    summary: "One ticket (open or finished)",
    tag: "Kitchen",
    access: "staff",
    params: orderIdParamsSchema,
    responses: {
      200: { description: "The ticket", schema: z.object({ data: kitchenTicketSchema }) },
      404: error("No such order"),
    },
  },
  {
    method: "POST",
    path: "/api/staff/kitchen/tickets/:orderId/moves",
    operationId: "kitchenMove",
    summary: "One staff move on the version shown: a step, an undo (5 s) or a recall (15 min)",
    description:
      "A repeat of a step already made (the ticket is at the status sent, on a newer version) answers the ticket with applied false. Every applied move is audited in the order's status history.",
    tag: "Kitchen",
    access: "staff",
    params: orderIdParamsSchema,
    body: kitchenMoveRequestSchema,
    responses: {
      200: { description: "The ticket after the move", schema: kitchenMoveResponseSchema },
      404: error("No such order"),
      409: error(
        "Stale version, undo or recall window passed, a cancelled order, or a move the status graph refuses",
      ),
    },
  },
  {
    method: "PUT",
    path: "/api/staff/kitchen/tickets/:orderId/lines/:lineId",
    operationId: "kitchenLineMade",
    summary: "Strike a line when it is made (or un-strike it)",
    tag: "Kitchen",
    access: "staff",
    params: kitchenLineParamsSchema,
    body: kitchenLineMadeRequestSchema,
    responses: {
      200: {
        description: "The ticket after the change",
        schema: z.object({ data: kitchenTicketSchema }),
      },
      404: error("No such order or line"),
    },
  },
  {
    method: "GET",
    path: "/api/staff/kitchen/recall",
    operationId: "kitchenRecallList",
    summary: "The last 10 tickets that left the screen within 15 minutes (never cancelled ones)",
    tag: "Kitchen",
    access: "staff",
    query: kitchenQuerySchema,
    responses: { 200: { description: "Recallable tickets", schema: recallListResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/staff/kitchen/all-day",
    operationId: "kitchenAllDay",
    summary: "What the open tickets still need, summed by dish and the add-ons cooked with it",
    tag: "Kitchen",
    access: "staff",
    query: kitchenQuerySchema,
    responses: { 200: { description: "All-day counts", schema: allDayResponseSchema } },
  },
  {
    method: "PUT",
    path: "/api/staff/kitchen/trailers/:id/settings",
    operationId: "kitchenSettings",
    summary: "A trailer's lateness thresholds for ticket ages (null: the defaults)",
    tag: "Kitchen",
    access: "staff",
    params: vendorIdParamsSchema,
    body: kitchenSettingsUpdateSchema,
    responses: {
      200: { description: "The thresholds now", schema: z.object({ data: kitchenTrailerSchema }) },
      404: error("No such trailer"),
    },
  },
  // Pickup board
  {
    method: "GET",
    path: "/api/staff/board",
    operationId: "pickupBoard",
    summary:
      "Order numbers under Preparing and Ready for collection (no names, emails, plates or notes)",
    description:
      "Read by staff (their trailers) or by a board account: `Authorization: Bearer fpboard_…`, its access code. A revoked code answers 401 at once.",
    tag: "Board",
    access: "staff",
    query: boardQuerySchema,
    responses: { 200: { description: "The board", schema: boardResponseSchema } },
  },
  {
    method: "GET",
    path: "/api/staff/board-accounts",
    operationId: "boardAccounts",
    summary: "Board-only accounts (park managers)",
    tag: "Board",
    access: "staff",
    responses: { 200: { description: "The accounts", schema: boardAccountListResponseSchema } },
  },
  {
    method: "POST",
    path: "/api/staff/board-accounts",
    operationId: "createBoardAccount",
    summary:
      "Create a board-only, read-only account; its access code is shown once (park managers)",
    tag: "Board",
    access: "staff",
    body: boardAccountCreateSchema,
    responses: {
      201: { description: "Created", schema: boardAccountCreatedSchema },
      404: error("No such trailer"),
    },
  },
  {
    method: "DELETE",
    path: "/api/staff/board-accounts/:accountId",
    operationId: "revokeBoardAccount",
    summary: "Revoke a board account: its code stops working at once (park managers)",
    tag: "Board",
    access: "staff",
    params: boardAccountParamsSchema,
    responses: {
      200: { description: "The revoked account", schema: z.object({ data: boardAccountSchema }) },
      404: error("No such board account"),
    },
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
