import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { VENDOR_PAGE_SIZE } from "../../../../contract/limits";
import { menuResponseSchema, vendorListResponseSchema, vendorSchema } from "../../../../contract/vendors";
import { api } from "../../../lib/api-client";

/** Every query key of the vendors feature, in one place. */
export const vendorKeys = {
  all: ["vendors"] as const,
  list: () => [...vendorKeys.all, "list", { status: "active", limit: VENDOR_PAGE_SIZE }] as const,
  detail: (vendorId: number) => [...vendorKeys.all, "detail", vendorId] as const,
  menu: (vendorId: number) => [...vendorKeys.all, "menu", vendorId] as const,
};

const fetchVendorPage = (page: number, signal: AbortSignal) =>
  api.get(`/vendors/list?page=${page}&limit=${VENDOR_PAGE_SIZE}&status=active`, vendorListResponseSchema, { signal });

/** GET /vendors/list, page by page (spec: page size 20, status active). */
export const vendorListQuery = () =>
  infiniteQueryOptions({
    queryKey: vendorKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchVendorPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined),
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
