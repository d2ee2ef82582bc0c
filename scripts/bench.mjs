// `npm run bench [-- section ...]` (never part of `npm test`): runs the sections in scripts/bench/ in order,
// prints one table and writes bench-results/latest.json (sections not run this time keep their last figures).
//
// A section is scripts/bench/<name>.mjs default-exporting
//   { name, title, run: async (ctx) => ({ rows: [{ metric, value, unit, target, note }], json }) }
// with ctx = { root, log(msg), port(n) }. port(n) (n = 0..19) answers at once with a port that was free when the
// section started, distinct per n: BENCH_PORT_BASE + n when that is set (e.g. 8110), else one the OS picked.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ORDER = [
  "client-bytes",
  "lighthouse",
  "main-thread",
  "returning-customer",
  "offline-cart",
  "menu",
  "orders",
  "sockets",
  "memory",
  "scale-out",
  "rush",
  "kitchen",
];
const PORTS_PER_SECTION = 20;
const resultsFile = path.join(root, "bench-results/latest.json");

const available = ORDER.filter((name) =>
  fs.existsSync(path.join(root, "scripts/bench", `${name}.mjs`)),
);
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const unknown = asked.filter((name) => !ORDER.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(", ")}. Sections: ${ORDER.join(", ")}`);
  process.exit(2);
}
const missing = asked.filter((name) => !available.includes(name));
if (missing.length > 0) console.error(`Not present (skipped): ${missing.join(", ")}`);
const selected = asked.length > 0 ? available.filter((name) => asked.includes(name)) : available;

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

/** Builds once when dist/ is missing or older than the sources. */
function buildIfNeeded() {
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
  const builtAt = Math.min(...outputs.map(newestMtime));
  const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  console.error("Building…");
  for (const script of ["build:client", "build:server"]) {
    const result = spawnSync("npm", ["run", "--silent", script], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/** `count` ports free right now: bound together (so distinct), then released. */
async function freePorts(count) {
  const base = Number(process.env.BENCH_PORT_BASE);
  if (Number.isInteger(base) && base > 0) return Array.from({ length: count }, (_, n) => base + n);
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
  };
}

const format = (value) =>
  typeof value === "number"
    ? Number.isInteger(value)
      ? String(value)
      : value.toFixed(1)
    : String(value ?? "");

function printTable(results) {
  const header = ["section", "metric", "value", "target", "note"];
  const rows = results.flatMap(({ name, rows: sectionRows }) =>
    sectionRows.map((row) => [
      name,
      row.metric,
      `${format(row.value)}${row.unit ? ` ${row.unit}` : ""}`,
      format(row.target),
      format(row.note),
    ]),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

buildIfNeeded();
const previous = fs.existsSync(resultsFile)
  ? JSON.parse(fs.readFileSync(resultsFile, "utf8"))
  : { sections: {} };
const startedAt = new Date().toISOString();
const results = [];
let failed = false;
for (const name of selected) {
  const { default: section } = await import(path.join(root, "scripts/bench", `${name}.mjs`));
  const ports = await freePorts(PORTS_PER_SECTION);
  const ctx = {
    root,
    log: (message) => console.error(`[${name}] ${message}`),
    port(n) {
      if (!Number.isInteger(n) || n < 0 || n >= PORTS_PER_SECTION)
        throw new Error(`port(n) takes 0..${PORTS_PER_SECTION - 1}`);
      return ports[n];
    },
  };
  console.error(`\n== ${section.title ?? name}`);
  const began = Date.now();
  try {
    const { rows, json } = await section.run(ctx);
    results.push({
      name,
      title: section.title ?? name,
      rows,
      json,
      date: new Date().toISOString(),
      seconds: Math.round((Date.now() - began) / 1000),
    });
  } catch (error) {
    failed = true;
    console.error(`[${name}] failed:`, error);
    results.push({
      name,
      title: section.title ?? name,
      rows: [
        {
          metric: "section failed",
          value: String(error?.message ?? error).slice(0, 120),
          unit: "",
          target: "",
          note: "",
        },
      ],
      json: { error: String(error?.stack ?? error) },
      date: new Date().toISOString(),
    });
  }
}

printTable(results);
const sections = { ...previous.sections };
for (const result of results) sections[result.name] = { ...result, machine: machine() };
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(
  resultsFile,
  `${JSON.stringify({ updatedAt: startedAt, machine: machine(), order: ORDER, sections }, null, 2)}\n`,
);
console.log(
  `\n${startedAt} · ${machine().cpu} · ${machine().memoryGb} GB · Node ${process.version}. JSON: ${path.relative(root, resultsFile)}`,
);
process.exit(failed ? 1 : 0);
