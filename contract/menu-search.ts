import * as z from "zod/mini";
import { allergenIdSchema } from "./allergen-schema";
import { pence, pounds } from "./common";

/** GET /api/menu-search?q=: dishes across every open trailer (Home's search by craving). */
export const MENU_SEARCH_QUERY_MIN = 2;
export const MENU_SEARCH_QUERY_MAX = 60;
export const MENU_SEARCH_RESULTS_MAX = 30;

export const MENU_SEARCH_MESSAGES = {
  tooShort: `Type at least ${MENU_SEARCH_QUERY_MIN} letters to search`,
  tooLong: `Search text must be at most ${MENU_SEARCH_QUERY_MAX} characters`,
} as const;

export const menuSearchQuerySchema = z.object({
  q: z
    .pipe(
      z
        .string(MENU_SEARCH_MESSAGES.tooShort)
        .check(z.maxLength(MENU_SEARCH_QUERY_MAX, MENU_SEARCH_MESSAGES.tooLong)),
      z.transform((text) => text.trim().replace(/\s+/g, " ")),
    )
    .check(z.minLength(MENU_SEARCH_QUERY_MIN, MENU_SEARCH_MESSAGES.tooShort)),
});

export const menuSearchHitSchema = z.object({
  /** 'item_{n}', as on the menu. */
  id: z.string(),
  itemId: z.number(),
  vendorId: z.number(),
  vendorName: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  price: pounds,
  pricePence: pence,
  image: z.string(),
  allergens: z.array(allergenIdSchema),
  /** Required choices: the result opens the item page rather than adding from a list. */
  has_required_addongroups: z.boolean(),
});
export type MenuSearchHit = z.infer<typeof menuSearchHitSchema>;

export const menuSearchResponseSchema = z.object({
  query: z.string(),
  results: z.array(menuSearchHitSchema),
  /** Matches beyond the first MENU_SEARCH_RESULTS_MAX. */
  more: z.number(),
});
export type MenuSearchResponse = z.infer<typeof menuSearchResponseSchema>;
