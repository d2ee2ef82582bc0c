import {
  MENU_SEARCH_RESULTS_MAX,
  type MenuSearchHit,
  type MenuSearchResponse,
} from "@contract/menu-search";
import type { MenuItem } from "@contract/vendors";
import type { Database } from "@server/db/database.js";
import { menuRepository } from "@server/db/repositories/menu.js";
import { withinHours } from "./trading-hours.js";
import { toMenuItem } from "./vendor-service.js";

/** A dish the search may find: an available item of an open trailer. */
export interface SearchableDish {
  item: MenuItem;
  vendorName: string;
}

/**
 * Where the dishes come from: today one repository call; point it at the in-memory catalogue snapshot when there
 * is one (the search itself only ever sees this list).
 */
export type DishSource = () => Promise<readonly SearchableDish[]>;

export function databaseDishSource(db: Database): DishSource {
  return async () =>
    (await menuRepository(db).openMenuItems())
      .filter(
        (row) => !row.vendor_opening_hours || withinHours(row.vendor_opening_hours, new Date()),
      )
      .map((row) => ({
        item: toMenuItem(row),
        vendorName: row.vendor_name,
      }));
}

const normalise = (text: string) =>
  text
    .toLocaleLowerCase("en-GB")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

/** How well a dish matches every word: name beats category beats description; null when a word is missing. */
function score(dish: SearchableDish, words: readonly string[]): number | null {
  const name = normalise(dish.item.name);
  const category = normalise(dish.item.category);
  const description = normalise(dish.item.description);
  let total = 0;
  for (const word of words) {
    if (name.includes(word)) total += name.startsWith(word) || name.includes(` ${word}`) ? 6 : 4;
    else if (category.includes(word)) total += 3;
    else if (description.includes(word)) total += 1;
    else return null;
  }
  return total;
}

function toHit({ item, vendorName }: SearchableDish): MenuSearchHit {
  return {
    id: item.id,
    itemId: Number(item.id.replace(/^item_/, "")),
    vendorId: item.vendorId,
    vendorName,
    name: item.name,
    description: item.description,
    category: item.category,
    price: item.price,
    pricePence: item.pricePence,
    image: item.image,
    allergens: item.allergens,
    has_required_addongroups: item.has_required_addongroups,
  };
}

/**
 * Search by craving: dishes of every open trailer whose name, category or description holds every word typed
 * ('burger', 'vegan pizza'), best matches first, park order among equals. The trailer list's own search stays on
 * vendor names (spec).
 */
export function createMenuSearchService(source: DishSource) {
  return {
    async search(query: string): Promise<MenuSearchResponse> {
      const words = normalise(query).split(" ").filter(Boolean);
      const dishes = await source();
      const matches = dishes
        .map((dish, index) => ({ dish, index, score: score(dish, words) }))
        .filter(
          (match): match is { dish: SearchableDish; index: number; score: number } =>
            match.score !== null,
        )
        .sort((a, b) => b.score - a.score || a.index - b.index);
      return {
        query,
        results: matches.slice(0, MENU_SEARCH_RESULTS_MAX).map((match) => toHit(match.dish)),
        more: Math.max(0, matches.length - MENU_SEARCH_RESULTS_MAX),
      };
    },
  };
}

export type MenuSearchService = ReturnType<typeof createMenuSearchService>;
