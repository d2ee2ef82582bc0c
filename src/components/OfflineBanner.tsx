import { useSyncExternalStore } from "react";
import { Icon } from "./Icon";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** Says plainly that what is on screen comes from the saved copies while the network is away. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="app-banner app-banner--offline" role="status">
      <Icon name="wifiOff" size={18} />
      <span className="app-banner__text">You're offline — showing saved data</span>
    </div>
  );
}
