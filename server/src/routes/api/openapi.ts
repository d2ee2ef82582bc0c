import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { NotFound } from "@server/domain-errors.js";
import { buildOpenApiDocument } from "@server/openapi/document.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { declareRoute, errorAnswer } from "../route-contract.js";

const EXPLORER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

/** The explorer's files, served from the installed swagger-ui-dist package (no CDN). */
const EXPLORER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};

// Our CSP allows no inline script: the page starts Swagger UI from a file of its own.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: "StandaloneLayout",
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Food Park API explorer</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document composed from the routes' declared contracts. In development also GET /api/docs,
 * an interactive explorer (Swagger UI) that calls this server.
 */
export default async function openApiRoutes(app: FastifyInstance) {
  // The interactive explorer in development only.
  const explorer = !app.config.production;
  // Built at the first request, not at start: most nodes are never asked for it.
  let document: string | undefined;
  declareRoute(
    app,
    "GET",
    "/openapi.json",
    {
      operationId: "openApiDocument",
      summary: "This document",
      tag: "Park",
      access: "public",
      responses: {
        200: { description: "OpenAPI 3.1", schema: z.record(z.string(), z.unknown()) },
      },
    },
    async (_request, reply) => {
      // Every route is registered by the time a request arrives.
      document ??= JSON.stringify(buildOpenApiDocument(app.declaredRoutes));
      reply.header("Cache-Control", "public, max-age=60").type("application/json; charset=utf-8");
      return document;
    },
  );
  if (!explorer) return;

  const require = createRequire(import.meta.url);
  const distDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  const explorerPage = { tag: "Park", access: "public" } as const;
  declareRoute(
    app,
    "GET",
    "/docs",
    {
      ...explorerPage,
      operationId: "apiExplorer",
      summary: "Interactive explorer (development only)",
      responses: { 200: { description: "Swagger UI", contentType: "text/html" } },
    },
    async (_request, reply) =>
      reply
        .header("Cache-Control", "no-store")
        // /api answers carry `default-src 'none'` (JSON only); this one page runs Swagger UI's own files.
        .header("Content-Security-Policy", EXPLORER_CSP)
        .type("text/html; charset=utf-8")
        .send(PAGE),
  );
  declareRoute(
    app,
    "GET",
    "/docs/:file",
    {
      ...explorerPage,
      operationId: "apiExplorerAsset",
      summary: "The explorer's scripts and styles (development only)",
      params: z.object({ file: z.string() }),
      responses: {
        200: { description: "A Swagger UI file", contentType: "application/octet-stream" },
        404: errorAnswer("No such file"),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      reply.header("Cache-Control", "no-store");
      if (file === "init.js") return reply.type("text/javascript; charset=utf-8").send(INIT_SCRIPT);
      const type = Object.hasOwn(EXPLORER_FILES, file) ? EXPLORER_FILES[file] : undefined;
      if (!type) throw new NotFound("No such explorer file");
      return reply.type(type).send(await fs.readFile(path.join(distDir, file)));
    },
  );
}
