// @vitest-environment jsdom
import type { Vendor } from "@contract/vendors";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { vendor } from "@tests/unit/helpers/vendors";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { VendorCard } from "@/features/vendors/components/VendorCard";

// Counts the cards that render: each card works out its trading line once per render.
const tradingLineCalls = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock("@/lib/trading-line", async (original) => {
  const actual = await original<typeof import("@/lib/trading-line")>();
  return {
    ...actual,
    tradingLine: (trailer: Parameters<typeof actual.tradingLine>[0]) => {
      tradingLineCalls.names.push((trailer as Vendor).name);
      return actual.tradingLine(trailer);
    },
  };
});

afterEach(() => {
  cleanup();
  tradingLineCalls.names = [];
});

const List = ({ vendors }: { vendors: Vendor[] }) => (
  <MemoryRouter>
    {vendors.map((item) => (
      <VendorCard key={item.id} vendor={item} />
    ))}
  </MemoryRouter>
);

describe("the trailer list's cards", () => {
  it("render again on a refetch only where a trailer changed", () => {
    const forno = vendor(1, "Forno & Fuoco");
    const tacos = vendor(2, "Taco Libre");
    const { rerender } = render(<List vendors={[forno, tacos]} />);
    expect(new Set(tradingLineCalls.names)).toEqual(new Set(["Forno & Fuoco", "Taco Libre"]));

    // The query keeps an unchanged trailer's object across a refetch; the paused one is a new object.
    tradingLineCalls.names = [];
    rerender(<List vendors={[forno, { ...tacos, status: "busy" }]} />);

    expect(new Set(tradingLineCalls.names)).toEqual(new Set(["Taco Libre"]));
    expect(screen.getByText("Busy")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forno & Fuoco" })).toBeTruthy();
  });

  it("hide a picture that cannot load rather than draw it broken", () => {
    const { container } = render(<List vendors={[vendor(1, "Forno & Fuoco")]} />);
    const hero = container.querySelector<HTMLImageElement>(".vendor-card__image")!;
    const logo = container.querySelector<HTMLImageElement>(".vendor-card__logo")!;
    expect([hero.style.visibility, logo.style.visibility]).toEqual(["", ""]);

    // Offline, a picture never seen is not in the worker's cache.
    fireEvent.error(hero);
    fireEvent.error(logo);

    expect([hero.style.visibility, logo.style.visibility]).toEqual(["hidden", "hidden"]);
  });
});
