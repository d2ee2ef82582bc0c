import { ORDER_TYPES } from "@contract/common";
import type { BrandConfig } from "./brand";

const COLOR_NAMES: readonly (keyof BrandConfig["colors"])[] = [
  "primary",
  "primary-dark",
  "primary-soft",
  "on-primary",
  "bg",
  "surface",
  "text",
  "muted",
  "success",
  "danger",
  "info",
  "warning",
];

/** Kept out of brand.ts (and the bundle): the tests run it over src/brand.json. */
const KNOWN_ORDER_TYPES: readonly string[] = ORDER_TYPES;

/** Checks a brand file's shape; throws naming the first bad field (a broken brand file must fail the build's tests). */
export function readBrand(raw: unknown): BrandConfig {
  const fail = (field: string): never => {
    throw new Error(`brand.json: ${field} is missing or invalid`);
  };
  const config = raw as BrandConfig;
  if (typeof config !== "object" || config === null) fail("the file");
  for (const field of [
    "appName",
    "shortName",
    "logo",
    "currency",
    "currencySymbol",
    "timezone",
    "language",
    "locale",
  ] as const) {
    if (typeof config[field] !== "string" || config[field] === "") fail(field);
  }
  for (const name of COLOR_NAMES) {
    const value = (config.colors ?? fail("colors"))[name];
    if (typeof value !== "string" || !/^#[0-9a-f]{6}$/i.test(value)) fail(`colors.${name}`);
  }
  for (const name of Object.keys(config.colors)) {
    if (!(COLOR_NAMES as readonly string[]).includes(name))
      fail(`colors.${name} (not a colour global.css reads)`);
  }
  if (!Array.isArray(config.orderTypes)) fail("orderTypes");
  for (const type of config.orderTypes) {
    if (
      !KNOWN_ORDER_TYPES.includes(type?.id) ||
      typeof type.label !== "string" ||
      typeof type.enabled !== "boolean"
    ) {
      fail(`orderTypes.${String(type?.id)}`);
    }
  }
  if (!config.orderTypes.some((type) => type.enabled)) fail("orderTypes (none enabled)");
  for (const flag of ["search", "vendorGrid", "notifications", "reviews"] as const) {
    if (typeof config.features?.[flag] !== "boolean") fail(`features.${flag}`);
  }
  return config;
}
