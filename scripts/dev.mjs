// `npm run dev`: the client on Vite's dev server (hot module replacement) and the API server rebuilt and
// restarted whenever server/ or contract/ change. One command, one Ctrl-C.
//
//   http://127.0.0.1:5173  the PWA (Vite; proxies /api, /auth, /healthz and /socket.io to the API, see vite.config.ts)
//   http://127.0.0.1:8080  the API server (dist/server/main.js, embedded PostgreSQL in .data/ with the demo park)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBundle = path.join(root, "dist/server/main.js");
const viteBin = path.join(root, "node_modules/vite/bin/vite.js");
const children = [];

function run(name, args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? code}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// 1. The server bundle, rebuilt on every change of server/src or contract/.
fs.rmSync(serverBundle, { force: true });
run("server build", [
  viteBin,
  "build",
  "--watch",
  "--config",
  "vite.server.config.ts",
  "--logLevel",
  "warn",
]);

// 2. The API server, restarted by Node whenever the bundle is rewritten (waits for the first build).
const waitForBundle = setInterval(() => {
  if (!fs.existsSync(serverBundle)) return;
  clearInterval(waitForBundle);
  run(
    "API server",
    ["--watch-path", path.dirname(serverBundle), "--enable-source-maps", serverBundle],
    {
      PORT: process.env.API_PORT || "8080",
      HOST: "127.0.0.1",
      // No built client here: the API only, Vite serves the client with hot reload.
      CLIENT_DIR: path.join(root, ".data/dev-api-only"),
    },
  );
  // 3. The client with hot module replacement.
  run("Vite", [
    viteBin,
    "--host",
    "127.0.0.1",
    "--port",
    process.env.DEV_PORT || "5173",
    "--strictPort",
  ]);
}, 250);
