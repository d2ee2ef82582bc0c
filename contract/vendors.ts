import * as z from "zod/mini";
import { allergenIdSchema } from "./allergen-schema";
import { idParam, pence, pounds } from "./common";
import { VENDOR_PAGE_SIZE, VENDOR_PAGE_SIZE_MAX } from "./limits";

export const vendorSchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string(),
  image: z.string(),
  /** Trading status text: 'open' or 'closed'. Open when it contains 'open' or 'active'. */
  status: z.string(),
  description: z.string(),
  rating: z.number(),
  preparationTime: z.object({ min: z.number(), max: z.number() }),
  priceCategory: z.string(),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  /** A paused trailer ('busy') that reopens by itself: when (ISO). An addition to the spec's vendor. */
  busyUntil: z.optional(z.nullable(z.string())),
  /** Closed by its opening hours: when it opens next (ISO), shown 'Opens 11:00'. */
  opensAt: z.optional(z.nullable(z.string())),
  /** Trading with opening hours: when they close it (ISO), shown 'Closes 21:00'. */
  closesAt: z.optional(z.nullable(z.string())),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, "page must be 1 or more"), z.lte(100_000, "page is too large")),
    1,
  ),
  limit: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.gte(1, "limit must be between 1 and 100"),
        z.lte(VENDOR_PAGE_SIZE_MAX, "limit must be between 1 and 100"),
      ),
    VENDOR_PAGE_SIZE,
  ),
  status: z.optional(z.enum(["active", "all"])),
});

export const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

export const vendorListResponseSchema = z.object({
  data: z.array(vendorSchema),
  pagination: paginationSchema,
});
export type VendorListResponse = z.infer<typeof vendorListResponseSchema>;

export const vendorIdParamsSchema = z.object({ id: idParam("vendor") });

export const menuItemSchema = z.object({
  /** 'item_{n}'; the numeric part is what the cart calls send. */
  id: z.string(),
  vendorId: z.number(),
  name: z.string(),
  description: z.string(),
  /** Pounds, as the spec's menu response has it. */
  price: pounds,
  pricePence: pence,
  image: z.string(),
  category: z.string(),
  has_required_addongroups: z.boolean(),
  has_addongroups: z.boolean(),
  allergens: z.array(allergenIdSchema),
  badges: z.array(z.string()),
  /**
   * Can be ordered now: on the menu and not sold out. False both for an item taken off the menu (shown
   * 'Unavailable') and for a sold-out one (`soldOut` true, shown 'Sold out'): the two never contradict.
   */
  available: z.boolean(),
  /**
   * Sold out today (an addition to the spec's item): marked so by staff, or a required choice has no option left.
   * Shown as 'Sold out' with no Add button; refused by the server. Implies `available: false`.
   */
  soldOut: z.optional(z.boolean()),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuResponseSchema = z.object({
  items: z.array(z.object({ category: z.string(), items: z.array(menuItemSchema) })),
});
export type MenuResponse = z.infer<typeof menuResponseSchema>;

export const itemIdParamsSchema = z.object({ itemId: idParam("item") });

export const addonSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Pounds as a string ('1.50'), as the spec's server sends it. */
  price: z.string(),
  pricePence: pence,
  default: z.boolean(),
  allergens: z.array(allergenIdSchema),
  /** Sold out today: shown 'Sold out', cannot be chosen. An addition to the spec's add-on. */
  soldOut: z.optional(z.boolean()),
});
export type Addon = z.infer<typeof addonSchema>;

export const addonGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  min_quantity: z.number(),
  max_quantity: z.number(),
  is_required: z.boolean(),
  addons: z.array(addonSchema),
});
export type AddonGroup = z.infer<typeof addonGroupSchema>;

export const addonGroupsResponseSchema = z.object({ addonGroups: z.array(addonGroupSchema) });
export type AddonGroupsResponse = z.infer<typeof addonGroupsResponseSchema>;

/** GET /menu-items/{itemId}: the item for the item-detail screen, with its vendor's id. */
export const menuItemResponseSchema = z.object({ item: menuItemSchema });

export {
  FREQUENTLY_BOUGHT_GROUP,
  isVendorOpen,
  PORTION_GROUP,
  PRICE_CATEGORIES,
} from "./vendor-rules";
