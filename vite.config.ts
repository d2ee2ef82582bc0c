/// <reference types="vitest/config" />
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { SHELL_GUARD_SCRIPT } from "./contract/shell-guard.mjs";

/** The web app manifest lives at the top level (design card); emit it into the build as is. */
function webManifest(): Plugin {
  const source = new URL("./manifest.webmanifest", import.meta.url);
  return {
    name: "food-park:web-manifest",
    // Linked here rather than in index.html so Vite doesn't hash it: installed apps keep a stable manifest URL.
    transformIndexHtml: () => [
      { tag: "link", attrs: { rel: "manifest", href: "/manifest.webmanifest" }, injectTo: "head" },
    ],
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "manifest.webmanifest",
        source: fs.readFileSync(source),
      });
    },
    configureServer(server) {
      server.middlewares.use("/manifest.webmanifest", (_req, res) => {
        res.setHeader("Content-Type", "application/manifest+json");
        res.end(fs.readFileSync(source));
      });
    },
  };
}

/** The signed-out guard (contract/shell-guard.mjs) at the end of <head>: it runs before the body's skeleton paints. */
function shellGuard(): Plugin {
  return {
    name: "food-park:shell-guard",
    transformIndexHtml: () => [{ tag: "script", children: SHELL_GUARD_SCRIPT, injectTo: "head" }],
  };
}

/**
 * The app starts a frame after the shell has painted. With the service worker in control every script is there at
 * once, and the browser ran the entry (React, the router, the first screen: one long task on a slow phone) before
 * its first paint, which held the shell's paint, a returning customer's largest, behind it. The entry's module
 * script becomes a `modulepreload` (fetched and compiled with the page, as before: a first visit waits for no extra
 * round trip) and a tiny module that imports it in the frame after the first paint; a page loading out of sight gets
 * no frames and imports it at once. The tiny module first imports the libraries' chunks (START_STAGES), each in a
 * task of its own, so the entry's evaluation is split into tasks a phone can answer a tap between.
 */
function startAfterFirstPaint(
  context: {
    emitFile(file: { type: "asset"; name: string; source: string }): string;
    getFileName(reference: string): string;
  },
  html: string,
  stageFiles: string[],
): string {
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(
    html,
  );
  if (!script) throw new Error("index.html has no entry script to start after the first paint");
  const entry = script[1]!;
  const stages = JSON.stringify([...stageFiles.map((file) => `/${file}`), entry]);
  // Each stage's module evaluation in a task of its own (a page out of sight does not wait for timers).
  const start = `const next=()=>document.visibilityState==="hidden"||new Promise(r=>setTimeout(r,0));const start=async()=>{const files=${stages};for(const file of files.slice(0,-1)){await import(file);await next()}return import(files.at(-1))};document.visibilityState==="hidden"?start():requestAnimationFrame(()=>setTimeout(start,0));\n`;
  const boot = context.getFileName(
    context.emitFile({ type: "asset", name: "start.js", source: start }),
  );
  return html.replace(
    script[0],
    `<link rel="modulepreload" crossorigin href="${entry}">\n    <script type="module" crossorigin src="/${boot}"></script>`,
  );
}

/**
 * The chunks (codeSplitting groups below) that start-up evaluates before the entry, in this order, one task each:
 * evaluated together with the entry they were one task of several hundred milliseconds on a slow phone.
 */
const START_STAGES = ["react", "libs"];

/**
 * The app shell of index.html, in two copies: `index.html` (the signed-in layout's skeleton) and `shell-auth.html`
 * (the sign-in card's), which the server sends for /login and /signup. The app's stylesheet moves to the end of the
 * body, so the shell paints from its inline critical CSS without waiting for it; the auth copy also preloads the
 * sign-in page's chunk, which the entry would otherwise discover only once it runs.
 */
function appShells(): Plugin {
  return {
    name: "food-park:app-shells",
    apply: "build",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const stylesheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        for (const link of stylesheets) html = html.replace(link, "");
        return html.replace(
          "</body>",
          `${stylesheets.map((link) => `  ${link.trim()}\n`).join("")}  </body>`,
        );
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const stageFiles = START_STAGES.map((name) => {
        const stage = Object.values(bundle).find(
          (chunk) => chunk.type === "chunk" && chunk.name === name,
        );
        if (!stage) throw new Error(`no "${name}" chunk to evaluate before the entry`);
        return stage.fileName;
      });
      index.source = startAfterFirstPaint(this, String(index.source), stageFiles);
      const login = Object.values(bundle).find(
        (chunk) =>
          chunk.type === "chunk" &&
          chunk.facadeModuleId?.endsWith("/auth/components/LoginPage.tsx"),
      );
      const entry = Object.values(bundle).find((chunk) => chunk.type === "chunk" && chunk.isEntry);
      const onEntryPath = new Set(
        entry?.type === "chunk" ? [entry.fileName, ...entry.imports] : [],
      );
      const preloads =
        login?.type === "chunk"
          ? [login.fileName, ...login.imports].filter((file) => !onEntryPath.has(file))
          : [];
      const html = String(index.source)
        .replace('data-shell="app"', 'data-shell="auth"')
        .replace(
          "</head>",
          `${preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">\n    `).join("")}</head>`,
        );
      this.emitFile({ type: "asset", fileName: "shell-auth.html", source: html });
    },
  };
}

/**
 * The chunks start-up runs (the entry, everything it imports, and zod, which builds the contract's schemas as the
 * first screen loads) begin with V8's explicit compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136 and later):
 * their functions are compiled on the thread that streams the script in, instead of lazily on the main thread the
 * first time each runs, which made React DOM's body and the first schemas long tasks on a slow phone. Other
 * browsers read a comment. Added last (after Vite's own rewrites of the entry), so the comment is the file's first
 * line; the source maps move down a line with it.
 */
function compileHints(): Plugin {
  const HINT = "//# allFunctionsCalledOnLoad\n";
  return {
    name: "food-park:compile-hints",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const hinted = new Set<string>();
        const visit = (fileName: string) => {
          if (hinted.has(fileName)) return;
          hinted.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
        };
        const isZod = (chunk: (typeof chunks)[number]) =>
          chunk.moduleIds.some((id) => /node_modules[\\/]zod[\\/]/.test(id));
        for (const chunk of chunks) if (chunk.isEntry || isZod(chunk)) visit(chunk.fileName);
        for (const fileName of hinted) {
          const chunk = byFile.get(fileName);
          if (!chunk || chunk.code.startsWith(HINT)) continue;
          chunk.code = HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
  };
}

/** Files worth compressing: everything textual a browser fetches. Source maps are left alone (debugging only). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `file.br` (brotli, highest quality) and `file.gz` (gzip -9) beside every textual file of the build, for the
 * server to send as they are (server/src/plugins/client-files.ts). Runs after everything else has been
 * written, the service worker included. A sibling that would not be smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = "";
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith(".")) return []; // .vite/manifest.json is the build's, never served
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? walk(full) : COMPRESSIBLE.test(entry.name) ? [full] : [];
    });
  return {
    name: "food-park:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        await Promise.all(
          walk(outDir).map(async (file) => {
            const source = fs.readFileSync(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
            if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * react-query and the query-cache persisters depend on different patch versions of @tanstack/query-core, so npm
 * installs several copies. All of them resolve to react-query's own copy: one query-core in the bundle, and the
 * persisters hydrate the very QueryClient class the app uses. (Aligning the persister versions in package.json
 * would make this a no-op.)
 */
const reactQueryRequire = createRequire(
  createRequire(import.meta.url).resolve("@tanstack/react-query/package.json"),
);
const queryCoreEntry = path.join(
  path.dirname(reactQueryRequire.resolve("@tanstack/query-core/package.json")),
  "build/modern/index.js",
);

/**
 * socket.io-client's own one-file ESM build. The package's modular build uses a namespace import internally, which
 * makes the bundler split its helpers into one more chunk on every route's cold path; the prebuilt file needs none.
 */
const socketIoBundle = path.join(
  path.dirname(createRequire(import.meta.url).resolve("socket.io-client/package.json")),
  "dist/socket.io.esm.min.js",
);

/** react-router's package exports only point at its development build (warnings, checks); ship its production build. */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

const apiPort = process.env.API_PORT || "8080";

/**
 * The lazy chunks nobody waits for: they start after the first screen (registering the service worker, the live feed
 * and its socket client, push) or when an update waits (its banner). Vite's preload helper adds a
 * `<link rel=modulepreload>` for every dependency of a lazy chunk as it loads it, and each insertion cost the page's
 * main thread 0.3–1.8 ms, in the tasks after the first paint. These chunks load their own imports when they run, a
 * round trip later. Pages, parts of a page (the header's basket link too: its badge is on every page),
 * the first screen's data and the saved-cache restore (a returning start waits for it: persisted-queries.tsx) keep
 * their preloads. Named as the build names a chunk: its module's file name.
 */
const BACKGROUND_CHUNKS = new Set([
  "register-sw",
  "push-sync",
  "push-subscription",
  "worker-bridge",
  "LiveUpdates",
  "UpdateBanner",
  "socket-client",
]);

const chunkName = (file: string): string => path.basename(file).replace(/-[\w-]{8}\.js$/, "");

function preloadedDependencies(file: string, dependencies: string[]): string[] {
  return BACKGROUND_CHUNKS.has(chunkName(file)) ? [] : dependencies;
}

/** A background chunk renamed or merged away would quietly get its preloads back: the build names the missing one. */
function backgroundChunksExist(): Plugin {
  return {
    name: "food-park:background-chunks",
    apply: "build",
    generateBundle(_options, bundle) {
      const built = new Set(
        Object.values(bundle)
          .filter((file) => file.type === "chunk")
          .map((chunk) => chunkName(chunk.fileName)),
      );
      const missing = [...BACKGROUND_CHUNKS].filter((name) => !built.has(name));
      if (missing.length > 0)
        this.error(
          `BACKGROUND_CHUNKS names chunks the build no longer makes: ${missing.join(", ")}`,
        );
    },
  };
}

/**
 * React DOM makes five Error objects while its module is evaluated: sentinels it throws and compares by identity
 * (`SuspenseException` and the like), never shown. With an inspector attached (Lighthouse, DevTools, Playwright), V8
 * records a detailed stack trace for every Error made, and re-parses each function on the stack for its source
 * positions: React DOM's whole module function and its chunk's top level, 10-15 ms of the start's longest task on a
 * desktop CPU. A phone without an inspector does not pay it. Made as objects of Error's prototype without a stack,
 * they cost nothing either way, so the audits time what a phone does. The build fails if React's file changes shape.
 */
const REACT_DOM_SENTINELS = [
  "HydrationMismatchException",
  "SuspenseException",
  "SuspenseyCommitException",
  "SuspenseActionException",
  "SelectiveHydrationException",
];
const SENTINEL_ASSIGNMENT = new RegExp(`\\b(${REACT_DOM_SENTINELS.join("|")}) = Error\\(`, "g");
const SENTINEL_ERROR = `function sentinelError(message) {
  return Object.create(Error.prototype, { message: { value: message, writable: true, configurable: true } });
}`;

function reactDomSentinels(): Plugin {
  return {
    name: "food-park:react-dom-sentinels",
    apply: "build",
    transform(code, id) {
      if (!id.endsWith("/react-dom/cjs/react-dom-client.production.js")) return null;
      const found = code.match(SENTINEL_ASSIGNMENT)?.length ?? 0;
      if (found !== REACT_DOM_SENTINELS.length)
        this.error(
          `react-dom-client.production.js: expected ${REACT_DOM_SENTINELS.length} sentinel errors, found ${found}`,
        );
      // Appended (a function declaration is hoisted): no line moves, so the source map stays as it was (`map: null`).
      return {
        code: `${code.replace(SENTINEL_ASSIGNMENT, "$1 = sentinelError(")}\n${SENTINEL_ERROR}`,
        map: null,
      };
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    // The layer aliases (@/, @contract/, @server/, @sw/, @tests/) are declared once, in tsconfig.json.
    tsconfigPaths: true,
    alias: [
      ...(command === "build"
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
      { find: /^@tanstack\/query-core$/, replacement: queryCoreEntry },
      { find: /^socket\.io-client-bundle$/, replacement: socketIoBundle },
    ],
  },
  plugins: [
    react(),
    webManifest(),
    shellGuard(),
    appShells(),
    compileHints(),
    backgroundChunksExist(),
    reactDomSentinels(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,webp,png,woff2}"],
        // Menu pictures are cached as they are seen (cache-first, capped), not all downloaded at install; the install
        // sheet's screenshots are only for the browser's install prompt.
        globIgnores: ["images/items/**", "images/vendors/**", "screenshots/**"],
        maximumFileSizeToCacheInBytes: 512 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    modulePreload: { resolveDependencies: preloadedDependencies },
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Start-up's libraries in chunks of their own, evaluated one task each before the app's chunk (see
            // startAfterFirstPaint): React with React DOM's client (react-dom-client.ts runs its module body), then
            // the router and TanStack Query.
            {
              name: "react",
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]app[\\/]react-dom-client\.ts/,
            },
            {
              name: "libs",
              priority: 1,
              test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            { name: "app", tags: ["$initial"] },
            // Two chunks instead of a dozen tiny shared ones (each also costs the entry chunk a line in its preload
            // map): the live feed (loaded on every signed-in page, so kept small) and the order screens. Neither takes
            // contract/orders.ts (checkout needs it without them) nor socket-client.ts (socket.io-client stays a
            // load-on-demand chunk).
            {
              name: "live",
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/](live[\\/]lib[\\/](?!socket-client)|orders[\\/]api[\\/])|contract[\\/](order-status|realtime)\.ts/,
            },
            {
              name: "orders",
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/]orders[\\/](components|hooks|lib)[\\/]|src[\\/](lib[\\/]order-display|components[\\/]StatusPill)/,
            },
          ],
        },
      },
    },
  },
  // `npm run dev` (scripts/dev.mjs): the API server runs on API_PORT (8080) behind Vite's dev server.
  server: {
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/auth": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
      "/socket.io": { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
}));
