import { IsRestoringProvider, type QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { storedUserId } from "../lib/auth-storage";
import { browserOnline } from "../lib/network";
import { afterFirstScreen } from "./first-screen";
import { forgetSavedQueryCacheHint, savedQueryCacheMayExist } from "./query-cache-hint";

const loadPersistence = () => import("./query-persistence");

/**
 * Online, the longest screens wait for a saved cache before asking the server. A restore takes tens of
 * milliseconds, but a loaded phone can take seconds to open IndexedDB (the persister waits up to 10 s for it, so
 * queued changes are not hidden), and a screen must not sit on its skeleton meanwhile. The restore finishes behind:
 * the server's answer is newer than anything it brings (query-persistence.ts, rule 2), and the changes it holds
 * still resume. Offline the saved cache is the newest copy there is (the worker's may be older), so screens wait
 * for it as long as it takes.
 */
export const RESTORE_WAIT_MS = 1500;

/**
 * What PersistQueryClientProvider does (queries wait while a saved cache is restored, then every change is
 * saved), with the persister code loaded on demand: a first visit renders without it, and a start with a
 * saved cache waits only for that small chunk (precached by the worker) and the read.
 */
export function PersistedQueries({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  const [restoreAtStart] = useState(savedQueryCacheMayExist);
  const [restoring, setRestoring] = useState(restoreAtStart);

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    const stopWaiting = () => {
      if (!stopped) setRestoring(false);
    };
    const waitedLongEnough =
      restoreAtStart && browserOnline() ? window.setTimeout(stopWaiting, RESTORE_WAIT_MS) : 0;
    // Nothing saved yet (a first visit): saving can start once the first screen is up.
    (restoreAtStart ? loadPersistence() : afterFirstScreen().then(loadPersistence))
      .then((persistence) =>
        persistence.startQueryPersistence(client, { owner: storedUserId, restore: restoreAtStart }),
      )
      .then((stopSaving) => {
        if (stopped) stopSaving();
        else stop = stopSaving;
      })
      .catch(() => undefined)
      .finally(() => {
        window.clearTimeout(waitedLongEnough);
        stopWaiting();
      });
    return () => {
      stopped = true;
      window.clearTimeout(waitedLongEnough);
      stop?.();
    };
  }, [client, restoreAtStart]);

  return <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>;
}

/** Sign-out: forget the saved cache (the hint at once, the stored copy as soon as the code has loaded). */
export function removeSavedQueries(): Promise<void> {
  forgetSavedQueryCacheHint();
  return loadPersistence().then((persistence) => persistence.removeSavedQueryCache(storedUserId));
}
