// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { customerToken, HOUR, MINUTE } from "@tests/unit/helpers/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "@/features/auth/components/AuthProvider";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { type TokenRecord, writeStoredAuth } from "@/lib/auth-storage";

const ADA = { id: 7, email: "ada@foodpark.test", name: "Ada Lovelace", role: "customer" as const };

/** Shows what a page would see. */
function Probe() {
  const { status, user } = useAuth();
  return <p data-testid="auth">{status === "signed-in" ? `signed in as ${user?.name}` : status}</p>;
}

const shown = () => screen.getByTestId("auth").textContent;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, { ...ADA, phone: null }));
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  delete window.FOODPARK_AUTH_TOKEN;
  window.history.replaceState(null, "", "/");
});

function storeToken(token: string, record?: Partial<TokenRecord>) {
  writeStoredAuth({
    token,
    user: ADA,
    expiresAt: Date.now() + HOUR,
    lastValidated: 0,
    isValid: true,
    ...record,
  });
}

const profileCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/auth/me"));

describe("AuthProvider at start-up", () => {
  it("signs in from a recently validated record without asking the server", async () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() - MINUTE });

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed in as Ada Lovelace");
    await act(async () => {});
    expect(profileCalls()).toHaveLength(0);
  });

  it("checks a never-validated token with GET /auth/me and its bearer token", async () => {
    const token = customerToken(Date.now(), HOUR);
    storeToken(token);

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    await waitFor(() => expect(profileCalls()).toHaveLength(1));
    const init = profileCalls()[0]![1];
    expect(new Headers(init?.headers).get("authorization")).toBe(`Bearer ${token}`);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem("tokenData")!).lastValidated).toBeGreaterThan(0),
    );
    expect(shown()).toBe("signed in as Ada Lovelace");
  });

  it("signs out and clears storage when the server rejects the token", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { message: "Your session has expired. Please sign in again." }),
    );
    storeToken(customerToken(Date.now(), HOUR));

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    await waitFor(() => expect(shown()).toBe("signed-out"));
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("tokenData")).toBeNull();
  });

  it("keeps local auth when the server cannot be reached, marking the record for another check", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    storeToken(customerToken(Date.now(), HOUR));

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    await waitFor(() => expect(JSON.parse(localStorage.getItem("tokenData")!).isValid).toBe(false));
    expect(shown()).toBe("signed in as Ada Lovelace");
  });

  it("clears an expired stored token and starts signed out", () => {
    storeToken(customerToken(Date.now(), -MINUTE), { expiresAt: Date.now() - MINUTE });

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed-out");
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("tokenData")).toBeNull();
  });

  it("clears corrupt stored data and starts signed out", () => {
    localStorage.setItem("authToken", customerToken(Date.now(), HOUR));
    localStorage.setItem("user", "{definitely not json");

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed-out");
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("signs in with ?token= from the address, saves it and removes it from the address", () => {
    const token = customerToken(Date.now(), HOUR);
    window.history.replaceState(null, "", `/vendors?token=${token}&tab=all#top`);

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed in as Ada Lovelace");
    expect(localStorage.getItem("authToken")).toBe(token);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      "/vendors?tab=all#top",
    );
  });

  it("signs in with the token the Android host app set", () => {
    const token = customerToken(Date.now(), HOUR);
    window.FOODPARK_AUTH_TOKEN = token;

    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed in as Ada Lovelace");
    expect(localStorage.getItem("authToken")).toBe(token);
  });

  it("starts signed out when nothing is stored or handed over", () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    expect(shown()).toBe("signed-out");
  });
});

describe("AuthProvider while the app stays open (the product spec's § Validation rules (docs/product-spec.md) schedule)", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "Date"],
      now: new Date("2026-11-23T12:00:00Z"),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const openApp = async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => {});
  };
  const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

  it("asks the server again once the 5-minute validation cache runs out, not before", async () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    await openApp();

    await wait(5 * MINUTE - 1000);
    expect(profileCalls()).toHaveLength(0);

    await wait(2000);
    expect(profileCalls()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("tokenData")!).lastValidated).toBe(Date.now());

    // ...and again five minutes after that.
    await wait(5 * MINUTE + 1000);
    expect(profileCalls()).toHaveLength(2);
  });

  it("asks as soon as the token comes within 10 minutes of expiring", async () => {
    storeToken(customerToken(Date.now(), 12 * MINUTE), {
      lastValidated: Date.now(),
      expiresAt: Date.now() + 12 * MINUTE,
    });
    await openApp();

    await wait(2 * MINUTE - 1000);
    expect(profileCalls()).toHaveLength(0);

    await wait(2000);
    expect(profileCalls()).toHaveLength(1);
  });

  it("asks when the page comes back into focus after the cache ran out (a sleeping phone's timers lag)", async () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    await openApp();

    vi.setSystemTime(Date.now() + 6 * MINUTE); // the clock moved on, the timer has not fired
    await act(async () => void window.dispatchEvent(new Event("focus")));
    expect(profileCalls()).toHaveLength(1);

    // A focus while the cache is fresh asks nothing.
    await act(async () => void window.dispatchEvent(new Event("focus")));
    expect(profileCalls()).toHaveLength(1);
  });

  it("after an unreachable server, marks the record invalid, keeps the customer signed in and tries again a minute later", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    storeToken(customerToken(Date.now(), HOUR));
    await openApp();

    expect(profileCalls()).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem("tokenData")!).isValid).toBe(false);
    expect(shown()).toBe("signed in as Ada Lovelace");

    await wait(60 * 1000);
    expect(profileCalls()).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem("tokenData")!)).toMatchObject({
      isValid: true,
      lastValidated: Date.now(),
    });
  });

  it("signs out when a later check finds the token revoked", async () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    await openApp();
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: "Your session has ended" }));

    await wait(5 * MINUTE + 1000);

    expect(shown()).toBe("signed-out");
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});

describe("AuthProvider and other tabs", () => {
  it("signs out when another tab clears the stored auth", async () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    const onSignedOut = vi.fn();
    render(
      <AuthProvider onSignedOut={onSignedOut}>
        <Probe />
      </AuthProvider>,
    );
    expect(shown()).toBe("signed in as Ada Lovelace");

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "authToken" }));
    });

    expect(shown()).toBe("signed-out");
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  it("signs in when another tab signs in", () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(shown()).toBe("signed-out");

    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "tokenData" }));
    });

    expect(shown()).toBe("signed in as Ada Lovelace");
  });

  it("ignores changes to unrelated keys", () => {
    storeToken(customerToken(Date.now(), HOUR), { lastValidated: Date.now() });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );

    localStorage.setItem("cart", "{}");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    });

    expect(shown()).toBe("signed in as Ada Lovelace");
  });
});

describe("useAuth", () => {
  it("outside its provider throws the spec's message", () => {
    expect(() => render(<Probe />)).toThrow("useAuth must be used within an AuthProvider");
  });
});
