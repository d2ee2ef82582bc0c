import type { OrderType } from "@contract/common";
import brandFile from "../brand.json";

/**
 * Brand configuration (docs/product-spec.md § What the product does), read from one file: `src/brand.json`. It drives the app name and logo,
 * the colours (CSS custom properties, see applyBrandTheme), the order types, currency, time zone and the
 * feature flags. `manifest.webmanifest` and `index.html` carry copies of the name and colours for the browser
 * before any script runs: `node scripts/apply-brand.mjs` rewrites them from this file (a unit test checks).
 */
/** Keyed by the CSS custom property each sets: `primary-dark` → `--c-primary-dark` (src/styles/global.css). */
export interface BrandColors {
  primary: string;
  "primary-dark": string;
  "primary-soft": string;
  "on-primary": string;
  bg: string;
  surface: string;
  text: string;
  muted: string;
  success: string;
  danger: string;
  info: string;
  warning: string;
}

export interface BrandOrderType {
  id: OrderType;
  label: string;
  enabled: boolean;
}

export interface BrandFeatures {
  /** Read as: no app-wide search. The screens' own search boxes are the spec's and stay (docs/decisions/screens.md). */
  search: boolean;
  /** Trailers as a grid of cards (on) or a single column (off). */
  vendorGrid: boolean;
  /** System notifications and web push for order updates (in-app status updates are always on). */
  notifications: boolean;
  /** Vendors' star ratings (the reviews' summary); the spec's rating sort stays either way. */
  reviews: boolean;
}

export interface BrandConfig {
  appName: string;
  shortName: string;
  /** An SVG file under public/; the page draws it inline (src/components/BrandLogo.tsx). */
  logo: string;
  colors: BrandColors;
  orderTypes: BrandOrderType[];
  features: BrandFeatures;
  currency: string;
  currencySymbol: string;
  timezone: string;
  language: string;
  locale: string;
}

/** The shipped file; tests/unit/lib/brand.test.ts checks its shape with readBrand (src/lib/brand-check.ts). */
export const brand: BrandConfig = brandFile as BrandConfig;

export type OrderTypeId = OrderType;

export const enabledOrderTypes = (config: BrandConfig = brand) =>
  config.orderTypes.filter((type) => type.enabled);

/** Sets the brand's colours as the CSS custom properties every stylesheet reads (`--c-<name>`). */
export function applyBrandTheme(
  config: BrandConfig = brand,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(config.colors))
    root.style.setProperty(`--c-${name}`, value);
  root.lang = config.locale;
}
