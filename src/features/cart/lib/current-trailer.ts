import { browserStorage, CART_STORAGE_KEYS } from "./cart-storage";

/**
 * The current trailer: the one whose cart /cart opens, i.e. the one last written to (else, until there is one,
 * the customer's most recently changed cart on the server). Its own small store, kept across reloads under
 * 'cartTrailer'; the cart keeper (../api/cart-keeper.ts) sets it.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

const parseVendorId = (value: unknown): number | null => {
  const match = /^(?:vendor_)?(\d+)$/.exec(String(value));
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Versions of the app before this store kept the current trailer only inside the spec's copy ('cart':
 * {vendorId: 'vendor_3', ...}). A phone updated from one carries it over once, at the first read.
 * Removal: from 2027-03-01 (three months after 'cartTrailer' shipped, 2026-11-26); a phone not opened since
 * then opens at its most recently changed server cart instead, the same trailer in practice. The upgrade test
 * (tests/e2e/upgrade-carry-over.spec.ts) goes with it.
 */
function carriedOverTrailer(storage: Storage): number | null {
  try {
    const copy = storage.getItem(CART_STORAGE_KEYS.cart);
    return copy ? parseVendorId((JSON.parse(copy) as { vendorId?: unknown }).vendorId) : null;
  } catch {
    return null;
  }
}

/** Read from storage each time (a cheap read): another tab's choice shows at the next render. */
export function currentTrailer(): number | null {
  const storage = browserStorage();
  if (!storage) return null;
  const own = storage.getItem(CART_STORAGE_KEYS.trailer);
  if (own !== null) return parseVendorId(own);
  const carried = carriedOverTrailer(storage);
  if (carried !== null) storage.setItem(CART_STORAGE_KEYS.trailer, String(carried));
  return carried;
}

export function chooseTrailer(vendorId: number | null): void {
  if (currentTrailer() === vendorId) return;
  // None is stored as '' rather than removed, so an old copy is never carried over again.
  browserStorage()?.setItem(CART_STORAGE_KEYS.trailer, vendorId === null ? "" : String(vendorId));
  for (const listener of listeners) listener();
}

export function subscribeToTrailer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
