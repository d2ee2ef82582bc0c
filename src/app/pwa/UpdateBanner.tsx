import { useState } from "react";
import { useLocation } from "react-router";
import { Icon } from "@/components/Icon";
import { useWaitingUpdate } from "./update-store";

/** A reload here would interrupt a card payment in progress; the offer waits until the customer leaves. */
const NO_RELOAD_PATHS = ["/stripe-webview-payment", "/payment-success"];

export function UpdateBanner() {
  const apply = useWaitingUpdate();
  const { pathname } = useLocation();
  const [reloading, setReloading] = useState(false);
  if (!apply || NO_RELOAD_PATHS.includes(pathname)) return null;
  return (
    <div className="app-banner app-banner--update" role="status">
      <Icon name="refresh" size={18} />
      <span className="app-banner__text">Update available</span>
      <button
        type="button"
        className="btn btn--small btn--primary app-banner__action"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          apply();
        }}
      >
        {reloading ? "Reloading..." : "Reload"}
      </button>
    </div>
  );
}
