/**
 * The client's one rule for "is there a network". The browser's online state (navigator.onLine and its
 * online/offline events) is the source: screens read it with `useOnline`, and TanStack Query's online manager
 * mirrors it (started from it by `startWithBrowserOnlineState`) to decide whether a write is sent now or queued.
 * A request that never reached the server, or kept getting 503s, is the one failure worth sending again with the
 * same key.
 */

import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { ApiError } from "./api-client";

/** What the browser says now (true where there is no browser). */
export const browserOnline = (): boolean =>
  typeof navigator === "undefined" ? true : navigator.onLine;

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** The browser's online state for a screen, re-rendered on every change. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, browserOnline, () => true);

/** Online as the write queue sees it: a write made now is sent now; offline it is queued. */
export const isOnline = (): boolean => onlineManager.isOnline();

/** Nothing was done (no answer, or the server stayed unavailable): safe to send again with the same key. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.network;

/** The server answered (a refusal or a failure it reported, with its message): anything but a network failure. */
export const isServerAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && !isNetworkFailure(error);

/** The network failure of a device that is offline: the server was never reached (not one that kept answering 503). */
export const neverReachedServer = (error: unknown): boolean =>
  isNetworkFailure(error) && (error as ApiError).status === 0;

/**
 * TanStack Query assumes "online" until an event says otherwise: a page opened offline must start offline, or
 * queued work would be sent into the void instead of waiting.
 */
export function startWithBrowserOnlineState(): void {
  onlineManager.setOnline(browserOnline());
}
