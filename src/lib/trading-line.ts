import { parkMoment as parkMomentIn } from "@contract/park-clock";
import { hasTradingLine } from "@contract/vendor-rules";
import { brand } from "./brand";
import { formatTime } from "./time";

/** What the one line beside the 'Open Now' / 'Closed' badge needs of a trailer. */
export interface TradingFacts {
  /** 'open', 'busy' (paused) or 'closed'. */
  status: string;
  busyUntil?: string | null | undefined;
  opensAt?: string | null | undefined;
  closesAt?: string | null | undefined;
}

/** '11:00' today, 'Sat 11:00' on another day (park time, 24-hour): a moment a trailer's state turns at. */
export const parkMoment = (iso: string, now: number = Date.now()): string =>
  parkMomentIn(iso, now, brand.timezone);

/**
 * The one line shown beside a trailer's badge everywhere (menu, item page, cart, staff Trailers): 'Busy — back at
 * 12:45', 'Busy', 'Opens 11:00', 'Closes 21:00', or null when there is nothing to add.
 */
export function tradingLine(trailer: TradingFacts, now: number = Date.now()): string | null {
  if (!hasTradingLine(trailer)) return null;
  if (trailer.status === "busy")
    return trailer.busyUntil ? `Busy — back at ${formatTime(trailer.busyUntil)}` : "Busy";
  if (trailer.status === "closed")
    return trailer.opensAt ? `Opens ${parkMoment(trailer.opensAt, now)}` : null;
  return trailer.closesAt ? `Closes ${parkMoment(trailer.closesAt, now)}` : null;
}
