import { useEffect, useState } from "react";

/** 'on': the screen stays awake; 'insecure': the page is not HTTPS (nor localhost); 'unsupported' / 'refused'. */
export type WakeLockState = "pending" | "on" | "insecure" | "unsupported" | "refused";

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: "release", listener: () => void): void;
}

/**
 * Keeps a kitchen tablet awake while this screen is shown (Screen Wake Lock). The browser drops the lock whenever
 * the page is hidden, so it is asked for again each time the page becomes visible.
 */
export function useWakeLock(): WakeLockState {
  const [state, setState] = useState<WakeLockState>("pending");
  useEffect(() => {
    if (!window.isSecureContext) {
      setState("insecure");
      return;
    }
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: { request(type: "screen"): Promise<WakeLockSentinelLike> };
      }
    ).wakeLock;
    if (!wakeLock) {
      setState("unsupported");
      return;
    }
    let sentinel: WakeLockSentinelLike | null = null;
    let stopped = false;
    const request = async () => {
      if (document.visibilityState !== "visible" || (sentinel && !sentinel.released)) return;
      try {
        const lock = await wakeLock.request("screen");
        if (stopped) {
          void lock.release();
          return;
        }
        sentinel = lock;
        setState("on");
        lock.addEventListener("release", () => {
          if (!stopped && document.visibilityState === "visible") setState("refused");
        });
      } catch {
        if (!stopped) setState("refused");
      }
    };
    void request();
    const onVisible = () => void request();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisible);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
  return state;
}
