import { defineConfig } from "vite";

/** Bundles the server (not its dependencies) into dist/server/main.js for `npm start`, and the staff:add and park:import commands. */
export default defineConfig({
  // The layer aliases (@server/, @contract/) are declared once, in tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    rollupOptions: {
      input: {
        main: "server/src/main.ts",
        "staff-add": "server/src/cli/staff-add.ts",
        "park-import": "server/src/cli/park-import.ts",
      },
      output: { entryFileNames: "[name].js" },
    },
  },
  ssr: { target: "node" },
});
