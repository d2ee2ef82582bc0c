import "fake-indexeddb/auto";
// The persister packages are typed against the top-level query-core (the app aliases one copy at build time).
import { QueryClient } from "@tanstack/query-core";
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
} from "@tanstack/react-query-persist-client";
import { IDBFactory } from "fake-indexeddb";
import { createStore, get } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { savedQueryCacheMayExist } from "@/app/query-cache-hint";
import {
  choosePersister,
  createQueryPersistence,
  keepMutation,
  PERSIST_DB,
  PERSIST_KEY,
  PERSIST_MAX_AGE_MS,
  PERSIST_THROTTLE_MS,
  resumableRestore,
  startQueryPersistence,
} from "@/app/query-persistence";
import { version } from "../../../package.json";

/** A localStorage stand-in. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

/** An IndexedDB that exists but refuses to open, as in some private modes and web views. */
const failingIndexedDb = (mode: "throws" | "errors") =>
  ({
    open() {
      if (mode === "throws") throw new DOMException("The operation is insecure.", "SecurityError");
      const request = { onerror: null as (() => void) | null } as unknown as IDBOpenDBRequest;
      setTimeout(() => (request.onerror as (() => void) | null)?.call(request));
      return request;
    },
  }) as unknown as IDBFactory;

/** A real IndexedDB that takes `delayMs` to answer an open (a busy phone). */
const slowIndexedDb = (delayMs: number) =>
  ({
    open(name: string) {
      const request = { onsuccess: null, result: undefined } as unknown as IDBOpenDBRequest & {
        result: IDBDatabase;
      };
      const real = globalThis.indexedDB.open(name);
      real.onsuccess = () =>
        setTimeout(() => {
          Object.defineProperty(request, "result", { value: real.result });
          (request.onsuccess as (() => void) | null)?.call(request);
        }, delayMs);
      return request;
    },
  }) as unknown as IDBFactory;

const pendingState = () => ({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: "pending" as "pending" | "success",
  variables: { mutationId: "mutation-1" },
  submittedAt: 1,
});

const savedInIndexedDb = () => get(PERSIST_KEY, createStore(PERSIST_DB.name, PERSIST_DB.store));

function clientWithOrders(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
  client.setQueryData(["orders"], [{ id: 7, vendorName: "Smokey Joe's BBQ" }]);
  client.setQueryData(["vendors"], [{ id: 1 }]);
  return client;
}

/** The localStorage persister writes after its throttle; the IndexedDB one at once. */
const SYNC_PERSISTER_THROTTLE_MS = PERSIST_THROTTLE_MS;

async function save(persistence: ReturnType<typeof createQueryPersistence>, client: QueryClient) {
  await persistQueryClientSave({ queryClient: client, ...persistence.options });
  if ((await persistence.kind()) !== "indexeddb")
    await new Promise((resolve) => setTimeout(resolve, SYNC_PERSISTER_THROTTLE_MS + 50));
}

async function restoreInto(
  persistence: ReturnType<typeof createQueryPersistence>,
): Promise<QueryClient> {
  const client = new QueryClient();
  await persistQueryClientRestore({ queryClient: client, ...persistence.options });
  return client;
}

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory();
});

describe("choosing where the query cache is kept", () => {
  it("uses IndexedDB when it opens", async () => {
    expect((await choosePersister({ localStorage: () => new MemoryStorage() })).kind).toBe(
      "indexeddb",
    );
  });

  it.each(["throws", "errors"] as const)(
    "falls back to localStorage when opening IndexedDB %s",
    async (mode) => {
      const storage = new MemoryStorage();
      const persistence = createQueryPersistence(() => "1", {
        indexedDB: failingIndexedDb(mode),
        localStorage: () => storage,
      });
      expect(await persistence.kind()).toBe("localstorage");

      await save(persistence, clientWithOrders());
      expect(JSON.parse(storage.getItem(PERSIST_KEY) ?? "null")).toMatchObject({
        buster: version,
        owner: "1",
      });
      expect((await restoreInto(persistence)).getQueryData(["orders"])).toEqual([
        { id: 7, vendorName: "Smokey Joe's BBQ" },
      ]);
    },
  );

  it("waits for a slow IndexedDB where this device saved its cache there, so queued changes are not hidden", async () => {
    vi.stubGlobal("localStorage", new MemoryStorage());
    const slow = { indexedDB: slowIndexedDb(3000), localStorage: () => new MemoryStorage() };
    // Nothing saved on this device yet: a probe that takes 3 s gives up and falls back.
    expect((await choosePersister(slow)).kind).toBe("localstorage");
    // Saved in IndexedDB before: the probe waits for it.
    globalThis.localStorage.setItem("foodpark-query-cache-saved", "indexeddb");
    expect((await choosePersister(slow)).kind).toBe("indexeddb");
    vi.unstubAllGlobals();
  }, 15_000);

  it("falls back to localStorage when there is no IndexedDB at all", async () => {
    expect(
      (await choosePersister({ indexedDB: undefined, localStorage: () => new MemoryStorage() }))
        .kind,
    ).toBe("localstorage");
  });

  it("keeps the cache in memory only when neither storage works", async () => {
    const blocked = () => {
      throw new DOMException("Access is denied", "SecurityError");
    };
    const persistence = createQueryPersistence(() => "1", {
      indexedDB: undefined,
      localStorage: blocked,
    });
    expect(await persistence.kind()).toBe("none");
    await save(persistence, clientWithOrders());
    expect((await restoreInto(persistence)).getQueryData(["orders"])).toBeUndefined();
  });
});

describe("the persisted query cache", () => {
  it("survives a reload in IndexedDB for the same customer, with the app version as buster and a 24 h max age", async () => {
    const persistence = createQueryPersistence(() => "1");
    expect(persistence.options).toMatchObject({ buster: version, maxAge: 24 * 60 * 60 * 1000 });

    await save(persistence, clientWithOrders());
    expect(await savedInIndexedDb()).toEqual(expect.stringContaining("Smokey Joe's BBQ"));

    const afterReload = createQueryPersistence(() => "1");
    expect((await restoreInto(afterReload)).getQueryData(["orders"])).toEqual([
      { id: 7, vendorName: "Smokey Joe's BBQ" },
    ]);
  });

  it("is wiped on sign-out, so the next person on the phone starts empty", async () => {
    const persistence = createQueryPersistence(() => "1");
    await save(persistence, clientWithOrders());

    await persistence.clear();

    expect(await savedInIndexedDb()).toBeUndefined();
    expect(
      (await restoreInto(createQueryPersistence(() => "2"))).getQueryData(["orders"]),
    ).toBeUndefined();
  });

  it("is never restored for someone else, even if a session ended without a sign-out", async () => {
    await save(
      createQueryPersistence(() => "1"),
      clientWithOrders(),
    );

    for (const nextOwner of [null, "2"]) {
      const restored = await restoreInto(createQueryPersistence(() => nextOwner));
      expect(restored.getQueryData(["orders"])).toBeUndefined();
    }
    expect(await savedInIndexedDb()).toBeUndefined();
  });

  it("drops a cache saved by another app version", async () => {
    const persistence = createQueryPersistence(() => "1");
    await persistQueryClientSave({
      queryClient: clientWithOrders(),
      ...persistence.options,
      buster: "0.0.0-old",
    });
    expect((await restoreInto(persistence)).getQueryData(["orders"])).toBeUndefined();
  });
});

describe("starting persistence in the app", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("restores a saved cache into the app's client, then saves every change; a hint tells the next start to wait for it", async () => {
    vi.stubGlobal("localStorage", new MemoryStorage());
    expect(savedQueryCacheMayExist()).toBe(false);
    await save(
      createQueryPersistence(() => "1"),
      clientWithOrders(),
    );
    expect(savedQueryCacheMayExist()).toBe(true);

    const app = new QueryClient({ defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
    const stop = await startQueryPersistence(app as never, { owner: () => "1", restore: true });
    expect(app.getQueryData(["orders"])).toEqual([{ id: 7, vendorName: "Smokey Joe's BBQ" }]);
    // The restored copy shows, and every cart and orders query is revalidated at once (others are not).
    const state = (key: unknown[]) =>
      app.getQueryCache().find({ queryKey: key, exact: true })?.state;
    expect(state(["orders"])).toMatchObject({ isInvalidated: true });
    expect(state(["vendors"])).toMatchObject({ isInvalidated: false });

    app.setQueryData(["cart"], { items: 2 });
    await expect
      .poll(async () => savedInIndexedDb(), { timeout: 3000 })
      .toEqual(expect.stringContaining('"items":2'));
    stop();
  });

  it("saves writes queued offline and writes in flight that can resume, nothing else", async () => {
    const app = new QueryClient();
    app.setMutationDefaults(["cart-write"], { mutationFn: async () => "sent" });
    const cache = app.getMutationCache();
    const paused = cache.build(
      app,
      { mutationKey: ["cart-write"] },
      { ...pendingState(), isPaused: true },
    );
    const inFlight = cache.build(app, { mutationKey: ["cart-write"] }, pendingState());
    const unknown = cache.build(app, { mutationKey: ["something-else"] }, pendingState());
    const settled = cache.build(
      app,
      { mutationKey: ["cart-write"] },
      { ...pendingState(), status: "success" },
    );
    expect(
      [paused, inFlight, unknown, settled].map((mutation) =>
        keepMutation(app as never, mutation as never),
      ),
    ).toEqual([true, true, false, false]);
  });

  it("forgets the hint with the saved cache on sign-out", async () => {
    vi.stubGlobal("localStorage", new MemoryStorage());
    const persistence = createQueryPersistence(() => "1");
    await save(persistence, clientWithOrders());
    await persistence.clear();
    expect(savedQueryCacheMayExist()).toBe(false);
  });
});

describe("restore rules (nothing lost, nothing trusted blindly)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const savedWrites = async () =>
    (
      JSON.parse((await savedInIndexedDb()) ?? "null") as {
        clientState: { mutations: { state: { variables: unknown } }[] };
      } | null
    )?.clientState.mutations.map((mutation) => mutation.state.variables) ?? [];

  it("marks every unconfirmed write paused so it resumes, and cart writes queued so they are drawn and announced", () => {
    const mutation = (
      key: string,
      state: Partial<Omit<ReturnType<typeof pendingState>, "variables">> & { variables: object },
    ) => ({
      mutationKey: [key],
      state: { ...pendingState(), ...state },
    });
    const saved = {
      buster: "",
      timestamp: 0,
      clientState: {
        queries: [],
        mutations: [
          mutation("cart-write", { variables: { mutationId: "in-flight", queued: false } }),
          mutation("cart-write", {
            isPaused: true,
            variables: { mutationId: "offline", queued: true },
          }),
          mutation("cash-order", { variables: { idempotencyKey: "order-1", queued: false } }),
          mutation("cart-write", {
            status: "success",
            variables: { mutationId: "done", queued: false },
          }),
        ],
      },
    };
    const restored = resumableRestore(saved as PersistedClient, [["cart-write"]]).clientState
      .mutations;
    expect(restored.map((m) => [m.state.isPaused, m.state.variables])).toEqual([
      [true, { mutationId: "in-flight", queued: true, inFlightAtRestore: true }],
      [true, { mutationId: "offline", queued: true }],
      // An order in flight resumes as it was (its Idempotency-Key answers the first order), not as a queued one.
      [true, { idempotencyKey: "order-1", queued: false }],
      [false, { mutationId: "done", queued: false }],
    ]);
  });

  it("sends a write saved in flight (a reload mid-request) exactly once after the restore", async () => {
    const before = new QueryClient();
    before
      .getMutationCache()
      .build(
        before,
        { mutationKey: ["cart-write"], scope: { id: "cart" } },
        { ...pendingState(), variables: { mutationId: "m-1", queued: false } },
      );
    const behind = before.getMutationCache().build(
      before,
      { mutationKey: ["cart-write"], scope: { id: "cart" } },
      {
        ...pendingState(),
        isPaused: true,
        submittedAt: 2,
        variables: { mutationId: "m-2", queued: true },
      },
    );
    expect(behind.state.isPaused).toBe(true);
    // As the app saves: paused writes and writes in flight (keepMutation).
    const persistence = createQueryPersistence(() => "1");
    await persistQueryClientSave({
      queryClient: before,
      ...persistence.options,
      dehydrateOptions: {
        shouldDehydrateMutation: (mutation) => mutation.state.status === "pending",
      },
    });

    const sent: unknown[] = [];
    const after = new QueryClient();
    after.setMutationDefaults(["cart-write"], {
      mutationFn: async (variables: unknown) => sent.push(variables),
    });
    await persistQueryClientRestore({
      queryClient: after,
      ...createQueryPersistence(() => "1", undefined, [["cart-write"]]).options,
    });
    await after.resumePausedMutations();
    await expect
      .poll(() => sent)
      .toEqual([
        { mutationId: "m-1", queued: true, inFlightAtRestore: true },
        { mutationId: "m-2", queued: true },
      ]);
    await after.resumePausedMutations();
    expect(sent).toHaveLength(2);
  });

  it("keeps another tab's queued write when this tab saves, and forgets it once that tab has sent it", async () => {
    const tabA = createQueryPersistence(() => "1");
    const tabB = createQueryPersistence(() => "1");
    const clientA = clientWithOrders();
    const write = clientA
      .getMutationCache()
      .build(
        clientA,
        { mutationKey: ["cart-write"] },
        { ...pendingState(), isPaused: true, variables: { mutationId: "from-a" } },
      );
    await save(tabA, clientA);
    expect(await savedWrites()).toEqual([{ mutationId: "from-a" }]);

    // Tab B (its Orders page refreshing) saves its own cache, which never held A's write: the write stays.
    await save(tabB, clientWithOrders());
    expect(await savedWrites()).toEqual([{ mutationId: "from-a" }]);

    // Tab A sends it; its next save drops it, and B's next save does not bring it back.
    clientA.getMutationCache().remove(write);
    await save(tabA, clientA);
    expect(await savedWrites()).toEqual([]);
    await save(tabB, clientWithOrders());
    expect(await savedWrites()).toEqual([]);
  });

  it("keeps only the latest state when changes come faster than the throttle", async () => {
    const persistence = createQueryPersistence(() => "1");
    const client = new QueryClient();
    const saves = [1, 2, 3].map((n) => {
      client.setQueryData(["cart", 1, "takeaway"], { version: n });
      return persistQueryClientSave({ queryClient: client, ...persistence.options });
    });
    await Promise.all(saves);
    await expect
      .poll(async () => savedInIndexedDb())
      .toEqual(expect.stringContaining('"version":3'));
  });
});
