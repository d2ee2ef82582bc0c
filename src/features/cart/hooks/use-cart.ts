import { useQuery } from "@tanstack/react-query";
import { cartQuery } from "../api/cart-api";
import { currentCartVendorId } from "../lib/cart-storage";
import { useOrderType } from "./use-order-type";

/**
 * The server's cart for one vendor, or for the current vendor ('current': the one last written to,
 * else the customer's most recently changed cart on the server).
 */
export function useCart(vendor: number | "current") {
  const [orderType] = useOrderType();
  const vendorId = vendor === "current" ? currentCartVendorId() : vendor;
  const known = vendorId === null || (Number.isInteger(vendorId) && vendorId > 0);
  const query = useQuery({ ...cartQuery(vendorId, orderType), enabled: known });
  return { ...query, orderType, vendorId: query.data?.vendorId ?? vendorId };
}
