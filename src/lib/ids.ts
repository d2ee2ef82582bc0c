/** The numeric part of a spec-style id ('item_12' → 12, 'vendor_3' → 3, 7 → 7); NaN when there is none. */
export function numericId(id: string | number): number {
  if (typeof id === "number") return id;
  const match = /(\d+)$/.exec(id.trim());
  return match ? Number(match[1]) : Number.NaN;
}
