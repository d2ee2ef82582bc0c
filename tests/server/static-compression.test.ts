/**
 * The built PWA on the wire: precompressed siblings chosen by Accept-Encoding, with today's caching rules, Range and
 * HEAD, against a small client folder shaped like the build's (the real build's siblings are checked in e2e).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import errorHandlerPlugin from "@server/plugins/error-handler.js";
import staticPlugin from "@server/plugins/static.js";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ASSET = "assets/index-AbC123.js";
const files: Record<string, string> = {
  "index.html": `<!doctype html><html><head><title>Food Park</title></head><body>${"<div>shell</div>".repeat(40)}</body></html>`,
  [ASSET]: `export const greeting = ${JSON.stringify("hello from the park ".repeat(200))};\n`,
  "assets/index-Def456.css": `body{margin:0}${".skeleton{background:#eee}".repeat(50)}`,
  "sw.js": `self.addEventListener("install", () => ${JSON.stringify("x".repeat(2000))});`,
  "manifest.webmanifest": JSON.stringify({
    name: "Food Park",
    short_name: "Food Park",
    icons: [],
    description: "d".repeat(800),
  }),
  "icons/icon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
};
const PNG = "icons/icon-192.png";

let clientDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-static-"));
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(clientDir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
  fs.writeFileSync(path.join(clientDir, PNG), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));
  app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(staticPlugin, { clientDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
  app.inject({ method, url, headers });

const CHROME = "gzip, deflate, br, zstd";

describe("precompressed files", () => {
  it("sends the brotli copy to a client that accepts brotli, labelled and varying on Accept-Encoding", async () => {
    const response = await get(`/${ASSET}`, { "accept-encoding": CHROME });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["content-type"]).toContain("javascript");
    expect(response.rawPayload.length).toBeLessThan(files[ASSET]!.length / 5);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files[ASSET]);
  });

  it("sends the gzip copy to a client that accepts only gzip, or refuses brotli", async () => {
    for (const accept of ["gzip", "gzip, deflate", "br;q=0, gzip", "br;q=0, *"]) {
      const response = await get(`/${ASSET}`, { "accept-encoding": accept });
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(zlib.gunzipSync(response.rawPayload).toString(), accept).toBe(files[ASSET]);
    }
  });

  it("reads `*` as every coding, as the API's answers do: the brotli copy", async () => {
    const response = await get(`/${ASSET}`, { "accept-encoding": "*" });

    expect(response.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files[ASSET]);
  });

  it("sends the plain file to a client that accepts no encoding", async () => {
    const choices: Record<string, string>[] = [
      {},
      { "accept-encoding": "identity" },
      { "accept-encoding": "br;q=0, gzip;q=0" },
    ];
    for (const headers of choices) {
      const response = await get(`/${ASSET}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.body).toBe(files[ASSET]);
    }
  });

  it("compresses every textual type: CSS, SVG, the worker and the manifest", async () => {
    const types: Record<string, string> = {
      "assets/index-Def456.css": "text/css",
      "icons/icon.svg": "image/svg+xml",
      "sw.js": "javascript",
      "manifest.webmanifest": "application/manifest+json",
    };
    for (const [name, type] of Object.entries(types)) {
      const response = await get(`/${name}`, { "accept-encoding": CHROME });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers["content-encoding"], name).toBe("br");
      expect(response.headers["content-type"], name).toContain(type);
      expect(zlib.brotliDecompressSync(response.rawPayload).toString(), name).toBe(files[name]);
    }
  });

  it("sends a file that has no compressed copy as it is", async () => {
    const response = await get(`/${PNG}`, { "accept-encoding": CHROME });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.rawPayload).toEqual(fs.readFileSync(path.join(clientDir, PNG)));
  });

  it("never serves a compressed copy by its own name", async () => {
    for (const url of [`/${ASSET}.br`, `/${ASSET}.gz`, "/index.html.br"]) {
      const response = await get(url, { "accept-encoding": CHROME });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("caching rules of the compressed copies", () => {
  it("keeps hashed assets immutable for a year, whichever copy is sent", async () => {
    for (const accept of [CHROME, "gzip", "identity"]) {
      const response = await get(`/${ASSET}`, { "accept-encoding": accept });
      expect(response.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
    }
  });

  it("revalidates the shell, the worker and the manifest", async () => {
    for (const url of ["/index.html", "/sw.js", "/manifest.webmanifest"]) {
      for (const accept of [CHROME, "identity"]) {
        const response = await get(url, { "accept-encoding": accept });
        expect(response.headers["cache-control"], `${url} ${accept}`).toBe("no-cache");
      }
    }
  });

  it("gives each copy its own validator, and answers 304 to a matching If-None-Match", async () => {
    const brotli = await get(`/${ASSET}`, { "accept-encoding": CHROME });
    const plain = await get(`/${ASSET}`, { "accept-encoding": "identity" });
    expect(brotli.headers.etag).toBeDefined();
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);

    const again = await get(`/${ASSET}`, {
      "accept-encoding": CHROME,
      "if-none-match": String(brotli.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });
});

describe("the single-page-app fallback", () => {
  it("answers a client route with the compressed shell, never cached", async () => {
    const response = await get("/vendors", { "accept-encoding": CHROME });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files["index.html"]);
  });

  it("answers a client route with the plain shell to a client that accepts no encoding", async () => {
    const response = await get("/vendor/3", { "accept-encoding": "identity" });

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(files["index.html"]);
  });
});

describe("HEAD and Range", () => {
  it("answers HEAD with the headers of the copy GET would send, and no body", async () => {
    const brotliSize = fs.statSync(path.join(clientDir, `${ASSET}.br`)).size;
    const head = await get(`/${ASSET}`, { "accept-encoding": CHROME }, "HEAD");

    expect(head.statusCode).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(Number(head.headers["content-length"])).toBe(brotliSize);
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(head.rawPayload.length).toBe(0);

    const shell = await get("/login", { "accept-encoding": CHROME }, "HEAD");
    expect(shell.statusCode).toBe(200);
    expect(shell.headers["content-encoding"]).toBe("br");
    expect(shell.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a byte range of the plain file", async () => {
    const response = await get(`/${ASSET}`, { "accept-encoding": "identity", range: "bytes=0-99" });

    expect(response.statusCode).toBe(206);
    expect(response.headers["content-range"]).toBe(`bytes 0-99/${files[ASSET]!.length}`);
    expect(response.body).toBe(files[ASSET]!.slice(0, 100));
  });

  it("answers a byte range of the compressed copy it selected", async () => {
    const brotli = fs.readFileSync(path.join(clientDir, `${ASSET}.br`));
    const response = await get(`/${ASSET}`, { "accept-encoding": CHROME, range: "bytes=10-" });

    expect(response.statusCode).toBe(206);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-range"]).toBe(
      `bytes 10-${brotli.length - 1}/${brotli.length}`,
    );
    expect(response.rawPayload).toEqual(brotli.subarray(10));
  });
});

describe("ranges past the end, and a range of an older copy", () => {
  it("answers 416 with the copy's size to a range past its end, and the last bytes to a suffix range", async () => {
    const size = files[ASSET]!.length;
    const past = await get(`/${ASSET}`, { "accept-encoding": "identity", range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${size}`);

    const last = await get(`/${ASSET}`, { "accept-encoding": "identity", range: "bytes=-10" });
    expect(last.statusCode).toBe(206);
    expect(last.body).toBe(files[ASSET]!.slice(-10));
  });

  it("sends the whole file when If-Range names another version", async () => {
    const response = await get(`/${ASSET}`, {
      "accept-encoding": "identity",
      range: "bytes=0-9",
      "if-range": '"an-older-build"',
    });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(files[ASSET]);
  });
});

describe("only the build's own files", () => {
  it("serves no dot-file and nothing outside the folder", async () => {
    fs.writeFileSync(path.join(clientDir, ".env"), "SECRET=1");
    // A path without an extension is a page address: it gets the app's shell, never the file.
    const dotFile = await get("/.env", { "accept-encoding": "identity" });
    expect(dotFile.body).not.toContain("SECRET");
    for (const url of ["/.env.br", "/assets/missing-123.js", "/assets/..%2F.env.js"]) {
      const response = await get(url, { "accept-encoding": CHROME });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("SECRET");
    }
    for (const url of ["/../.env", "/assets/../../etc/passwd"]) {
      const response = await get(url, { "accept-encoding": "identity" });
      expect(response.body, url).not.toMatch(/SECRET|root:/);
    }
  });

  it("reads a file once: later requests are answered from memory", async () => {
    const css = "assets/index-Def456.css";
    const first = await get(`/${css}`, { "accept-encoding": CHROME });
    fs.renameSync(path.join(clientDir, css), path.join(clientDir, `${css}.moved`));
    try {
      const again = await get(`/${css}`, { "accept-encoding": CHROME });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload).toEqual(first.rawPayload);
    } finally {
      fs.renameSync(path.join(clientDir, `${css}.moved`), path.join(clientDir, css));
    }
  });
});

describe("what the server knows, written into the shell before any script runs", () => {
  const SHELL =
    '<!doctype html><html lang="en-GB" data-shell="app"><head><title>Food Park</title></head><body>' +
    '<div class="fp-top"></div><!--test-payments-banner--><div class="fp-main">' +
    '<div class="fp-card"><i></i><div><b></b><b></b><b></b><b></b></div></div>'.repeat(3) +
    "</div></body></html>";
  let dir: string;
  let shellApp: FastifyInstance;
  let trailers = [
    { picture: "/images/vendors/a-hero.svg", tradingLine: false },
    { picture: '/images/vendors/"b"-hero.svg', tradingLine: true },
  ];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-shell-"));
    fs.writeFileSync(path.join(dir, "index.html"), SHELL);
    shellApp = Fastify({ logger: false });
    await shellApp.register(errorHandlerPlugin);
    await shellApp.register(staticPlugin, {
      clientDir: dir,
      shellFacts: { testPayments: true },
      firstTrailers: () => trailers,
    });
    await shellApp.ready();
  });

  afterAll(async () => {
    await shellApp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    shellApp.inject({ method: "GET", url, headers });

  it("paints the test-payments banner in the shell when card payments move no money", async () => {
    const html = (await page("/orders")).body;

    expect(html).toContain("<html data-test-payments ");
    expect(html).toContain("<strong>Test payments</strong> — card payments move no real money");
    expect(html).not.toContain("<!--test-payments-banner-->");
  });

  it("leaves the banner out where payments are real", async () => {
    const html = (await get("/orders")).body;

    expect(html).not.toContain("data-test-payments");
    expect(html).not.toContain("Test payments");
  });

  it("draws the first trailers' pictures in the trailer list's skeleton cards and preloads the first", async () => {
    const html = (await page("/vendors?token=abc")).body;

    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/vendors/a-hero.svg" fetchpriority="high">',
    );
    expect(html).toContain('<div class="fp-card"><img src="/images/vendors/a-hero.svg" alt=""');
    expect(html).toContain('<img src="/images/vendors/&#34;b&#34;-hero.svg" alt=""');
    expect(html.match(/<div class="fp-card"><i><\/i>/g)).toHaveLength(1);
  });

  it("keeps plain skeletons where the list opens filtered, and on other pages", async () => {
    for (const url of ["/vendors?search=pizza", "/orders", "/"]) {
      expect((await page(url)).body, url).not.toContain("<img");
    }
  });

  it("follows a catalogue change, and answers 304 to a shell the browser already holds", async () => {
    const first = await page("/vendors", { "accept-encoding": CHROME });
    const again = await page("/vendors", {
      "accept-encoding": CHROME,
      "if-none-match": String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);

    trailers = [{ picture: "/images/vendors/c-hero.svg", tradingLine: false }];
    const changed = await page("/vendors", { "if-none-match": String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<img src="/images/vendors/c-hero.svg"');
  });

  it("keeps the room of a trading line in the card of a trailer that has one, and follows it coming and going", async () => {
    const picture = "/images/vendors/a-hero.svg";
    trailers = [
      { picture, tradingLine: false },
      { picture, tradingLine: true },
    ];
    const first = await page("/vendors");
    const cards = first.body.match(/<div class="fp-card">.*?<\/div><\/div>/g) ?? [];
    expect(cards.map((card) => card.includes('<b class="fp-tl"></b>'))).toEqual([
      false,
      true,
      false,
    ]);
    // The line's bar comes after the name's, as the app draws it.
    expect(cards[1]).toContain('<div><b></b><b class="fp-tl"></b><b></b>');

    trailers = [
      { picture, tradingLine: false },
      { picture, tradingLine: false },
    ];
    const after = await page("/vendors", { "if-none-match": String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain("fp-tl");
  });
});
