export const DEFAULT_ESTIMATE = "10-15 minutes";

/**
 * Spec section 9: the vendor's preparation range when known, else a range from the minutes until the
 * estimated time to that plus 5, else '10-15 minutes'.
 */
export function estimatedTimeText(
  preparation: { min: number; max: number } | null | undefined,
  estimatedAt?: string | null,
  now = Date.now(),
): string {
  if (preparation && preparation.min > 0 && preparation.max >= preparation.min) {
    return `${preparation.min}-${preparation.max} minutes`;
  }
  if (estimatedAt) {
    const minutes = Math.max(0, Math.round((new Date(estimatedAt).getTime() - now) / 60_000));
    if (Number.isFinite(minutes)) return `${minutes}-${minutes + 5} minutes`;
  }
  return DEFAULT_ESTIMATE;
}
