// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PersistedQueries, RESTORE_WAIT_MS } from "@/app/persisted-queries";
import { startQueryPersistence } from "@/app/query-persistence";

// The restore itself (IndexedDB, the rules) is tested in query-persistence.test.ts; here only how long screens wait.
vi.mock("@/app/query-persistence", () => ({
  startQueryPersistence: vi.fn(),
  removeSavedQueryCache: vi.fn(),
}));

/** A restore that finishes when the test says. */
function controlledRestore() {
  let finish: () => void = () => undefined;
  const done = new Promise<() => void>((resolve) => {
    finish = () => resolve(() => undefined);
  });
  vi.mocked(startQueryPersistence).mockReturnValue(done);
  return { finish };
}

function OrderScreen({ fetchOrder }: { fetchOrder: () => Promise<string> }) {
  const order = useQuery({ queryKey: ["orders", "detail", 7], queryFn: fetchOrder });
  return <p>{order.data ?? "Loading…"}</p>;
}

function renderScreen(fetchOrder: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PersistedQueries client={client}>
        <OrderScreen fetchOrder={fetchOrder} />
      </PersistedQueries>
    </QueryClientProvider>,
  );
}

/** Lets the dynamic import and the promises around it settle, with fake timers. */
const settle = () => act(async () => await vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  // A saved cache from an earlier visit, in IndexedDB.
  localStorage.setItem("foodpark-query-cache-saved", "indexeddb");
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  vi.mocked(startQueryPersistence).mockReset();
});

describe("screens while a saved cache is restored", () => {
  it("ask the server once the restore has taken RESTORE_WAIT_MS, while it finishes behind", async () => {
    const restore = controlledRestore();
    const fetchOrder = vi.fn(async () => "Pending Payment");
    renderScreen(fetchOrder);
    await settle();
    expect(startQueryPersistence).toHaveBeenCalledTimes(1);

    await act(async () => await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS - 1));
    expect(fetchOrder).not.toHaveBeenCalled();
    expect(screen.getByText("Loading…")).toBeTruthy();

    await act(async () => await vi.advanceTimersByTimeAsync(1));
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await settle();
    expect(screen.getByText("Pending Payment")).toBeTruthy();

    restore.finish();
    await settle();
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Pending Payment")).toBeTruthy();
  });

  it("ask at once when the restore is quick, without waiting for the bound", async () => {
    const restore = controlledRestore();
    const fetchOrder = vi.fn(async () => "Pending Payment");
    renderScreen(fetchOrder);
    await settle();
    restore.finish();
    await settle();
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    await settle();
    expect(screen.getByText("Pending Payment")).toBeTruthy();
  });

  it("wait for the restore as long as it takes offline, where the saved cache is the newest copy", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const restore = controlledRestore();
    const fetchOrder = vi.fn(async () => "Pending Payment");
    renderScreen(fetchOrder);
    await settle();
    await act(async () => await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS * 4));
    expect(fetchOrder).not.toHaveBeenCalled();
    restore.finish();
    await settle();
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it("never wait on a first visit (nothing saved): the restore is not even started", async () => {
    localStorage.clear();
    const fetchOrder = vi.fn(async () => "Pending Payment");
    renderScreen(fetchOrder);
    await settle();
    expect(fetchOrder).toHaveBeenCalledTimes(1);
    expect(startQueryPersistence).not.toHaveBeenCalled();
  });
});
