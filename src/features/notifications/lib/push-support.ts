/** Web push needs a service worker, the Push API and notifications (Android's WebView has neither of the last two). */
export const pushSupported = (): boolean =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;
