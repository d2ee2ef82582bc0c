import { formatTime } from "../../../lib/time";

/** Spec section 2: 'Updated Just now', 'Updated 5m ago', or the time once an hour has passed. */
export function updatedLabel(updatedAt: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - updatedAt) / 60_000);
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes}m ago`;
  return formatTime(updatedAt);
}

/** '5 min ago' for order ages on the staff board and cards. */
export function ageLabel(createdAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return "Just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min ago`;
}
