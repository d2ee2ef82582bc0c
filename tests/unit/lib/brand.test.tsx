// @vitest-environment jsdom
import fs from "node:fs";
import path from "node:path";
import { ORDER_TYPES } from "@contract/common";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type shippedBrand from "@/brand.json";

/** The shipped file as it is on disk (the import below is mocked). */
const realBrand: typeof shippedBrand = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "../../../src/brand.json"), "utf8"),
);

// Another park's brand file: every screen below must follow it.
vi.mock("@/brand.json", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof shippedBrand }).default;
  return {
    default: {
      ...real,
      appName: "Harbour Eats",
      logo: "/icons/harbour.svg",
      colors: { ...real.colors, primary: "#0f766e", bg: "#f0fdfa" },
      orderTypes: [
        { id: "dine_in", label: "Eat In", enabled: true },
        { id: "takeaway", label: "Grab & Go", enabled: true },
        { id: "delivery", label: "Delivery", enabled: false },
      ],
      currency: "EUR",
      timezone: "Europe/Dublin",
      locale: "en-IE",
      features: { ...real.features, vendorGrid: false, reviews: true },
    },
  };
});

const { applyBrandTheme, brand } = await import("@/lib/brand");
const { readBrand } = await import("@/lib/brand-check");
const { AuthCard } = await import("@/features/auth/components/AuthCard");
const { OrderTypeToggle } = await import("@/features/cart/components/OrderTypeToggle");
const { formatPence } = await import("@/lib/money");
const { formatTime } = await import("@/lib/time");

afterEach(cleanup);

describe("brand configuration (src/brand.json) drives the UI", () => {
  // The logo's drawing is the page's symbol, copied from the brand's logo file (tests/unit/house/apply-brand.test.ts).
  it("names the app and draws the brand's logo on the sign-in card", () => {
    render(<AuthCard title="Welcome Back">form</AuthCard>);

    expect(screen.getByText("Harbour Eats")).toBeTruthy();
    expect(document.querySelector(".auth-hero use")?.getAttribute("href")).toBe("#brand-logo");
    expect(screen.queryByText("Food Park")).toBeNull();
  });

  it("sets its colours as the CSS custom properties the stylesheets read", () => {
    applyBrandTheme();

    const style = document.documentElement.style;
    expect(style.getPropertyValue("--c-primary")).toBe("#0f766e");
    expect(style.getPropertyValue("--c-bg")).toBe("#f0fdfa");
    expect(document.documentElement.lang).toBe("en-IE");
  });

  it("offers the order-type toggle with the brand's labels when two types are enabled", () => {
    render(<OrderTypeToggle value="dine_in" onChange={() => undefined} />);

    expect(screen.getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual([
      "Eat In",
      "Grab & Go",
    ]);
  });

  it("formats money in its currency and times in its time zone", () => {
    expect(formatPence(1250)).toBe("€12.50");
    // 12:00 UTC in midsummer is 13:00 in Dublin.
    expect(formatTime("2026-07-01T12:00:00Z")).toMatch(/^13:00/);
  });

  it("carries the flags", () => {
    expect(brand.features).toMatchObject({ vendorGrid: false, reviews: true });
  });
});

describe("readBrand", () => {
  it("accepts the shipped file, whose order types are the contract's", () => {
    const shipped = readBrand(realBrand);
    expect(shipped.orderTypes.map((type) => type.id).sort()).toEqual([...ORDER_TYPES].sort());
    expect(shipped.orderTypes.filter((type) => type.enabled).map((type) => type.label)).toEqual([
      "Click & Collect",
    ]);
  });

  it.each([
    [
      "a colour that is not #rrggbb",
      { colors: { ...realBrand.colors, primary: "orange" } },
      "colors.primary",
    ],
    [
      "an unknown order type",
      { orderTypes: [{ id: "drive_thru", label: "Drive", enabled: true }] },
      "orderTypes.drive_thru",
    ],
    [
      "no enabled order type",
      { orderTypes: realBrand.orderTypes.map((type) => ({ ...type, enabled: false })) },
      "none enabled",
    ],
    ["a missing flag", { features: { search: false } }, "features.vendorGrid"],
    ["an empty app name", { appName: "" }, "appName"],
  ])("refuses %s", (_case, change, field) => {
    expect(() => readBrand({ ...realBrand, ...change })).toThrow(field);
  });
});
