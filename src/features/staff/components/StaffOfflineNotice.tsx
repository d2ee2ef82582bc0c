import { Icon } from "@/components/Icon";

/**
 * The staff screens' one offline notice: dark, with the no-signal icon, read out politely. Each screen says what
 * happens to its own taps meanwhile (the kitchen's wait and are sent; the Trailers screen's are not possible).
 */
export function StaffOfflineNotice({ text }: { text: string }) {
  return (
    <p className="staff-offline" role="status">
      <Icon name="wifiOff" size={22} /> {text}
    </p>
  );
}
