/**
 * The bridge to a host Android app (see docs/android.md). The host injects
 * `window.FoodParkAndroid` with `log(level, message)` and `onError(message)`,
 * and may set `window.FOODPARK_AUTH_TOKEN` before the page loads.
 */
export interface AndroidBridge {
  log?: (level: string, message: string) => void;
  onError?: (message: string) => void;
}

declare global {
  interface Window {
    FoodParkAndroid?: AndroidBridge;
    FOODPARK_AUTH_TOKEN?: string;
  }
}

const bridge = (): AndroidBridge | undefined =>
  typeof window === "undefined" ? undefined : window.FoodParkAndroid;

export function isInAndroidApp(): boolean {
  return bridge() !== undefined;
}

/** Logs to the console and forwards to the host app when present. */
export function logMessage(level: "info" | "warn" | "error", message: string): void {
  (level === "error" ? console.error : level === "warn" ? console.warn : console.info)(message);
  try {
    bridge()?.log?.(level, message);
  } catch {
    // A broken bridge must never break the page.
  }
}

/** What was reported in the last few seconds, so a screen's own report and what it then shows are one report. */
const recent: { message: string; at: number }[] = [];
const RECENT_MS = 5_000;

/** Whether `text` (an error on screen) was just reported, by the code that hit it, in these words or within others. */
export function wasJustReported(text: string, now = Date.now()): boolean {
  while (recent.length > 0 && now - recent[0]!.at > RECENT_MS) recent.shift();
  return recent.some((entry) => entry.message.includes(text));
}

export function reportError(error: unknown, context?: string): void {
  const message = `${context ? `${context}: ` : ""}${error instanceof Error ? error.message : String(error)}`;
  recent.push({ message, at: Date.now() });
  if (recent.length > 20) recent.shift();
  console.error(message, error);
  try {
    bridge()?.onError?.(message);
  } catch {
    // ignore
  }
}

/** The token a host app handed over through the global, if any. */
export function androidToken(): string | null {
  if (typeof window === "undefined") return null;
  const token = window.FOODPARK_AUTH_TOKEN;
  return typeof token === "string" && token.length > 0 ? token : null;
}
