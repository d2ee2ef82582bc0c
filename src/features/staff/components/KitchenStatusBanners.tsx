import { Icon } from "@/components/Icon";
import type { WakeLockState } from "../hooks/use-wake-lock";
import type { SoundState } from "../lib/chime";
import type { Ticket } from "../lib/kitchen";
import { StaffOfflineNotice } from "./StaffOfflineNotice";

export const OFFLINE_TEXT =
  "Offline — reconnecting. Taps are not sent until the tablet is back online.";
export const SOUND_BLOCKED_TEXT =
  "Sound is blocked: tap anywhere on the screen to turn the new-order chime on.";
export const WAKE_LOCK_INSECURE_TEXT =
  "This screen may go to sleep: keeping it awake needs the app on HTTPS. Set the tablet's own sleep to never.";
export const WAKE_LOCK_UNAVAILABLE_TEXT =
  "This browser cannot keep the screen awake: set the tablet's own sleep to never.";

/** The banner names this many new orders, then counts the rest. */
const SHOWN_NUMBERS = 5;

/** What the kitchen must know about the screen itself: offline, sound blocked, screen may sleep, new orders. */
export function KitchenStatusBanners({
  reconnecting,
  sound,
  wakeLock,
  ringing,
  onAcknowledgeAll,
}: {
  reconnecting: boolean;
  sound: SoundState;
  wakeLock: WakeLockState;
  ringing: readonly Ticket[];
  onAcknowledgeAll(): void;
}) {
  return (
    <div className="kitchen-banners">
      {reconnecting && <StaffOfflineNotice text={OFFLINE_TEXT} />}
      {ringing.length > 0 && (
        <div className="kitchen-banner kitchen-banner--new" role="alert">
          <Icon name="bell" size={24} />
          <span className="kitchen-banner__text">
            {ringing.length === 1 ? "New order " : "New orders "}
            {ringing
              .slice(0, SHOWN_NUMBERS)
              .map((ticket) => `#${ticket.orderNumber}`)
              .join(", ")}
            {ringing.length > SHOWN_NUMBERS && ` and ${ringing.length - SHOWN_NUMBERS} more`}
            {ringing.some((ticket) => ticket.status === "pending_payment") &&
              " · cash: customer on the way"}
          </span>
          <button type="button" className="btn btn--primary" onClick={onAcknowledgeAll}>
            <span>Acknowledge</span>
          </button>
        </div>
      )}
      {sound === "blocked" && (
        <p className="kitchen-banner kitchen-banner--warning" role="status">
          <Icon name="bell" size={22} /> {SOUND_BLOCKED_TEXT}
        </p>
      )}
      {(wakeLock === "insecure" || wakeLock === "unsupported" || wakeLock === "refused") && (
        <p className="kitchen-banner kitchen-banner--info">
          <Icon name="info" size={20} />{" "}
          {wakeLock === "insecure" ? WAKE_LOCK_INSECURE_TEXT : WAKE_LOCK_UNAVAILABLE_TEXT}
        </p>
      )}
    </div>
  );
}
