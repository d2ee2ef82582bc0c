import { formatTime } from "@/lib/time";

/** The product spec (docs/product-spec.md § Screens and routes): 'Updated Just now', 'Updated 5m ago', or the time once an hour has passed. */
export function updatedLabel(updatedAt: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  return formatTime(updatedAt);
}
