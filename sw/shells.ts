/// <reference lib="webworker" />

import { shellKind } from "@contract/shells";
import { CACHE_NAMES } from "@contract/worker-protocol";
import { getCacheKeyForURL } from "workbox-precaching";

declare const self: ServiceWorkerGlobalScope;

/**
 * The app shell from the worker: a returning customer's page paints from the shell the server last sent for that
 * kind of page (with what the server wrote into it: the test-payments banner, the first trailers' pictures), at
 * once, without waiting for the network; the network's copy (navigation preload) replaces it for the next visit.
 * A saved shell is used only while every script and stylesheet it names is in this worker's precache, so a shell
 * of another deployment is never served by this worker (and a new deployment's shell is saved by its own worker).
 */

const shellUrl = (url: URL) =>
  new URL(`/__shell/${shellKind(url.pathname, [...url.searchParams.keys()])}`, self.location.origin)
    .href;

const ASSET_REFERENCE = /(?:src|href)="(\/assets\/[^"]+)"/g;

/** True when every hashed asset the page names is precached by this worker. */
function isThisVersion(html: string): boolean {
  for (const [, asset] of html.matchAll(ASSET_REFERENCE)) {
    if (!asset || getCacheKeyForURL(asset) === undefined) return false;
  }
  return true;
}

/** Saves the server's shell for this page's kind, if it is a shell of this worker's version. */
export async function saveShell(pageUrl: URL, response: Response): Promise<void> {
  if (!response.ok || !response.headers.get("content-type")?.startsWith("text/html")) return;
  const html = await response.text();
  if (!isThisVersion(html)) return;
  const cache = await caches.open(CACHE_NAMES.shells);
  await cache.put(
    shellUrl(pageUrl),
    new Response(html, {
      headers: { "Content-Type": response.headers.get("content-type") ?? "text/html" },
    }),
  );
}

/** The saved shell for this page's kind, when there is one of this worker's version. */
export async function savedShell(pageUrl: URL): Promise<Response | undefined> {
  const cache = await caches.open(CACHE_NAMES.shells);
  const saved = await cache.match(shellUrl(pageUrl));
  if (!saved) return undefined;
  const html = await saved.text();
  if (!isThisVersion(html)) return undefined;
  return new Response(html, { headers: saved.headers });
}

/** At install: the shells of the pages a returning customer opens first, so the very next visit is served at once. */
export async function saveFirstShells(): Promise<void> {
  await Promise.all(
    ["/login", "/vendors", "/"].map(async (path) => {
      const url = new URL(path, self.location.origin);
      try {
        await saveShell(url, await fetch(url, { credentials: "omit", cache: "no-store" }));
      } catch {
        // offline at install: the next online visit saves it
      }
    }),
  );
}
