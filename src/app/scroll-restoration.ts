import { useEffect, useLayoutEffect } from "react";
import { type Location, type NavigationType, useLocation, useNavigationType } from "react-router";

/**
 * Navigation like the apps customers know: every new screen opens at the top; Back and Forward bring back the
 * position the customer left, per history entry; a link with a #fragment (e.g. /cart#vendor-3) is a deliberate
 * scroll to that element once the page has drawn it. (React Router's own ScrollRestoration needs a data router, which
 * this app does not load: see router.tsx.)
 */
const STORAGE_KEY = "scroll-positions";
const MAX_ENTRIES = 50;
/** A restored page may still be drawing (its chunk, its data): keep trying this long for its height to allow it. */
const RESTORE_FOR_MS = 1500;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  try {
    const positions = readPositions();
    delete positions[key];
    positions[key] = y;
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: positions are a nicety, never a failure.
  }
}

/** Opens at the top, then scrolls to the fragment's element once the page has drawn it (if it ever does). */
function toFragment(id: string): () => void {
  window.scrollTo(0, 0);
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView({ block: "start" });
    else if (performance.now() < until) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until)
      frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** Where a screen should open: restored on Back/Forward, the fragment's page decides, else the top. */
export function scrollTargetFor(
  location: Pick<Location, "key" | "hash">,
  navigationType: NavigationType,
  positions: Record<string, number>,
): number | "fragment" {
  if (navigationType === "POP" && positions[location.key] !== undefined)
    return positions[location.key]!;
  if (location.hash) return "fragment";
  return 0;
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  }, []);

  // Remember this entry's position as the customer scrolls (read back when they come Back to it).
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePosition(location.key, window.scrollY));
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, [location.key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry, not on every render
  useLayoutEffect(() => {
    const target = scrollTargetFor(location, navigationType, readPositions());
    if (target === "fragment") return toFragment(decodeURIComponent(location.hash.slice(1)));
    return restore(target);
  }, [location.key]);
}
