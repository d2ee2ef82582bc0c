import { NavigationType } from "react-router";
import { expect, it } from "vitest";
import { positionKey, scrollTargetFor } from "@/app/scroll-restoration";

const at = (key: string, pathname: string, hash = "") => ({ key, pathname, search: "", hash });

it("a fresh load opens at the top, whatever another screen loaded fresh was left at", () => {
  const positions = { [positionKey(at("default", "/vendors"))]: 1500 };
  expect(scrollTargetFor(at("default", "/cart"), NavigationType.Pop, positions, true)).toBe(0);
  expect(scrollTargetFor(at("default", "/vendors"), NavigationType.Pop, positions, true)).toBe(0);
  // Back to that first entry later in the same visit: its own position again.
  expect(scrollTargetFor(at("default", "/vendors"), NavigationType.Pop, positions)).toBe(1500);
  expect(scrollTargetFor(at("default", "/cart"), NavigationType.Pop, positions)).toBe(0);
});

it("Back, Forward and a reload of the same entry bring back that screen's position", () => {
  const positions = { [positionKey(at("k1", "/cart"))]: 640 };
  expect(scrollTargetFor(at("k1", "/cart"), NavigationType.Pop, positions)).toBe(640);
  // Same entry key, another screen (cannot happen through the router, but a stale key never leaks).
  expect(scrollTargetFor(at("k1", "/orders"), NavigationType.Pop, positions)).toBe(0);
  expect(scrollTargetFor(at("k1", "/cart"), NavigationType.Push, positions)).toBe(0);
  expect(scrollTargetFor(at("k2", "/cart", "#vendor-3"), NavigationType.Push, positions)).toBe(
    "fragment",
  );
});
