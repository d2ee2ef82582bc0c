import { IsRestoringProvider, type QueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { storedUserId } from "../lib/auth-storage";
import { afterFirstScreen } from "./first-screen";
import { forgetSavedQueryCacheHint, savedQueryCacheMayExist } from "./query-cache-hint";

const loadPersistence = () => import("./query-persistence");

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
        if (!stopped) setRestoring(false);
      });
    return () => {
      stopped = true;
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
