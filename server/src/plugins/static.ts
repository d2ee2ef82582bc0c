import fs from "node:fs";
import path from "node:path";
import { shellKind } from "@contract/shells";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SerialisedBody } from "../lib/serialised-body.js";
import { type ShellFacts, type ShellTrailer, shellPage } from "./app-shell.js";
import { clientFileCache, listClientFiles, sendClientFile } from "./client-files.js";
import { sendSerialised } from "./serialised-reply.js";

const API_PREFIXES = ["/api/", "/auth/", "/socket.io/"];
const NEVER_CACHED = new Set([
  "index.html",
  "shell-auth.html",
  "sw.js",
  "manifest.webmanifest",
  "registerSW.js",
]);
const SOURCE_MAP = /\.map\/?$/i;

/** Hashed assets are kept for a year; the shells, the worker and the manifest are always revalidated. */
function cacheControlOf(relative: string): string {
  if (relative.startsWith("assets/")) return "public, max-age=31536000, immutable";
  if (NEVER_CACHED.has(relative)) return "no-cache";
  return "public, max-age=86400";
}

/** True when the URL's path names a source map, however it is percent-encoded (`.ma%70`). */
function namesSourceMap(url: string): boolean {
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  let decoded = pathname;
  if (pathname.includes("%"))
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed escape is tested as sent.
    }
  return SOURCE_MAP.test(decoded);
}

/**
 * Serves the built PWA from memory (client-files.ts): hashed assets cached for a year, the shell and worker always
 * revalidated. Textual files go out as the brotli or gzip copy the build wrote beside them, whichever the client
 * accepts, with `Vary: Accept-Encoding`; a client that accepts neither gets the plain file.
 */
export default fp<{
  clientDir: string | undefined;
  serveSourceMaps?: boolean;
  shellFacts?: ShellFacts;
  /** The first trailers `/vendors` will list (picture, trading line), from the in-memory catalogue. */
  firstTrailers?: () => readonly ShellTrailer[];
}>(
  async (
    app,
    { clientDir, serveSourceMaps = true, shellFacts = { testPayments: false }, firstTrailers },
  ) => {
    // Production publishes no source maps (the whole client's source): a request for one is simply not found.
    if (!serveSourceMaps) {
      // Every request passes here: a callback hook (no promise) that decodes only a path holding a percent sign.
      app.addHook("onRequest", (request, reply, done) => {
        if (namesSourceMap(request.url)) reply.status(404).send({ message: "Not found" });
        else done();
      });
    }

    const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
    const hasClient = indexFile !== undefined && fs.existsSync(indexFile);

    if (hasClient) {
      // One route per file of the build (no wildcard: nothing outside it can be named), each sent from memory.
      const fileOf = clientFileCache(clientDir!);
      for (const route of listClientFiles(clientDir!)) {
        const cacheControl = cacheControlOf(route.slice(1));
        app.get(route, async (request, reply) =>
          sendClientFile(request, reply, await fileOf(route), cacheControl),
        );
      }
    } else {
      app.log.warn(
        { clientDir },
        "no built client found: serving the API only (run `npm run build`)",
      );
    }

    // The pages' shells, read once and sent from memory with what the server knows written in (app-shell.ts).
    const appShell = hasClient ? shellPage(indexFile!, shellFacts) : undefined;
    const authShellFile = hasClient ? path.join(clientDir!, "shell-auth.html") : undefined;
    const authShell =
      authShellFile && fs.existsSync(authShellFile)
        ? shellPage(authShellFile, shellFacts)
        : appShell;
    // /vendors as the list opens (no filter in its address): the first trailers' pictures in the skeleton cards, and
    // the room of their trading lines. Rebuilt only when those change (a catalogue change, a trailer's state).
    const trailerListShells = new Map<string, SerialisedBody>();
    const trailerListShell = (): SerialisedBody => {
      const trailers = firstTrailers?.() ?? [];
      const key = trailers
        .map(({ picture, tradingLine }) => `${tradingLine}:${picture}`)
        .join("\n");
      let shell = trailerListShells.get(key);
      if (!shell) {
        if (trailerListShells.size >= 8) trailerListShells.clear();
        shell = shellPage(indexFile!, { ...shellFacts, firstTrailers: trailers });
        trailerListShells.set(key, shell);
      }
      return shell;
    };
    const shellFor = (request: FastifyRequest, pathname: string): SerialisedBody => {
      const query = Object.keys((request.query ?? {}) as Record<string, unknown>);
      const kind = shellKind(pathname, query);
      if (kind === "auth") return authShell!;
      if (kind === "trailer-list") return trailerListShell();
      return appShell!;
    };

    // Page addresses no route serves get the shell (the client routes them); the rest stay 404 `{ message }`.
    app.answerUnknownAddresses((request, reply) => {
      const url = request.url.split("?")[0] ?? "/";
      const isApi =
        API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === "/api" || url === "/auth";
      const wantsPage =
        (request.method === "GET" || request.method === "HEAD") && !isApi && !path.extname(url);
      if (!hasClient || !wantsPage) return false;
      sendSerialised(request, reply, shellFor(request, url), "no-cache");
      return true;
    });
  },
  { name: "static", dependencies: ["error-handler"] },
);
