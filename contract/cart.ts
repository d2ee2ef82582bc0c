import * as z from "zod/mini";
import { allergenIdSchema } from "./allergen-schema";
import {
  boundedInt,
  dbId,
  idParam,
  mutationIdSchema,
  orderTypeSchema,
  pence,
  pounds,
} from "./common";
import { ADDON_SELECTIONS_MAX, CART_LINE_QUANTITY_MAX, TEXT_LIMIT } from "./limits";

const textUpTo500 = (field: string) =>
  z.string().check(z.maxLength(TEXT_LIMIT, `${field} must be at most ${TEXT_LIMIT} characters`));

export const cartAddonSchema = z.object({
  addonId: z.number(),
  name: z.string(),
  quantity: z.number(),
  price: pounds,
  total: pounds,
  pricePence: pence,
  /** What this add-on contains (the 14 UK allergens). */
  allergens: z.optional(z.array(allergenIdSchema)),
});

export const cartAddonGroupSchema = z.object({
  groupId: z.number(),
  groupName: z.string(),
  addons: z.array(cartAddonSchema),
});

export const cartItemSchema = z.object({
  /** 'item_{n}' (the menu item). */
  id: z.string(),
  /** This cart line (the same item with other add-ons or notes is another line). */
  lineId: z.number(),
  menuItemId: z.number(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  quantity: z.number(),
  /** Unit base price in pounds (the chosen portion's price when the item has portions). */
  price: pounds,
  /** Add-ons per unit, pounds. */
  addonTotal: pounds,
  /** (price + addonTotal) × quantity, pounds. */
  totalPrice: pounds,
  pricePence: pence,
  addonTotalPence: pence,
  totalPricePence: pence,
  allergyInformation: z.string(),
  /** The item's allergens with its chosen add-ons' (contract/allergens.ts mergeAllergens). */
  allergens: z.optional(z.array(allergenIdSchema)),
  /** The item's own allergens, without the add-ons' (empty: the item carries no allergen data). */
  itemAllergens: z.optional(z.array(allergenIdSchema)),
  addons: z.array(cartAddonGroupSchema),
  /** The item or a chosen add-on sold out (or switched off) since it was added: 'Sold out', Remove. */
  soldOut: z.optional(z.boolean()),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** How a trailer trades now, for the one line beside its badge ('Busy — back at 12:45', 'Opens 11:00'). */
export const tradingFactsSchema = z.object({
  status: z.enum(["open", "busy", "closed"]),
  busyUntil: z.nullable(z.string()),
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
});
export type TradingFactsWire = z.infer<typeof tradingFactsSchema>;

export const cartVendorInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Includes a full 15-minute slot's delay: what the customer is promised if they pay now. */
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  trading: z.optional(tradingFactsSchema),
});

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  subtotal: pounds,
  total: pounds,
  serviceCharge: pounds,
  deliveryCharge: pounds,
  subtotalPence: pence,
  totalPence: pence,
  serviceChargePence: pence,
  deliveryChargePence: pence,
  orderType: z.nullable(orderTypeSchema),
  deliveryInstructions: z.string(),
  /**
   * Beyond the spec: the server cart's version, raised by every write (0: no cart yet). A copy with a lower
   * version than the one shown is older (a cache, a response that crossed a newer one) and never replaces it.
   */
  version: z.number(),
  vendorId: z.nullable(z.number()),
  vendor_info: z.nullable(cartVendorInfoSchema),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.extend(cartSchema, { message: z.optional(z.string()) });
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const emptyCart = (): Cart => ({
  items: [],
  subtotal: 0,
  total: 0,
  serviceCharge: 0,
  deliveryCharge: 0,
  subtotalPence: 0,
  totalPence: 0,
  serviceChargePence: 0,
  deliveryChargePence: 0,
  orderType: null,
  deliveryInstructions: "",
  version: 0,
  vendorId: null,
  vendor_info: null,
});

/** GET /cart?vendorId&orderType — without vendorId, the customer's most recently changed cart. */
export const cartQuerySchema = z.object({
  vendorId: z.optional(idParam("vendor")),
  orderType: z.optional(orderTypeSchema),
});

export const cartAddRequestSchema = z.object({
  itemId: idParam("item"),
  quantity: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.lte(CART_LINE_QUANTITY_MAX, `quantity must be at most ${CART_LINE_QUANTITY_MAX}`),
      ),
    1,
  ),
  vendorId: idParam("vendor"),
  orderType: z.optional(orderTypeSchema),
  mutationId: mutationIdSchema,
});
export type CartAddRequest = z.input<typeof cartAddRequestSchema>;

export const addonSelectionSchema = z.object({
  addonGroupId: dbId("addonGroupId"),
  addonId: dbId("addonId"),
  quantity: z._default(boundedInt("addon quantity", 0, CART_LINE_QUANTITY_MAX), 1),
});

export const cartAddWithAddonsRequestSchema = z.object({
  itemId: idParam("item"),
  quantity: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(1),
        z.lte(CART_LINE_QUANTITY_MAX, `quantity must be at most ${CART_LINE_QUANTITY_MAX}`),
      ),
    1,
  ),
  vendorId: idParam("vendor"),
  orderType: z.optional(orderTypeSchema),
  addonSelections: z._default(
    z.array(addonSelectionSchema).check(z.maxLength(ADDON_SELECTIONS_MAX)),
    [],
  ),
  /** Beyond the spec: a note typed before the item is in the cart travels with the add. */
  allergyInformation: z.optional(textUpTo500("Allergy information")),
  mutationId: mutationIdSchema,
});
export type CartAddWithAddonsRequest = z.input<typeof cartAddWithAddonsRequestSchema>;

/** Quantity 0 removes the line. `lineId` picks one configuration when the item is in the cart more than once. */
export const cartUpdateRequestSchema = z.object({
  itemId: idParam("item"),
  quantity: z
    .number()
    .check(
      z.int(),
      z.gte(0, "quantity cannot be negative"),
      z.lte(CART_LINE_QUANTITY_MAX, `quantity must be at most ${CART_LINE_QUANTITY_MAX}`),
    ),
  vendorId: idParam("vendor"),
  orderType: z.optional(orderTypeSchema),
  lineId: z.optional(dbId("lineId")),
  mutationId: mutationIdSchema,
});
export type CartUpdateRequest = z.input<typeof cartUpdateRequestSchema>;

export const allergyRequestSchema = z.object({
  itemId: idParam("item"),
  allergyInformation: textUpTo500("Allergy information"),
  vendorId: z.optional(idParam("vendor")),
  lineId: z.optional(dbId("lineId")),
  mutationId: mutationIdSchema,
});
export type AllergyRequest = z.input<typeof allergyRequestSchema>;

export const deliveryInstructionsRequestSchema = z.object({
  instructions: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Please enter delivery instructions"),
      z.maxLength(TEXT_LIMIT, `Delivery instructions must be at most ${TEXT_LIMIT} characters`),
    ),
  vendorId: z.optional(idParam("vendor")),
  mutationId: mutationIdSchema,
});

export const removeAllByVendorRequestSchema = z.object({
  vendorId: idParam("vendor"),
  mutationId: mutationIdSchema,
});
