// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastHost } from "@/components/ToastHost";
import { createToastStore, type ToastInput, type ToastStore } from "@/lib/toast-store";

/** What each kind is used for in the app, and how long the customer sees it (docs/product-spec.md § Business constants and limits). */
const KINDS: [string, ToastInput, number][] = [
  [
    "an order status change",
    { kind: "order-status", title: "Order #25", message: "Your order is ready for pickup" },
    6000,
  ],
  [
    "an error that is not the cart's",
    { kind: "error", title: "Your order was not sent", message: "Failed to place order" },
    6000,
  ],
  ["a confirmation", { kind: "success", message: "Allergy information saved successfully" }, 4000],
  [
    "missing required add-ons",
    {
      kind: "addon-validation",
      message: "Please select the required add-ons to add this item to your cart",
    },
    5000,
  ],
  ["a cart error", { kind: "cart", message: "Failed to update cart" }, 3000],
  ["anything else (the default)", { kind: "info", message: "Something to know" }, 6000],
];

let store: ToastStore;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  store = createToastStore();
  render(<ToastHost store={store} />);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.FoodParkAndroid;
});

const shown = (text: string) => screen.queryByText(text) !== null;

describe("toasts as the customer sees them", () => {
  it.each(KINDS)("%s stays %i ms", (_use, toast, durationMs) => {
    act(() => void store.push(toast));
    expect(shown(toast.message)).toBe(true);

    act(() => vi.advanceTimersByTime(durationMs - 1));
    expect(shown(toast.message)).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(shown(toast.message)).toBe(false);
  });

  it.each(KINDS)("%s has a dismiss control that removes it", (_use, toast) => {
    act(() => void store.push(toast));

    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));

    expect(shown(toast.message)).toBe(false);
  });

  it("announces errors assertively and everything else politely", () => {
    act(() => void store.push({ kind: "cart", message: "Failed to update cart" }));
    act(() => void store.push({ kind: "success", message: "Cart cleared successfully" }));

    expect(screen.getByRole("alert").textContent).toContain("Failed to update cart");
    expect(screen.getByRole("status").textContent).toContain("Cart cleared successfully");
  });

  it("forwards every error toast to the Android host, and nothing else", () => {
    const onError = vi.fn();
    window.FoodParkAndroid = { onError };

    act(() => void store.push({ kind: "success", message: "Cart cleared successfully" }));
    act(
      () =>
        void store.push({
          kind: "cart",
          title: "Couldn't add Calzone",
          message: "Calzone is sold out",
        }),
    );
    act(() => void store.push({ kind: "error", message: "Failed to place order" }));

    expect(onError.mock.calls).toEqual([
      ["error toast: Couldn't add Calzone: Calzone is sold out"],
      ["error toast: Failed to place order"],
    ]);
  });

  it("shows 3 at once; the 4th appears when the queue is retried after one leaves", () => {
    for (const message of ["one", "two", "three", "four"])
      act(() => void store.push({ kind: "cart", message }));
    expect(["one", "two", "three", "four"].map(shown)).toEqual([true, true, true, false]);

    act(() => vi.advanceTimersByTime(3000));

    expect(shown("four")).toBe(true);
  });
});
