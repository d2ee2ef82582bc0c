import type { IconName } from "../components/Icon";

export const NAV_ITEMS: { to: string; label: string; icon: IconName }[] = [
  { to: "/", label: "Home", icon: "home" },
  { to: "/vendors", label: "Trailers", icon: "store" },
  { to: "/orders", label: "Orders", icon: "receipt" },
  { to: "/profile", label: "Profile", icon: "user" },
];
