// `npm start`: build what is missing or stale, then run the one server process.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_PROCESS_ENV } from "./lib/server-process-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputs = ["dist/client/index.html", "dist/server/main.js"].map((file) =>
  path.join(root, file),
);
const sources = [
  "src",
  "sw",
  "server/src",
  "contract",
  "public",
  "index.html",
  "manifest.webmanifest",
  "vite.config.ts",
  "vite.server.config.ts",
  "package-lock.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

const builtAt = Math.min(
  ...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
);
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0
      ? "Building Food Park for the first time…"
      : "Sources changed since the last build; rebuilding…",
  );
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ["--enable-source-maps", path.join(root, "dist/server/main.js")],
  { cwd: root, stdio: "inherit", env: { ...SERVER_PROCESS_ENV, ...process.env } },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
