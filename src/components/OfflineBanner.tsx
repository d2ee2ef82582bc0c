import { useOnline } from "@/lib/network";
import { Icon } from "./Icon";

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
