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

/**
 * Scrolls to `y`, at once (a screen change must not show the new screen at the old position) or, for the first screen
 * of a load, in the next frame: scrolling forces a layout, which at once would lengthen the first render's commit (one
 * long task on a slow phone) with the whole page's layout; in the frame it is the layout that frame does anyway.
 */
function restore(y: number, inNextFrame = false): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) > 1 && performance.now() < until)
      frame = requestAnimationFrame(attempt);
  };
  if (inNextFrame) frame = requestAnimationFrame(attempt);
  else attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * A position belongs to one history entry AND its screen: a fresh load has no entry key of its own (React Router
 * calls it 'default'), so a key alone would hand one screen's position to the next screen loaded fresh (the cart
 * opening at the bottom the trailer list was left at).
 */
export const positionKey = (location: Pick<Location, "key" | "pathname" | "search">): string =>
  `${location.key} ${location.pathname}${location.search}`;

/**
 * Where a screen should open: restored on Back/Forward and on a reload of the same entry (same screen), the
 * fragment's page decides, else the top. The first screen of a fresh load (no entry key yet) opens at the top.
 */
export function scrollTargetFor(
  location: Pick<Location, "key" | "hash" | "pathname" | "search">,
  navigationType: NavigationType,
  positions: Record<string, number>,
  firstScreen = false,
): number | "fragment" {
  const saved = positions[positionKey(location)];
  const freshLoad = firstScreen && location.key === "default";
  if (navigationType === "POP" && !freshLoad && saved !== undefined) return saved;
  if (location.hash) return "fragment";
  return 0;
}

/** The history entry on screen and where it was last seen scrolled to (updated on scroll and on every tap). */
let activeKey: string | null = null;
/** No screen shown yet in this document: the next is the first screen of a load. */
let firstScreen = true;
let lastY = 0;

function track(): () => void {
  let frame = 0;
  const note = () => {
    lastY = window.scrollY;
  };
  const onScroll = () => {
    note();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => activeKey && savePosition(activeKey, lastY));
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  // A tap may navigate: remember the position it was made at, before the next screen changes the page's height.
  window.addEventListener("pointerdown", note, { capture: true, passive: true });
  const onPageHide = () => activeKey && savePosition(activeKey, window.scrollY);
  window.addEventListener("pagehide", onPageHide);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("pointerdown", note, { capture: true });
    window.removeEventListener("pagehide", onPageHide);
  };
}

export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    return track();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry, not on every render
  useLayoutEffect(() => {
    // The screen being left keeps the position it was last seen at (not what its replacement's height clamps to).
    const key = positionKey(location);
    if (activeKey && activeKey !== key) savePosition(activeKey, lastY);
    activeKey = key;
    const target = scrollTargetFor(location, navigationType, readPositions(), firstScreen);
    const first = firstScreen;
    firstScreen = false;
    lastY = typeof target === "number" ? target : 0;
    if (target === "fragment") return toFragment(decodeURIComponent(location.hash.slice(1)));
    return restore(target, first);
  }, [location.key]);
}
