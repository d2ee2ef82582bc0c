import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";

/** Never wait longer than this for the first screen to settle (a slow request must not hold the live feed back). */
const LONGEST_WAIT_MS = 8000;

let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});
let isSettled = false;
void settled.then(() => {
  isSettled = true;
});

const idle = (callback: () => void) =>
  window.requestIdleCallback
    ? window.requestIdleCallback(callback, { timeout: 2000 })
    : window.setTimeout(callback, 200);

/**
 * Watches the first screen: it has settled once its page is rendering, the document has loaded, no query is fetching (the screen has its
 * data) and the browser is idle. Code the first screen does not need (service worker registration, the live feed's
 * socket, push sync, the persistence of a first visit) waits for this, so park Wi-Fi carries the screen first.
 */
export function watchFirstScreen(client: QueryClient, rendering: Promise<unknown>): void {
  const cap = window.setTimeout(settle, LONGEST_WAIT_MS);
  const whenQuiet = () => {
    if (client.isFetching() === 0)
      return idle(() => (client.isFetching() === 0 ? settle() : whenQuiet()));
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() > 0) return;
      stop();
      whenQuiet();
    });
  };
  const afterLoad = () => idle(whenQuiet);
  void rendering.then(() => {
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  });
  void settled.then(() => window.clearTimeout(cap));
}

/** Resolves once the first screen has settled (see watchFirstScreen). */
export const afterFirstScreen = (): Promise<void> => settled;

/** Renders its children only once the first screen has settled. */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(isSettled);
  useEffect(() => {
    let active = true;
    void settled.then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, []);
  return ready ? children : null;
}
