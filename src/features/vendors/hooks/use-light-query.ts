import {
  focusManager,
  hashKey,
  onlineManager,
  type QueryKey,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

/**
 * useQuery's essentials without its observer, for the /vendors page only: that observer alone is ~2.6 KB
 * gzipped, and the page must render in 125 KB. It reads the app's one query cache (so the list is shared
 * with every other screen), fetches when stale on mount, on window focus and on reconnect (the client's
 * default retry applies), and keeps the last data while a new key loads.
 */
export interface LightQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  staleTime?: number;
}

export function useLightQuery<T>(options: LightQueryOptions<T>) {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const hash = hashKey(options.queryKey);
  const latest = useRef(options);
  latest.current = options;

  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [cache, hash],
  );
  const readState = () => cache.get<T>(hash)?.state;
  const state = useSyncExternalStore(subscribe, readState, readState);

  const fetchIfStale = useCallback(() => client.prefetchQuery(latest.current), [client]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key must fetch, though the options are read through a ref
  useEffect(() => {
    void fetchIfStale();
    const stopFocus = focusManager.subscribe((focused) => focused && void fetchIfStale());
    const stopOnline = onlineManager.subscribe((online) => online && void fetchIfStale());
    return () => {
      stopFocus();
      stopOnline();
    };
  }, [fetchIfStale, hash]);

  const previous = useRef<T | undefined>(undefined);
  if (state?.data !== undefined) previous.current = state.data;
  const data = state?.data ?? previous.current;

  return {
    data,
    error: state?.status === "error" ? state.error : null,
    isPending: data === undefined && state?.status !== "error",
    isError: data === undefined && state?.status === "error",
    /** Data shown is from the previous key while this one loads. */
    isPlaceholderData: state?.data === undefined && data !== undefined,
    refetch: () => client.prefetchQuery({ ...latest.current, staleTime: 0 }),
  };
}
