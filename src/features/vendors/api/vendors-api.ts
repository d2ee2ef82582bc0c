import { VENDOR_PAGE_SIZE } from "@contract/limits";
import type { Vendor } from "@contract/vendors";
import { queryOptions } from "@tanstack/react-query";
import { api, lazySchema } from "@/lib/api-client";

// Loaded with the first response rather than before the first paint (see lazySchema).
const vendorSchemas = () => import("@contract/vendors");
const vendorListResponseSchema = lazySchema(() =>
  vendorSchemas().then((m) => m.vendorListResponseSchema),
);
const vendorSchema = lazySchema(() => vendorSchemas().then((m) => m.vendorSchema));
const menuResponseSchema = lazySchema(() => vendorSchemas().then((m) => m.menuResponseSchema));

/** Every query key of the vendors feature, in one place. */
export const vendorKeys = {
  all: ["vendors"] as const,
  list: (pages: number) =>
    [...vendorKeys.all, "list", { status: "active", limit: VENDOR_PAGE_SIZE, pages }] as const,
  detail: (vendorId: number) => [...vendorKeys.all, "detail", vendorId] as const,
  menu: (vendorId: number) => [...vendorKeys.all, "menu", vendorId] as const,
};

const fetchVendorPage = (page: number, signal: AbortSignal) =>
  api.get(
    `/vendors/list?page=${page}&limit=${VENDOR_PAGE_SIZE}&status=active`,
    vendorListResponseSchema,
    { signal },
  );

export interface VendorList {
  vendors: Vendor[];
  hasMore: boolean;
}

/**
 * GET /vendors/list (spec: page size 20, status active): the first `pages` pages as one list.
 * Plain options (not `queryOptions`/an infinite query) so the /vendors page can read them with its
 * light hook and stay inside its bundle budget; useQuery takes them as they are.
 */
export const vendorListQuery = (pages = 1) => ({
  queryKey: vendorKeys.list(pages),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<VendorList> => {
    const responses = await Promise.all(
      Array.from({ length: pages }, (_, index) => fetchVendorPage(index + 1, signal)),
    );
    const last = responses.at(-1)!;
    return {
      vendors: responses.flatMap((response) => response.data),
      hasMore: last.pagination.page < last.pagination.totalPages,
    };
  },
});

/** GET /vendors/{id}: the menu screen's vendor info. */
export const vendorQuery = (vendorId: number) =>
  queryOptions({
    queryKey: vendorKeys.detail(vendorId),
    queryFn: ({ signal }) => api.get(`/vendors/${vendorId}`, vendorSchema, { signal }),
  });

/** GET /vendors/{id}/items: the menu grouped by category. */
export const vendorMenuQuery = (vendorId: number) =>
  queryOptions({
    queryKey: vendorKeys.menu(vendorId),
    queryFn: ({ signal }) => api.get(`/vendors/${vendorId}/items`, menuResponseSchema, { signal }),
  });
