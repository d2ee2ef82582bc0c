import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { cartQuery, keepCart } from "../api/cart-keeper";
import { currentTrailer, subscribeToTrailer } from "../lib/current-trailer";
import { useOrderType } from "./use-order-type";

/** The current trailer (the one last written to), or null until there is one. */
export const useCurrentTrailer = () =>
  useSyncExternalStore(subscribeToTrailer, currentTrailer, () => null);

/**
 * One trailer's cart as shown, or the current trailer's ('current'; while none is, the customer's most recently
 * changed cart on the server, whose trailer then becomes the current one).
 */
export function useCart(vendor: number | "current") {
  const client = useQueryClient();
  keepCart(client);
  const [orderType] = useOrderType();
  const current = useCurrentTrailer();
  const vendorId = vendor === "current" ? current : vendor;
  const known = vendorId === null || (Number.isInteger(vendorId) && vendorId > 0);
  const query = useQuery({ ...cartQuery(vendorId, orderType), enabled: known });
  return { ...query, orderType, vendorId: query.data?.vendorId ?? vendorId };
}
