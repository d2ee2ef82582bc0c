import { validate } from "@readme/openapi-parser";
import { buildOpenApiDocument, openApiPath } from "@server/openapi/document";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server";

/** The routes the document must cover: the JSON API and accounts (HEAD and OPTIONS come with GET). */
const isApiRoute = (route: { method: string; url: string }) =>
  /^\/(api|auth)(\/|$)/.test(route.url) && route.method !== "HEAD" && route.method !== "OPTIONS";

describe("OpenAPI document", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { paymentsTestMode: true } });
  });
  afterAll(() => server?.close());

  it("documents every /api and /auth route the server registers, and nothing it does not have", async () => {
    const document = buildOpenApiDocument(server.app.declaredRoutes);
    const routes = server.app.routeList.filter(isApiRoute);
    expect(routes.length).toBeGreaterThan(35);
    const undocumented = routes
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented, "routes without a documented operation").toEqual([]);

    const registered = new Set(
      server.app.routeList.map((route) => `${route.method} ${openApiPath(route.url)}`),
    );
    const stale = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((operation) => !registered.has(operation)),
    );
    expect(stale, "documented operations the server does not have").toEqual([]);
  });

  it("every operation lists its auth, a success answer with a schema, and `{ message }` errors", () => {
    const document = buildOpenApiDocument(
      server.app.declaredRoutes.filter((route) => !route.url.startsWith("/api/docs")),
    );
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const label = `${method.toUpperCase()} ${path}`;
        expect(Array.isArray(operation.security), label).toBe(true);
        const responses = operation.responses as Record<
          string,
          { content: Record<string, { schema?: unknown }> }
        >;
        const success = Object.keys(responses).filter((status) => status.startsWith("2"));
        expect(success.length, label).toBeGreaterThan(0);
        for (const status of success)
          expect(responses[status]!.content["application/json"]?.schema, label).toBeDefined();
        expect(responses["400"], label).toBeDefined();
        if ((operation.security as unknown[]).length === 1)
          expect(responses["401"], `${label} needs a token: 401 documented`).toBeDefined();
      }
    }
    // The spec allows both methods for the cart update: both are documented, as one call.
    expect(document.paths["/api/cart/update"]?.put?.operationId).toBe("updateCartLine");
    expect(String(document.paths["/api/cart/update"]?.post?.description)).toContain(
      "updateCartLine",
    );
    expect(document.paths["/api/staff/orders/{orderId}"]?.patch?.["x-role"]).toBe("staff");
    expect(document.paths["/api/vendors/list"]?.get?.security).toEqual([]);
  });

  it("validates with @readme/openapi-parser: 0 errors", async () => {
    const document = buildOpenApiDocument(server.app.declaredRoutes);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result, null, 1).slice(0, 3000)).toBe(true);
    expect("errors" in result ? result.errors : []).toEqual([]);
  });

  it("is served at /api/openapi.json, with the explorer at /api/docs in development", async () => {
    const served = await server.request<{ openapi: string; paths: Record<string, unknown> }>(
      "/api/openapi.json",
    );
    expect(served.status).toBe(200);
    expect(served.body).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(server.app.declaredRoutes))),
    );
    expect(served.body.openapi).toBe("3.1.0");

    const page = await server.request("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    // Its own scripts may run (the JSON API's `default-src 'none'` would block them), nothing from elsewhere.
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self';");
    for (const src of page.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)) {
      const asset = await server.request(src[1]!);
      expect(asset.status, src[1]).toBe(200);
      expect(asset.text.length, src[1]).toBeGreaterThan(10);
    }
    const init = await server.request("/api/docs/init.js");
    expect(init.text).toContain("/api/openapi.json");
    expect((await server.request("/api/docs/package.json")).status).toBe(404);
  });

  it("serves no explorer in production", { timeout: 240_000 }, async () => {
    const production = await startTestServer({
      config: {
        production: true,
        publicUrl: "https://park.example",
        pushAllowPrivateEndpoints: false,
      },
    });
    try {
      expect((await production.request("/api/docs", { checkContract: false })).status).toBe(404);
      const served = await production.request<{ paths: Record<string, unknown> }>(
        "/api/openapi.json",
      );
      expect(served.status).toBe(200);
      expect(served.body.paths["/api/docs"]).toBeUndefined();
    } finally {
      await production.close();
    }
  });
});
