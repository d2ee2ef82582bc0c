// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "../../../../src/features/auth/components/AuthProvider";
import { useAuth } from "../../../../src/features/auth/hooks/auth-context";
import { type TokenRecord, writeStoredAuth } from "../../../../src/lib/auth-storage";
import { customerToken, HOUR, MINUTE } from "../../helpers/jwt";

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
