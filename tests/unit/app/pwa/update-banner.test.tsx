// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UpdateBanner } from "@/app/pwa/UpdateBanner";
import { updatePrompt } from "@/app/pwa/update-store";

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "*", element: <UpdateBanner /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe("UpdateBanner", () => {
  it("shows nothing until a new version is waiting", () => {
    renderAt("/vendors");
    expect(screen.queryByText("Update available")).toBeNull();
  });

  it("offers 'Update available — Reload' and swaps the worker only when the customer taps it", () => {
    const apply = vi.fn();
    renderAt("/cart");
    act(() => updatePrompt.offer(apply));

    expect(screen.getByRole("status").textContent).toContain("Update available");
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));

    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Reloading..." })).toHaveProperty("disabled", true);
  });

  it("stays out of the way during a card payment", () => {
    act(() => updatePrompt.offer(vi.fn()));
    renderAt("/stripe-webview-payment");
    expect(screen.queryByText("Update available")).toBeNull();
  });
});
