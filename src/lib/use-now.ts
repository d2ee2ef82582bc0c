import { useEffect, useState } from "react";

/** The current time, re-read every `intervalMs` (labels like 'Updated 5m ago' go stale otherwise). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
