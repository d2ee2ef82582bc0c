import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

const API_PREFIXES = ["/api/", "/auth/", "/socket.io/"];
const NEVER_CACHED = new Set(["index.html", "sw.js", "manifest.webmanifest", "registerSW.js"]);

/** Serves the built PWA: hashed assets cached for a year, the shell and worker always revalidated. */
export default fp<{ clientDir: string | undefined; serveSourceMaps?: boolean }>(async (app, { clientDir, serveSourceMaps = true }) => {
  // Production publishes no source maps (the whole client's source): a request for one is simply not found.
  if (!serveSourceMaps) {
    app.addHook("onRequest", async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "";
      let decoded = pathname;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {}
      if (/\.map\/?$/i.test(decoded)) return reply.status(404).send({ message: "Not found" });
    });
  }

  const indexFile = clientDir ? path.join(clientDir, "index.html") : undefined;
  const hasClient = indexFile !== undefined && fs.existsSync(indexFile);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(clientDir!, filePath).split(path.sep).join("/");
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
    app.log.warn({ clientDir }, "no built client found: serving the API only (run `npm run build`)");
  }

  const sendShell = (reply: FastifyReply) =>
    reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split("?")[0] ?? "/";
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === "/api" || url === "/auth";
    const wantsPage = (request.method === "GET" || request.method === "HEAD") && !isApi && !path.extname(url);
    if (hasClient && wantsPage) return sendShell(reply);
    return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
  });
}, { name: "static" });
