import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** A screen may still be drawing (its chunk, its data): look for its heading this long. */
const LOOK_FOR_MS = 1500;

/**
 * After a screen change, focus moves to the new screen's heading (its first h1), so a keyboard or screen-reader user
 * starts at the top of what changed rather than wherever the old screen's focus fell. Not on the first load (the
 * skip link comes first there), not when the new screen has already put the focus inside itself (a search box), and
 * without scrolling (scroll restoration decides where the screen opens).
 */
export function useFocusOnScreenChange(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per screen (pathname), not per render
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const until = performance.now() + LOOK_FOR_MS;
    let frame = 0;
    const attempt = () => {
      const main = document.getElementById("main");
      const active = document.activeElement;
      if (main && active && active !== document.body && main.contains(active)) return;
      const heading = main?.querySelector<HTMLElement>("h1");
      if (heading) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
      } else if (performance.now() < until) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
