import type { Charges } from "@contract/pricing";

/**
 * The server's charges (service charge, delivery fee) as its GET /api/config last said, kept in localStorage so a
 * cart written offline on a cold start is priced with them too: one home for the client's copy of the rule's inputs.
 */
const KEY = "knownCharges";

let known: Charges | null | undefined;

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
};

const isCharges = (value: unknown): value is Charges =>
  typeof value === "object" &&
  value !== null &&
  Number.isSafeInteger((value as Charges).serviceChargePence) &&
  Number.isSafeInteger((value as Charges).deliveryFeePence);

/** The charges last heard from the server, or null when it has never answered on this device. */
export function knownCharges(): Charges | null {
  if (known !== undefined) return known;
  try {
    const saved: unknown = JSON.parse(storage()?.getItem(KEY) ?? "null");
    known = isCharges(saved) ? saved : null;
  } catch {
    known = null;
  }
  return known;
}

export function rememberCharges(charges: Charges): void {
  if (!isCharges(charges)) return;
  known = {
    serviceChargePence: charges.serviceChargePence,
    deliveryFeePence: charges.deliveryFeePence,
  };
  try {
    storage()?.setItem(KEY, JSON.stringify(known));
  } catch {
    // the in-memory copy serves this visit
  }
}
