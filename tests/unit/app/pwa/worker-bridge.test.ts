import { CACHE_NAMES } from "@contract/worker-protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearUserDataCaches } from "@/app/pwa/worker-bridge";

function fakeCaches(names: string[]) {
  const present = new Set(names);
  return {
    present,
    keys: async () => [...present],
    delete: async (name: string) => present.delete(name),
  };
}

function fakeWorker() {
  const received: unknown[] = [];
  return {
    received,
    postMessage(message: unknown, transfer: MessagePort[]) {
      received.push(message);
      transfer[0]?.postMessage({ type: "USER_DATA_CLEARED" });
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("clearing the customer's cached data on sign-out", () => {
  it("deletes the cart and order caches (not menus, images or page shells) and tells the worker", async () => {
    const caches = fakeCaches([...Object.values(CACHE_NAMES), "workbox-precache-v2"]);
    const worker = fakeWorker();
    vi.stubGlobal("caches", caches);
    vi.stubGlobal("navigator", {
      serviceWorker: { controller: worker, getRegistration: async () => undefined },
    });

    await clearUserDataCaches();

    expect([...caches.present].sort()).toEqual(
      [CACHE_NAMES.images, CACHE_NAMES.menus, CACHE_NAMES.shells, "workbox-precache-v2"].sort(),
    );
    expect(worker.received).toEqual([{ type: "CLEAR_USER_DATA" }]);
  });

  it("still deletes the caches when no worker runs", async () => {
    const caches = fakeCaches([CACHE_NAMES.orders, CACHE_NAMES.cart]);
    vi.stubGlobal("caches", caches);
    vi.stubGlobal("navigator", {
      serviceWorker: { controller: null, getRegistration: async () => undefined },
    });

    await clearUserDataCaches();

    expect(caches.present.size).toBe(0);
  });
});
