/**
 * One park basket: every trailer's cart on one screen, one checkout placing one order per trailer.
 * The spec's per-vendor cart, order and payment calls are unchanged; these are the basket's own calls.
 */
import * as z from "zod/mini";
import { cartItemSchema, tradingFactsSchema } from "./cart";
import { idParam, orderTypeSchema, pence, pounds } from "./common";
import { TEXT_LIMIT } from "./limits";
import {
  type CheckoutGroup,
  checkoutOrderSchema,
  paymentMethodSchema,
  vehicleSchema,
} from "./orders";
import { readyTextSettingsSchema } from "./text-alerts";

export {
  type CheckoutGroup,
  type CheckoutOrder,
  checkoutGroupSchema,
  checkoutOrderSchema,
} from "./orders";

/** At most this many trailers in one checkout (the demo park has fewer; a bound keeps a request small). */
export const BASKET_MAX_TRAILERS = 20;

export const basketProblemSchema = z.object({
  kind: z.enum(["closed", "unavailable"]),
  message: z.string(),
  /** The cart line an 'unavailable' problem is about. */
  lineId: z.nullable(z.number()),
});
export type BasketProblem = z.infer<typeof basketProblemSchema>;

/** Money of one section or of the whole basket, pence with the pounds beside them. */
const totalsShape = {
  subtotalPence: pence,
  serviceChargePence: pence,
  deliveryChargePence: pence,
  totalPence: pence,
  subtotal: pounds,
  serviceCharge: pounds,
  deliveryCharge: pounds,
  total: pounds,
};
export const basketTotalsSchema = z.object(totalsShape);
export type BasketTotals = z.infer<typeof basketTotalsSchema>;

export const basketSectionSchema = z.object({
  vendorId: z.number(),
  vendorName: z.string(),
  status: z.enum(["open", "closed"]),
  /** Open, busy (paused) or closed, with when that changes. */
  trading: z.optional(tradingFactsSchema),
  /** Includes a full 15-minute slot's delay: the ready time if paid now. */
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  items: z.array(cartItemSchema),
  /** What this trailer's order would cost in this checkout (the service charge sits on one section only). */
  totals: basketTotalsSchema,
  /** Left out of this checkout by the customer ('Pay without this trailer'): not in the grand total. */
  excluded: z.boolean(),
  /** Why this section cannot be paid for now; empty when it can. */
  problems: z.array(basketProblemSchema),
});
export type BasketSection = z.infer<typeof basketSectionSchema>;

export const basketSchema = z.object({
  /** One section per trailer with a non-empty cart, in the order the carts were started. */
  sections: z.array(basketSectionSchema),
  orderType: orderTypeSchema,
  /** The sections that would be paid for now (not excluded), summed. */
  totals: basketTotalsSchema,
  /** Distinct cart lines across every trailer (the cart badge). */
  lineCount: z.number(),
  /** Where cash is paid: each trailer's own counter, or one park till (brand configuration). */
  cashPaidAt: z.enum(["counter", "park_till"]),
});
export type Basket = z.infer<typeof basketSchema>;

/** A list of vendor ids in a query string: '3,7'. */
const vendorIdList = z.pipe(
  z.string().check(z.maxLength(400)),
  z.transform((text, ctx) => {
    const ids: number[] = [];
    for (const part of text.split(",").filter((piece) => piece.trim() !== "")) {
      const id = Number(part.trim());
      if (!Number.isSafeInteger(id) || id <= 0) {
        ctx.issues.push({
          code: "custom",
          message: `Invalid vendor: ${part.slice(0, 20)}`,
          input: text,
        });
        return z.NEVER;
      }
      ids.push(id);
    }
    return ids;
  }),
);

/** GET /cart/basket?orderType&exclude=3,7 */
export const basketQuerySchema = z.object({
  orderType: z.optional(orderTypeSchema),
  exclude: z.optional(vendorIdList),
});

/** POST /checkout (header Idempotency-Key required): one order per listed trailer, all or nothing. */
export const checkoutRequestSchema = z.object({
  vendorIds: z
    .array(idParam("vendor"))
    .check(
      z.minLength(1, "Choose at least one trailer to pay for"),
      z.maxLength(BASKET_MAX_TRAILERS, `At most ${BASKET_MAX_TRAILERS} trailers in one checkout`),
    ),
  orderType: orderTypeSchema,
  paymentMethod: paymentMethodSchema,
  /** The grand total the customer was shown; a basket that changed since is refused rather than charged. */
  totalPence: pence,
  deliveryInstructions: z.optional(z.nullable(z.string().check(z.maxLength(TEXT_LIMIT)))),
  /** The car-delivery answer: applies to every order of the checkout. */
  vehicleData: z.optional(z.nullable(vehicleSchema)),
  /** "Text me when it's ready", as ticked at checkout: saved to the customer's profile (422 naming mobile if unusable). */
  readyText: z.optional(readyTextSettingsSchema),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  checkoutId: z.number(),
  status: z.enum(["placed", "awaiting_payment", "paid"]),
  paymentMethod: paymentMethodSchema,
  totalPence: pence,
  total: pounds,
  /** The orders placed (empty while a card payment is awaited). */
  orders: z.array(checkoutOrderSchema),
  /** Where cash is paid: each trailer's own counter, or one park till. */
  cashPaidAt: z.enum(["counter", "park_till"]),
  /** Card: the one hosted payment for the whole checkout. */
  payment: z.nullable(
    z.object({ paymentIntentId: z.string(), sessionUrl: z.string(), returnUrl: z.string() }),
  ),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutIdParamsSchema = z.object({ checkoutId: idParam("checkout") });

/** 'with Forno & Fuoco and 1 more': the other trailers of this order's checkout. */
export function siblingsText(group: CheckoutGroup, orderId: number): string | null {
  const others = group.orders.filter((order) => order.id !== orderId);
  if (others.length === 0) return null;
  const [first] = others;
  return others.length === 1
    ? `with ${first!.vendorName}`
    : `with ${first!.vendorName} and ${others.length - 1} more`;
}
