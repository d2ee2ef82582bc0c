import { defineConfig } from "vite";

/** Bundles the server (not its dependencies) into dist/server/main.js for `npm start`. */
export default defineConfig({
  build: {
    ssr: "server/src/main.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: "main.js" } },
  },
  ssr: { target: "node" },
});
