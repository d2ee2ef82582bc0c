import { MENU_SEARCH_QUERY_MIN } from "@contract/menu-search";
import { api, lazySchema } from "@/lib/api-client";

const menuSearchResponseSchema = lazySchema(() =>
  import("@contract/menu-search").then((module) => module.menuSearchResponseSchema),
);

/** The text as the server will read it: trimmed, inner spaces folded. */
export const normaliseSearch = (text: string) => text.trim().replace(/\s+/g, " ");

export const canSearch = (text: string) => normaliseSearch(text).length >= MENU_SEARCH_QUERY_MIN;

/** GET /menu-search?q=: dishes of every open trailer matching the craving. */
export const menuSearchQuery = (text: string) => {
  const q = normaliseSearch(text);
  return {
    queryKey: ["menu-search", q.toLowerCase()] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get(`/menu-search?q=${encodeURIComponent(q)}`, menuSearchResponseSchema, { signal }),
    enabled: canSearch(q),
    staleTime: 30_000,
  };
};
