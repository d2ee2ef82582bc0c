// @vitest-environment jsdom
import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import {
  isNetworkFailure,
  isOnline,
  isServerAnswer,
  neverReachedServer,
  startWithBrowserOnlineState,
} from "@/lib/network";

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe("the client's one network rule", () => {
  it("a page opened offline starts offline, so a write made now is queued", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    startWithBrowserOnlineState();
    expect(isOnline()).toBe(false);
  });

  it("follows the browser when the network comes back", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    startWithBrowserOnlineState();
    expect(isOnline()).toBe(true);
  });

  it("only a request that did nothing is a network failure (worth sending again); a refusal or a 500 is not", () => {
    expect(isNetworkFailure(new ApiError("offline", 0, true))).toBe(true);
    expect(isNetworkFailure(new ApiError("Cart is empty", 400))).toBe(false);
    expect(isNetworkFailure(new ApiError("Failed", 500))).toBe(false);
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("an offline device never reached the server; a server that kept answering 503 was reached", () => {
    expect(neverReachedServer(new ApiError("offline", 0, true))).toBe(true);
    expect(neverReachedServer(new ApiError("Service unavailable", 503, true))).toBe(false);
    expect(neverReachedServer(new ApiError("Conflict", 409))).toBe(false);
  });

  it("a server answer is any ApiError but a network failure: it carries the server's own message", () => {
    expect(isServerAnswer(new ApiError("Churro Loco is closed right now", 400))).toBe(true);
    expect(isServerAnswer(new ApiError("Failed", 500))).toBe(true);
    expect(isServerAnswer(new ApiError("Service unavailable", 503, true))).toBe(false);
    expect(isServerAnswer(new ApiError("offline", 0, true))).toBe(false);
    expect(isServerAnswer(new TypeError("Failed to fetch"))).toBe(false);
  });
});
