// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { reportShownErrors } from "@/app/shown-errors";
import { reportError } from "@/lib/android";

afterEach(() => {
  window.FoodParkAndroid = undefined;
  document.body.innerHTML = "";
});

it("every error drawn on screen (role=alert) is logged and forwarded to the Android host, once", async () => {
  const onError = vi.fn();
  window.FoodParkAndroid = { onError };
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  const stop = reportShownErrors(document.body);

  const box = document.createElement("p");
  box.setAttribute("role", "alert");
  box.textContent = "Vehicle not found. Please check the registration number.";
  document.body.append(box);
  const toastHost = document.createElement("section");
  toastHost.className = "toast-host";
  toastHost.innerHTML = '<div role="alert">Failed to update cart</div>';
  document.body.append(toastHost);
  await Promise.resolve();

  expect(onError).toHaveBeenCalledTimes(1);
  expect(onError.mock.calls[0]![0]).toMatch(
    /shown on .*: Vehicle not found\. Please check the registration number\./,
  );
  // Drawn again at once (a re-render): not reported twice.
  document.body.append(box.cloneNode(true));
  await Promise.resolve();
  expect(onError).toHaveBeenCalledTimes(1);

  // A screen that reported its own failure, then shows it: one report, not two.
  reportError(new Error("The token is not valid"), "Test auto-login");
  const shown = document.createElement("div");
  shown.setAttribute("role", "alert");
  shown.textContent = "The token is not valid";
  document.body.append(shown);
  await Promise.resolve();
  expect(onError).toHaveBeenCalledTimes(2);
  stop();
});
