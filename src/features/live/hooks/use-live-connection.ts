import { useEffect, useRef } from "react";
import {
  type ClientLoader,
  type LiveHandlers,
  type LiveSession,
  openLiveConnection,
} from "../lib/live-connection";

/**
 * Keeps one socket open while `session` is set (signed in) and closes it when it becomes null
 * (signed out) or the token changes. Handlers may change between renders without reconnecting.
 */
export function useLiveConnection(
  session: LiveSession | null,
  handlers: LiveHandlers,
  loadClient?: ClientLoader,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const token = session?.token ?? null;
  const userId = session?.userId ?? null;
  const url = session?.url ?? "";

  useEffect(() => {
    if (token === null || userId === null) return;
    let connection: { close(): void } | null = null;
    let cancelled = false;
    const forward: LiveHandlers = {
      onOrderStatus: (notification) => latest.current.onOrderStatus(notification),
      onBasketReady: (basket) => latest.current.onBasketReady?.(basket),
      onCatalogueChanged: () => latest.current.onCatalogueChanged?.(),
      onResync: () => latest.current.onResync?.(),
      onFirstConnect: () => latest.current.onFirstConnect?.(),
      onFirstJoin: () => latest.current.onFirstJoin?.(),
      onStateChange: (state) => latest.current.onStateChange?.(state),
      onError: (error, context) => latest.current.onError?.(error, context),
      revalidateToken: async () => (await latest.current.revalidateToken?.()) ?? null,
    };
    openLiveConnection({ token, userId, url }, forward, loadClient)
      .then((opened) => {
        if (cancelled) opened.close();
        else connection = opened;
      })
      .catch((error: unknown) =>
        latest.current.onError?.(error, "could not load the live connection"),
      );
    return () => {
      cancelled = true;
      connection?.close();
    };
  }, [token, userId, url, loadClient]);
}
