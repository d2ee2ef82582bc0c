/** Brand configuration (spec section 1). `manifest.webmanifest` must agree (a unit test checks). */
export const brand = {
  appName: "Food Park",
  shortName: "Food Park",
  logo: "/icons/icon.svg",
  colors: {
    primary: "#c2410c",
    primaryDark: "#9a3412",
    onPrimary: "#ffffff",
    background: "#fff8f1",
    surface: "#ffffff",
    text: "#1c1917",
    muted: "#57534e",
    success: "#15803d",
    danger: "#b91c1c",
    info: "#1d4ed8",
    warning: "#c2410c",
  },
  orderTypes: [
    { id: "dine_in", label: "Dine In", enabled: false },
    { id: "takeaway", label: "Click & Collect", enabled: true },
    { id: "delivery", label: "Delivery", enabled: false },
  ],
  features: {
    search: false,
    vendorGrid: true,
    notifications: true,
    reviews: false,
  },
  currency: "GBP",
  currencySymbol: "£",
  timezone: "Europe/London",
  language: "en",
  locale: "en-GB",
} as const;

export type OrderTypeId = (typeof brand.orderTypes)[number]["id"];

export const enabledOrderTypes = () => brand.orderTypes.filter((type) => type.enabled);
