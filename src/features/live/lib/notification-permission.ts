/**
 * The product spec (docs/product-spec.md § States and transitions): permission is default, granted or denied, and requested at start when default.
 * Browsers that only ask after a user gesture get asked again on the first tap or key press.
 */
export function requestPermissionAtStart(): () => void {
  if (typeof Notification === "undefined" || Notification.permission !== "default")
    return () => undefined;
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    window.removeEventListener("pointerup", askOnGesture);
    window.removeEventListener("keydown", askOnGesture);
  };
  const ask = () =>
    Promise.resolve(Notification.requestPermission()).catch(() => Notification.permission);
  const askOnGesture = () => {
    remove();
    if (Notification.permission === "default") void ask();
  };
  void ask().then((permission) => {
    if (permission !== "default") remove();
  });
  window.addEventListener("pointerup", askOnGesture);
  window.addEventListener("keydown", askOnGesture);
  return remove;
}

/**
 * A system notification while the app is in the background. The tag is per order, so web push
 * for the same change replaces rather than doubles it. Resolves true when one was shown.
 */
export async function showSystemNotification(input: {
  title: string;
  body: string;
  url: string;
  tag: string;
}): Promise<boolean> {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return false;
  if (document.visibilityState === "visible") return false;
  const options: NotificationOptions = {
    body: input.body,
    tag: input.tag,
    icon: "/icons/icon-192.png",
    badge: "/icons/badge-72.png",
    data: { url: input.url },
  };
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) await registration.showNotification(input.title, options);
    else new Notification(input.title, options);
    return true;
  } catch {
    // Some browsers allow notifications only from the service worker; the toast has been shown anyway.
    return false;
  }
}
