import type { OrderStatus } from "@contract/orders";
import { type PillTone, pillTone } from "@/lib/order-display";

/** The banner follows the pill's colour family so the two never disagree. */
export const bannerTone = (status: OrderStatus): PillTone => pillTone(status);
