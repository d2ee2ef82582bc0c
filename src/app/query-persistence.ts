/**
 * The persisted query cache (loaded on demand by ./persisted-queries, off the cold-start path).
 * TanStack Query's persist-client: IndexedDB through idb-keyval, else localStorage, else memory only.
 *
 * Rules of the restore, applied by key PREFIX (`['cart', ...]`, `['orders', ...]`):
 * 1. A restored copy shows at once and is never trusted as current: right after the restore every query under
 *    the cart and orders prefixes is invalidated, so the ones on screen refetch in the background (one round
 *    trip) and the others do when they mount. Focus and reconnect revalidate too (staleTime 0 by prefix, see
 *    ./query-client.ts).
 * 2. A restored copy never replaces newer data the screen already shows: TanStack's hydrate keeps data fetched
 *    after the save (by fetch time), the cart query keeps a cart whose server `version` is newer than an answer
 *    (features/cart/api/cart-keeper.ts), and the orders keep the newer status by `updated_at`
 *    (lib/order-freshness.ts).
 * 3. Nothing the customer did is lost: every write that had not been confirmed (paused offline, or in flight
 *    when the page went away) is saved and, restored, resumes: it is marked paused so `resumePausedMutations`
 *    sends it (an in-flight one would otherwise stay pending forever and block its scope), and cart writes are
 *    marked queued so they are announced ('Sending your changes…', or a toast naming the item if the server
 *    refuses it) and, unless they were in flight (the server may already have them), drawn on the cart. Their
 *    mutation id or Idempotency-Key makes a replay apply once.
 * 4. Several tabs share one saved cache: a save keeps the still-unconfirmed writes another tab saved (that this
 *    tab has never held), so one tab's save cannot erase another's queued change.
 */
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { Mutation, QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { createStore, del, get, set } from "idb-keyval";
import { loadInTasks } from "@/lib/load-in-tasks";
import { version } from "../../package.json";
import { orderKeys } from "../lib/order-keys";
import {
  forgetSavedQueryCacheHint,
  noteSavedQueryCache,
  savedQueryCacheStorage,
} from "./query-cache-hint";

/** Where the query cache is kept: one key in IndexedDB (or in localStorage as the fallback). */
export const PERSIST_KEY = "foodpark-query-cache";
export const PERSIST_DB = { name: "foodpark", store: "persisted" } as const;
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A new app version whose cached shapes differ bumps package.json's version; older saved caches are then dropped. */
export const PERSIST_BUSTER = version;
/**
 * How long the IndexedDB probe may take before the persister falls back to localStorage (some web views never answer
 * an open). Where this device saved its cache in IndexedDB before, the probe waits longer: a busy phone can take
 * seconds to open it, and the fallback would hide the changes the customer queued there.
 */
const PROBE_TIMEOUT_MS = 1500;
const KNOWN_INDEXEDDB_PROBE_TIMEOUT_MS = 10_000;
/**
 * Saves are batched at most this often (the persisters' default is 1 s). A change queued offline must be on disk
 * before the customer can reload or close the app: a second was long enough to lose an add made just before.
 */
export const PERSIST_THROTTLE_MS = 150;

export type PersistenceKind = "indexeddb" | "localstorage" | "none";

export interface PersistenceEnvironment {
  indexedDB?: IDBFactory | undefined;
  localStorage?: () => Storage | null | undefined;
}

/** Some web views and private modes expose `indexedDB` but fail (or throw) on open: try it for real. */
export function indexedDbUsable(
  factory: IDBFactory | undefined,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const settle = (usable: boolean) => {
      clearTimeout(timer);
      resolve(usable);
    };
    try {
      const request = factory.open(`${PERSIST_DB.name}-probe`);
      request.onsuccess = () => {
        request.result.close();
        settle(true);
      };
      request.onerror = () => settle(false);
      request.onblocked = () => settle(false);
    } catch {
      settle(false);
    }
  });
}

function usableLocalStorage(read: () => Storage | null | undefined): Storage | undefined {
  try {
    const storage = read();
    if (!storage) return undefined;
    const probe = `${PERSIST_KEY}-probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

/** IndexedDB through idb-keyval when it works, else localStorage, else nothing (an in-memory cache only). */
export async function choosePersister(
  environment: PersistenceEnvironment = {},
): Promise<{ kind: PersistenceKind; persister: Persister }> {
  const factory = "indexedDB" in environment ? environment.indexedDB : globalThis.indexedDB;
  const probeFor =
    savedQueryCacheStorage() === "indexeddb" ? KNOWN_INDEXEDDB_PROBE_TIMEOUT_MS : PROBE_TIMEOUT_MS;
  if (await indexedDbUsable(factory, probeFor)) {
    const store = createStore(PERSIST_DB.name, PERSIST_DB.store);
    const persister = createAsyncStoragePersister({
      key: PERSIST_KEY,
      // Saves are throttled by createQueryPersistence (around the read-merge-write of rule 4).
      throttleTime: 0,
      storage: {
        getItem: (key) => get<string>(key, store),
        setItem: (key, value: string) => set(key, value, store),
        removeItem: (key) => del(key, store),
      },
    });
    return { kind: "indexeddb", persister };
  }
  const storage = usableLocalStorage(environment.localStorage ?? (() => globalThis.localStorage));
  return {
    kind: storage ? "localstorage" : "none",
    persister: createSyncStoragePersister({ key: PERSIST_KEY, storage, throttleTime: 0 }),
  };
}

/** A saved cache remembers whose it is; it is only ever restored for that same customer. */
type OwnedClient = PersistedClient & { owner?: string | null };

type SavedMutation = PersistedClient["clientState"]["mutations"][number];

const sameKey = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** One saved write, across saves and tabs: its key, when it was made and what it sends (ids included). */
export const savedMutationId = (mutation: SavedMutation) =>
  JSON.stringify([
    mutation.mutationKey ?? null,
    mutation.state.submittedAt,
    mutation.state.variables ?? null,
  ]);

/**
 * Rule 3: every write restored unconfirmed resumes. Pending ones are marked paused (TanStack resumes only paused
 * ones; one saved in flight would stay pending and block its scope for good); writes under `queuedKeys` are
 * marked queued (drawn on the screen and announced like changes made offline).
 */
export function resumableRestore<T extends PersistedClient>(
  saved: T,
  queuedKeys: readonly (readonly unknown[])[] = [],
): T {
  const mutations = saved.clientState.mutations.map((mutation) => {
    if (mutation.state.status !== "pending") return mutation;
    const variables = mutation.state.variables;
    const queue =
      queuedKeys.some((key) => sameKey(mutation.mutationKey, key)) &&
      typeof variables === "object" &&
      variables !== null;
    // One saved in flight may already have reached the server: announced, but not drawn on top of its cart.
    const flags = mutation.state.isPaused
      ? { queued: true }
      : { queued: true, inFlightAtRestore: true };
    return {
      ...mutation,
      state: {
        ...mutation.state,
        isPaused: true,
        variables: queue ? { ...variables, ...flags } : variables,
      },
    };
  });
  return { ...saved, clientState: { ...saved.clientState, mutations } };
}

/**
 * Rule 4: the client to save, with the unconfirmed writes another tab saved that this tab never held (`known`:
 * every write this tab has held or restored) carried over.
 */
export function withOtherTabsWrites<T extends PersistedClient>(
  client: T,
  stored: PersistedClient | undefined,
  known: ReadonlySet<string>,
): T {
  if (!stored) return client;
  const others = stored.clientState.mutations.filter(
    (mutation) => mutation.state.status === "pending" && !known.has(savedMutationId(mutation)),
  );
  if (others.length === 0) return client;
  return {
    ...client,
    clientState: { ...client.clientState, mutations: [...others, ...client.clientState.mutations] },
  };
}

export interface QueryPersistence {
  persister: Persister;
  options: Omit<PersistQueryClientOptions, "queryClient">;
  /** Which storage was chosen (after the probe). */
  kind(): Promise<PersistenceKind>;
  /** Deletes the saved cache (sign-out). */
  clear(): Promise<void>;
}

/**
 * The app's persister. The storage is chosen lazily (the probe is asynchronous) and the saved cache is
 * tagged with its owner, so a cache left by a session that ended without a sign-out (an expired token,
 * cleared site data) is dropped rather than shown to whoever signs in next.
 */
export function createQueryPersistence(
  owner: () => string | null,
  environment?: PersistenceEnvironment,
  queuedKeys: readonly (readonly unknown[])[] = [],
): QueryPersistence {
  let chosen: ReturnType<typeof choosePersister> | undefined;
  const backend = () => {
    chosen ??= choosePersister(environment);
    return chosen;
  };
  /** Every write this tab has held (saved or restored): only writes of other tabs are carried over. */
  const known = new Set<string>();

  /** Reads what is stored (another tab may have saved since), carries its writes over, and writes. */
  async function save(client: PersistedClient): Promise<void> {
    for (const mutation of client.clientState.mutations) known.add(savedMutationId(mutation));
    const { persister: inner, kind } = await backend();
    const stored = (await Promise.resolve(inner.restoreClient()).catch(() => undefined)) as
      | OwnedClient
      | undefined;
    const fromSameOwner = stored && (stored.owner ?? null) === owner() ? stored : undefined;
    const owned: OwnedClient = {
      ...withOtherTabsWrites(client, fromSameOwner, known),
      owner: owner(),
    };
    noteSavedQueryCache(kind);
    await inner.persistClient(owned);
  }

  // At most one save every PERSIST_THROTTLE_MS, the first at once, the latest state always saved last.
  let latest: PersistedClient | null = null;
  let running: Promise<void> | null = null;
  let nextAt = 0;
  async function drain(): Promise<void> {
    while (latest) {
      const wait = nextAt - Date.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      const client = latest;
      latest = null;
      if (!client) break;
      await save(client).catch(() => undefined);
      nextAt = Date.now() + PERSIST_THROTTLE_MS;
    }
    running = null;
  }

  const persister: Persister = {
    persistClient(client) {
      latest = client;
      running ??= drain();
      return running;
    },
    async restoreClient() {
      const { persister: inner } = await backend();
      const saved = (await inner.restoreClient()) as OwnedClient | undefined;
      if (!saved) return undefined;
      if ((saved.owner ?? null) !== owner()) {
        await inner.removeClient();
        return undefined;
      }
      for (const mutation of saved.clientState.mutations) known.add(savedMutationId(mutation));
      return resumableRestore(saved, queuedKeys);
    },
    async removeClient() {
      forgetSavedQueryCacheHint();
      await (await backend()).persister.removeClient();
    },
  };

  return {
    persister,
    options: { persister, maxAge: PERSIST_MAX_AGE_MS, buster: PERSIST_BUSTER },
    kind: async () => (await backend()).kind,
    clear: async () => {
      await persister.removeClient();
    },
  };
}

/**
 * Saved with the cache: paused mutations (changes made offline) and, beyond TanStack's default, writes still in
 * flight that can resume (their behaviour is registered by key): a reload mid-request sends them again, which
 * their mutation id or Idempotency-Key makes harmless.
 */
export function keepMutation(queryClient: QueryClient, mutation: Mutation): boolean {
  if (mutation.state.isPaused) return true;
  const key = mutation.options.mutationKey;
  return (
    mutation.state.status === "pending" &&
    key !== undefined &&
    queryClient.getMutationDefaults(key).mutationFn !== undefined
  );
}

let active: QueryPersistence | null = null;

/**
 * What offline writes load before their own module, in order: the contract's schema modules (the first brings zod).
 * Not zod itself: a dynamic import of zod/mini keeps every export of it in the bundle.
 */
const OFFLINE_WRITE_STAGES = [
  () => import("@contract/common"),
  () => import("@contract/orders"),
  () => import("@contract/basket"),
];

/**
 * Restores the saved cache into `queryClient` (when `restore`), resumes changes queued offline (paused
 * mutations), then saves the cache on every change. Returns the function that stops saving.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  options: { owner: () => string | null; restore: boolean },
): Promise<() => void> {
  // Saved writes made offline resume with the behaviour registered for their key: register it first. (Its own
  // chunk, so the entry's preload list for this module stays as it was.) The contract modules it brings build their
  // schemas as they load: one module per task, not one long task.
  const writes = await loadInTasks(OFFLINE_WRITE_STAGES)
    .then(() => import("./offline-writes"))
    .catch(() => undefined);
  writes?.registerOfflineWrites(queryClient);
  active ??= createQueryPersistence(options.owner, undefined, writes?.QUEUED_WRITE_KEYS ?? []);
  const persistence = active;
  // The persister packages are typed against another patch release of query-core (one copy at runtime).
  const withClient = {
    ...persistence.options,
    queryClient,
    dehydrateOptions: {
      shouldDehydrateMutation: (mutation: Mutation) => keepMutation(queryClient, mutation),
    },
  } as unknown as PersistQueryClientOptions;
  if (options.restore) {
    await persistQueryClientRestore(withClient).catch(() => undefined);
    // Rule 1: what was restored shows, and the server is asked at once.
    for (const prefix of [orderKeys.all, ...(writes?.RESTORED_CART_PREFIXES ?? [])])
      void queryClient.invalidateQueries({ queryKey: prefix });
  }
  void queryClient.resumePausedMutations();
  const stop = persistQueryClientSubscribe(withClient);
  // Whatever loaded before saving started is saved now, not at the next change.
  void persistQueryClientSave(withClient);
  return stop;
}

/** Sign-out: the saved cache goes. */
export async function removeSavedQueryCache(owner: () => string | null): Promise<void> {
  active ??= createQueryPersistence(owner);
  await active.clear();
}
