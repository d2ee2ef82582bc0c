/// <reference types="vitest/config" />
import fs from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

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
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: fs.readFileSync(source) });
    },
    configureServer(server) {
      server.middlewares.use("/manifest.webmanifest", (_req, res) => {
        res.setHeader("Content-Type", "application/manifest+json");
        res.end(fs.readFileSync(source));
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    webManifest(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,webp,png,woff2}"],
        maximumFileSizeToCacheInBytes: 512 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: "es2022",
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"] },
            // The order screens and the live feed as one chunk, not a dozen tiny ones (each also costs the
            // entry chunk a line in its preload map).
            {
              name: "orders",
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/](orders|live[\\/]lib)[\\/]|contract[\\/](orders|order-status|realtime)\.ts|src[\\/](lib[\\/]order-display|components[\\/]StatusPill)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8080",
      "/auth": "http://127.0.0.1:8080",
      "/healthz": "http://127.0.0.1:8080",
      "/socket.io": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
