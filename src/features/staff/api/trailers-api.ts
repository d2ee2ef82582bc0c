import type { TrailerBusinessUpdate, VatRate } from "@contract/business";
import type {
  AuditResponse,
  StaffTrailer,
  StaffTrailersResponse,
  TrailerUpdate,
} from "@contract/park-operations";
import { api } from "@/lib/api-client";

export const trailerKeys = {
  all: ["staff-trailers"] as const,
  list: () => ["staff-trailers", "list"] as const,
  audit: () => ["staff-trailers", "audit"] as const,
};

/** GET /staff/trailers: the trailers this staff member runs, with every item and add-on. */
export const staffTrailersQuery = () => ({
  queryKey: trailerKeys.list(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get("/staff/trailers", undefined, { signal }) as Promise<StaffTrailersResponse>,
  staleTime: 5_000,
});

/** GET /staff/audit: the last 50 changes. */
export const staffAuditQuery = () => ({
  queryKey: trailerKeys.audit(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get("/staff/audit", undefined, { signal }) as Promise<AuditResponse>,
  staleTime: 5_000,
});

export const updateTrailer = (vendorId: number, update: TrailerUpdate) =>
  api.patch(`/staff/trailers/${vendorId}`, update) as Promise<StaffTrailer>;

export const setItemSoldOut = (itemId: number, soldOut: boolean) =>
  api.patch(`/staff/menu-items/${itemId}`, { soldOut });

export const setAddonSoldOut = (addonId: number, soldOut: boolean) =>
  api.patch(`/staff/addons/${addonId}`, { soldOut });

export const updateTrailerBusiness = (vendorId: number, update: TrailerBusinessUpdate) =>
  api.patch(`/staff/trailers/${vendorId}/business`, update) as Promise<StaffTrailer>;

export const setVatRate = (target: "item" | "addon", id: number, vatRate: VatRate) =>
  api.patch(`/staff/${target === "item" ? "menu-items" : "addons"}/${id}/vat-rate`, { vatRate });
