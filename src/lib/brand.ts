import type { OrderType } from "../../contract/common";
import brandFile from "../brand.json";

/**
 * Brand configuration (spec section 1), read from one file: `src/brand.json`. It drives the app name and logo,
 * the colours (CSS custom properties, see applyBrandTheme), the order types, currency, time zone and the
 * feature flags. `manifest.webmanifest` and `index.html` carry copies of the name and colours for the browser
 * before any script runs: `node scripts/apply-brand.mjs` rewrites them from this file (a unit test checks).
 */
export interface BrandColors {
  primary: string;
  primaryDark: string;
  primarySoft: string;
  onPrimary: string;
  background: string;
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
  /** Read as: no app-wide search. The screens' own search boxes are the spec's and stay (docs/decisions.md). */
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
  description: string;
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

export const enabledOrderTypes = (config: BrandConfig = brand) => config.orderTypes.filter((type) => type.enabled);

/** CSS custom property ← brand colour (src/styles/global.css declares the same names with the defaults). */
const CSS_COLOR_PROPERTIES: Record<keyof BrandColors, string> = {
  primary: "--c-primary",
  primaryDark: "--c-primary-dark",
  primarySoft: "--c-primary-soft",
  onPrimary: "--c-on-primary",
  background: "--c-bg",
  surface: "--c-surface",
  text: "--c-text",
  muted: "--c-muted",
  success: "--c-success",
  danger: "--c-danger",
  info: "--c-info",
  warning: "--c-warning",
};

/** Sets the brand's colours as CSS custom properties on the document (every stylesheet reads these). */
export function applyBrandTheme(config: BrandConfig = brand, root: HTMLElement = document.documentElement): void {
  for (const [key, property] of Object.entries(CSS_COLOR_PROPERTIES) as [keyof BrandColors, string][]) {
    root.style.setProperty(property, config.colors[key]);
  }
  root.lang = config.locale;
}
