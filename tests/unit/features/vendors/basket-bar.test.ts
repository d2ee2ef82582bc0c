import { expect, it } from "vitest";
import { basketBarText } from "@/features/vendors/components/CartBanner";

it("the menu's basket bar says whose figures it shows once other trailers hold items too", () => {
  expect(basketBarText("Smash Stack", 1, 1480, 1)).toBe("View basket · 1 item · £14.80");
  expect(basketBarText("Smash Stack", 1, 1480, 3)).toBe(
    "Smash Stack: 1 item · £14.80 — basket 3 items",
  );
  expect(basketBarText("Smash Stack", 2, 2960, 3)).toBe(
    "Smash Stack: 2 items · £29.60 — basket 3 items",
  );
});
