import http from "node:http";
import zlib from "node:zlib";
import type { MenuResponse } from "@contract/vendors";
import compressPlugin from "@server/plugins/compress";
import { COMPRESS_MIN_BYTES } from "@server/services/catalogue/catalogue";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addToCart } from "./helpers/checkout-fixtures";
import { catalogueChanged, menuItemIdOf, vendorIdOf } from "./helpers/demo-park";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire, not decoded. */
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would decode it). */
function rawGet(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const decode = (response: RawResponse): unknown => {
  const encoding = response.headers["content-encoding"];
  const bytes =
    encoding === "br"
      ? zlib.brotliDecompressSync(response.body)
      : encoding === "gzip"
        ? zlib.gunzipSync(response.body)
        : response.body;
  return JSON.parse(bytes.toString("utf8"));
};

describe.each(databaseKinds)("compression, the in-memory catalogue and health on %s", (kind) => {
  let server: TestServer;
  let forno: number;

  beforeAll(async () => {
    server = await startTestServer({ kind });
    forno = await vendorIdOf(server.db, "forno-fuoco");
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("API JSON above 1 KB is compressed on the fly", () => {
    let token: string;

    beforeAll(async () => {
      token = (await server.registerCustomer()).token;
      for (const name of [
        "Sparkling Water",
        "San Pellegrino Limonata",
        "Pesto Genovese",
        "Tiramisu",
      ]) {
        const id = await menuItemIdOf(server.db, "forno-fuoco", name).catch(() => undefined);
        if (id) await addToCart(server, token, forno, id);
      }
    });

    const cart = (acceptEncoding?: string) =>
      rawGet(server.baseUrl, `/api/cart?vendorId=${forno}`, {
        authorization: `Bearer ${token}`,
        ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }),
      });

    it("sends the plain JSON to a client that accepts no encoding", async () => {
      const plain = await cart();
      expect(plain.status).toBe(200);
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(plain.body.toString("utf8"))).toMatchObject({ vendorId: forno });
    });

    it.each([
      ["br", "gzip, deflate, br"],
      ["gzip", "gzip, deflate"],
      ["gzip", "br;q=0, gzip"],
    ])(
      "sends %s for Accept-Encoding '%s', smaller and decoding to the same JSON",
      async (encoding, header) => {
        const plain = await cart("identity");
        const encoded = await cart(header);
        expect(encoded.status).toBe(200);
        expect(encoded.headers["content-encoding"]).toBe(encoding);
        expect(encoded.headers.vary).toMatch(/accept-encoding/i);
        expect(encoded.body.length).toBeLessThan(plain.body.length / 2);
        expect(decode(encoded)).toEqual(JSON.parse(plain.body.toString("utf8")));
      },
    );

    it("leaves responses under 1 KB as they are", async () => {
      const me = await rawGet(server.baseUrl, "/auth/me", {
        authorization: `Bearer ${token}`,
        "accept-encoding": "br, gzip",
      });
      expect(me.status).toBe(200);
      expect(me.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(me.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(me.body.toString("utf8"))).toHaveProperty("email");
    });
  });

  describe("catalogue responses: precompressed, strong ETag, 304", () => {
    const menuPath = () => `/api/vendors/${forno}/items`;

    it("serves the menu precompressed in the encoding the client prefers, with one ETag per encoding", async () => {
      const plain = await rawGet(server.baseUrl, menuPath());
      const br = await rawGet(server.baseUrl, menuPath(), {
        "accept-encoding": "gzip, deflate, br",
      });
      const gzip = await rawGet(server.baseUrl, menuPath(), { "accept-encoding": "gzip" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      for (const response of [plain, br, gzip]) {
        expect(response.status).toBe(200);
        expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
        expect(response.headers["cache-control"]).toBe(
          "public, max-age=30, stale-while-revalidate=300",
        );
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(response.headers["content-length"])).toBe(response.body.length);
        expect(decode(response)).toEqual(decode(plain));
      }
      expect(plain.headers.etag).toMatch(/^"[\w-]{20,}"$/);
      expect(br.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-br"`);
      expect(gzip.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-gzip"`);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
    });

    it("answers 304 without a body to If-None-Match with the current ETag, in any encoding", async () => {
      const first = await rawGet(server.baseUrl, menuPath(), { "accept-encoding": "br" });
      const again = await rawGet(server.baseUrl, menuPath(), {
        "accept-encoding": "br",
        "if-none-match": first.headers.etag!,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers["cache-control"]).toBe("public, max-age=30, stale-while-revalidate=300");

      const otherEncoding = await rawGet(server.baseUrl, menuPath(), {
        "if-none-match": `"nope", ${first.headers.etag}`,
      });
      expect(otherEncoding.status).toBe(304);
      const stale = await rawGet(server.baseUrl, menuPath(), {
        "if-none-match": '"something-else"',
      });
      expect(stale.status).toBe(200);
    });

    it.each([
      "/api/vendors/list",
      "/api/vendors/list?page=2&limit=3",
      "/api/vendors/list?status=active",
    ])("gives %s an ETag and 304 as well", async (urlPath) => {
      const first = await rawGet(server.baseUrl, urlPath);
      expect(first.status).toBe(200);
      expect(first.headers.etag).toMatch(/^"[\w-]{20,}"$/);
      const again = await rawGet(server.baseUrl, urlPath, { "if-none-match": first.headers.etag! });
      expect(again.status).toBe(304);
    });

    it("keeps serving its snapshot until catalogueChanged, then a new ETag and the new data", async () => {
      const margherita = await menuItemIdOf(server.db, "forno-fuoco", "Margherita");
      const before = await rawGet(server.baseUrl, menuPath());
      const priceOf = (response: RawResponse) =>
        (decode(response) as MenuResponse).items
          .flatMap((group) => group.items)
          .find((item) => item.name === "Margherita")?.pricePence;
      expect(priceOf(before)).toBe(950);

      await server.db.query("update menu_items set price_pence = 990 where id = $1", [margherita]);
      try {
        // Not announced yet: the routes read the snapshot, never the database.
        const unannounced = await rawGet(server.baseUrl, menuPath(), {
          "if-none-match": before.headers.etag!,
        });
        expect(unannounced.status).toBe(304);

        await catalogueChanged(server);
        const after = await rawGet(server.baseUrl, menuPath(), {
          "if-none-match": before.headers.etag!,
        });
        expect(after.status).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect(priceOf(after)).toBe(990);
        const item = await rawGet(server.baseUrl, `/api/menu-items/item_${margherita}`);
        expect((decode(item) as { item: { pricePence: number } }).item.pricePence).toBe(990);
      } finally {
        await server.db.query("update menu_items set price_pence = 950 where id = $1", [
          margherita,
        ]);
        await catalogueChanged(server);
      }
      const restored = await rawGet(server.baseUrl, menuPath());
      expect(restored.headers.etag).toBe(before.headers.etag);
    });

    it("sends the API's security headers on a served body, a 304 and an error alike", async () => {
      const served = await rawGet(server.baseUrl, menuPath());
      const notModified = await rawGet(server.baseUrl, menuPath(), {
        "if-none-match": served.headers.etag!,
      });
      const missing = await rawGet(server.baseUrl, "/api/vendors/9999");
      for (const response of [served, notModified, missing]) {
        // OWASP's REST Security Cheat Sheet: nothing of the response may be framed, sniffed or run.
        expect(response.headers["content-security-policy"]).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
        expect(response.headers["x-frame-options"]).toBe("DENY");
        expect(response.headers["strict-transport-security"]).toContain("max-age=");
        expect(response.headers["x-powered-by"]).toBeUndefined();
      }
    });

    it("keeps the errors uncached: 404 and 400 carry no ETag", async () => {
      const unknown = await rawGet(server.baseUrl, "/api/vendors/9999/items");
      expect(unknown.status).toBe(404);
      expect(unknown.headers.etag).toBeUndefined();
      expect(unknown.headers["cache-control"]).toBeUndefined();
      const malformed = await rawGet(server.baseUrl, "/api/menu-items/pizza/addon-groups");
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body.toString("utf8")).message).toContain("Invalid item");
    });
  });

  describe("liveness and readiness", () => {
    it("answers /healthz and /readyz while the database is up", async () => {
      const health = await server.request("/healthz");
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: "ok" });
      const ready = await server.request("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: "ok" });
    });

    it("keeps /healthz at 200 once the database is gone, while /readyz answers 503 with a message", async () => {
      const other = await startTestServer({ kind });
      try {
        await other.db.close();
        const health = await other.request("/healthz");
        expect(health.status).toBe(200);
        expect(health.body).toEqual({ status: "ok" });
        const ready = await other.request("/readyz");
        expect(ready.status).toBe(503);
        expect(ready.body).toEqual({ message: "The database is not available" });
        // The catalogue still answers from memory.
        expect((await other.request(`/api/vendors/${forno}/items`)).status).toBe(200);
      } finally {
        // The database is already closed: closing it again may throw; the PostgreSQL one is still dropped.
        await other.close().catch(() => undefined);
      }
    });
  });
});

describe("the compress plugin", () => {
  it("passes through a reply that already carries Content-Encoding, without encoding it twice", async () => {
    const app = Fastify();
    await app.register(compressPlugin);
    const text = JSON.stringify({ filler: "x".repeat(4096) });
    const brotli = zlib.brotliCompressSync(text);
    app.get("/already", (_request, reply) =>
      reply.header("content-encoding", "br").type("application/json").send(brotli),
    );
    app.get("/plain", () => JSON.parse(text));
    const already = await app.inject({
      url: "/already",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(already.headers["content-encoding"]).toBe("br");
    expect(already.rawPayload.equals(brotli)).toBe(true);
    const plain = await app.inject({ url: "/plain", headers: { "accept-encoding": "gzip, br" } });
    expect(plain.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(plain.rawPayload).toString()).toBe(text);
    await app.close();
  });
});
