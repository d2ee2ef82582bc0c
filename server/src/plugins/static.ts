import fs from "node:fs";
import path from "node:path";
import { shellKind } from "@contract/shells";
import fastifyStatic from "@fastify/static";
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { SerialisedBody } from "../lib/serialised-body.js";
import { type ShellFacts, shellPage } from "./app-shell.js";
import { sendSerialised } from "./serialised-reply.js";

const API_PREFIXES = ["/api/", "/auth/", "/socket.io/"];
const NEVER_CACHED = new Set([
  "index.html",
  "shell-auth.html",
  "sw.js",
  "manifest.webmanifest",
  "registerSW.js",
]);
/** The build's precompressed siblings (`file.br`, `file.gz`) are cached as the file they encode. */
const ENCODED_SIBLING = /\.(?:br|gz)$/;
const SOURCE_MAP = /\.map\/?$/i;

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
 * Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated. Textual files go
 * out as the brotli or gzip copy the build wrote beside them (`preCompressed`), whichever the client accepts, with
 * `Vary: Accept-Encoding`; a client that accepts neither gets the plain file.
 */
export default fp<{
  clientDir: string | undefined;
  serveSourceMaps?: boolean;
  shellFacts?: ShellFacts;
  /** The pictures of the first trailers `/vendors` will list, from the in-memory catalogue. */
  trailerPictures?: () => readonly string[];
}>(
  async (
    app,
    { clientDir, serveSourceMaps = true, shellFacts = { testPayments: false }, trailerPictures },
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
      await app.register(fastifyStatic, {
        root: clientDir!,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The siblings are chosen by the server, never asked for by name.
        allowedPath: (pathname) => !ENCODED_SIBLING.test(pathname),
        setHeaders(res, filePath) {
          const relative = path
            .relative(clientDir!, filePath)
            .split(path.sep)
            .join("/")
            .replace(ENCODED_SIBLING, "");
          if (relative.startsWith("assets/")) {
            res.header("Cache-Control", "public, max-age=31536000, immutable");
          } else if (NEVER_CACHED.has(relative)) {
            res.header("Cache-Control", "no-cache");
          } else {
            res.header("Cache-Control", "public, max-age=86400");
          }
        },
      });
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
    // /vendors as the list opens (no filter in its address): the first trailers' pictures in the skeleton cards.
    // Rebuilt only when those pictures change (a catalogue change).
    const trailerListShells = new Map<string, SerialisedBody>();
    const trailerListShell = (): SerialisedBody => {
      const pictures = trailerPictures?.() ?? [];
      const key = pictures.join("\n");
      let shell = trailerListShells.get(key);
      if (!shell) {
        if (trailerListShells.size >= 8) trailerListShells.clear();
        shell = shellPage(indexFile!, { ...shellFacts, trailerPictures: pictures });
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
