/**
 * The persisted query cache (loaded on demand by ./persisted-queries, off the cold-start path).
 * TanStack Query's persist-client: IndexedDB through idb-keyval, else localStorage, else memory only.
 */
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { QueryClient } from "@tanstack/react-query";
import {
  type PersistedClient,
  type Persister,
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import { createStore, del, get, set } from "idb-keyval";
import { version } from "../../package.json";
import { forgetSavedQueryCacheHint, noteSavedQueryCache } from "./query-cache-hint";

/** Where the query cache is kept: one key in IndexedDB (or in localStorage as the fallback). */
export const PERSIST_KEY = "foodpark-query-cache";
export const PERSIST_DB = { name: "foodpark", store: "persisted" } as const;
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A new app version whose cached shapes differ bumps package.json's version; older saved caches are then dropped. */
export const PERSIST_BUSTER = version;
const PROBE_TIMEOUT_MS = 1500;

export type PersistenceKind = "indexeddb" | "localstorage" | "none";

export interface PersistenceEnvironment {
  indexedDB?: IDBFactory | undefined;
  localStorage?: () => Storage | null | undefined;
}

/** Some web views and private modes expose `indexedDB` but fail (or throw) on open: try it for real. */
export function indexedDbUsable(factory: IDBFactory | undefined): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
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
  if (await indexedDbUsable(factory)) {
    const store = createStore(PERSIST_DB.name, PERSIST_DB.store);
    const persister = createAsyncStoragePersister({
      key: PERSIST_KEY,
      storage: {
        getItem: (key) => get<string>(key, store),
        setItem: (key, value: string) => set(key, value, store),
        removeItem: (key) => del(key, store),
      },
    });
    return { kind: "indexeddb", persister };
  }
  const storage = usableLocalStorage(environment.localStorage ?? (() => globalThis.localStorage));
  return { kind: storage ? "localstorage" : "none", persister: createSyncStoragePersister({ key: PERSIST_KEY, storage }) };
}

/** A saved cache remembers whose it is; it is only ever restored for that same customer. */
type OwnedClient = PersistedClient & { owner?: string | null };

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
export function createQueryPersistence(owner: () => string | null, environment?: PersistenceEnvironment): QueryPersistence {
  let chosen: ReturnType<typeof choosePersister> | undefined;
  const backend = () => {
    chosen ??= choosePersister(environment);
    return chosen;
  };

  const persister: Persister = {
    async persistClient(client) {
      const owned: OwnedClient = { ...client, owner: owner() };
      noteSavedQueryCache();
      await (await backend()).persister.persistClient(owned);
    },
    async restoreClient() {
      const { persister: inner } = await backend();
      const saved = (await inner.restoreClient()) as OwnedClient | undefined;
      if (!saved) return undefined;
      if ((saved.owner ?? null) !== owner()) {
        await inner.removeClient();
        return undefined;
      }
      return saved;
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

let active: QueryPersistence | null = null;

/**
 * Restores the saved cache into `queryClient` (when `restore`), resumes changes queued offline (paused
 * mutations), then saves the cache on every change. Returns the function that stops saving.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  options: { owner: () => string | null; restore: boolean },
): Promise<() => void> {
  active ??= createQueryPersistence(options.owner);
  const persistence = active;
  // The persister packages are typed against another patch release of query-core (one copy at runtime).
  const withClient = { ...persistence.options, queryClient } as unknown as PersistQueryClientOptions;
  if (options.restore) await persistQueryClientRestore(withClient).catch(() => undefined);
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
