import { ADDON_CACHE_MS, ADDON_RETRIES, ADDON_RETRY_DELAY_MS } from "@contract/limits";
import { addonGroupsResponseSchema, menuItemResponseSchema } from "@contract/vendors";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

export const itemKeys = {
  all: ["menu-item"] as const,
  detail: (itemId: number) => [...itemKeys.all, itemId] as const,
  addonGroups: (itemId: number) => [...itemKeys.all, itemId, "addon-groups"] as const,
};

const isClientError = (error: Error) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** GET /menu-items/{itemId}. */
export const menuItemQuery = (itemId: number) =>
  queryOptions({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => api.get(`/menu-items/${itemId}`, menuItemResponseSchema, { signal }),
    select: (response) => response.item,
  });

/** GET /menu-items/{itemId}/addon-groups: cached 5 minutes, no refetch on focus, 3 retries at 1 s (docs/product-spec.md § The calls it makes). */
export const addonGroupsQuery = (itemId: number) =>
  queryOptions({
    queryKey: itemKeys.addonGroups(itemId),
    queryFn: ({ signal }) =>
      api.get(`/menu-items/${itemId}/addon-groups`, addonGroupsResponseSchema, { signal }),
    select: (response) => response.addonGroups,
    staleTime: ADDON_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => !isClientError(error) && failureCount < ADDON_RETRIES,
    retryDelay: ADDON_RETRY_DELAY_MS,
  });
