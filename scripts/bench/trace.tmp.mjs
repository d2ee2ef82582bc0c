import fs from "node:fs";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, demoToken, startBuiltServer } from "./lib/client-run.mjs";
const root = "/work/main"; const port = 8133;
const server = await startBuiltServer({ root, port, log: () => {} });
const base = `http://127.0.0.1:${port}`;
const token = await demoToken(base);
const route = process.argv[2] ?? "/vendors";
const url = route === "/login" ? `${base}/login` : `${base}${route}?token=${token}`;
const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS], headless: true });
const page = await browser.newPage();
await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const cdp = await page.createCDPSession();
await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.argv[3] ?? 5) });
await page.tracing.start({ path: "/work/prof/trace.json", categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink", "loading", "toplevel"] });
await page.goto(url, { waitUntil: "networkidle0", timeout: 120000 });
await new Promise((r) => setTimeout(r, 1500));
await page.tracing.stop();
await browser.close(); server.stop ? await server.stop() : server.kill?.();
const { traceEvents } = JSON.parse(fs.readFileSync("/work/prof/trace.json", "utf8"));
const mains = traceEvents.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
const weight = (m) => traceEvents.filter((x) => x.pid === m.pid && x.tid === m.tid && x.ph === "X" && x.dur).reduce((s, x) => s + (x.name === "RunTask" ? x.dur : 0), 0);
const main = mains.sort((a, b) => weight(b) - weight(a))[0];
const ev = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur);
// Top-level tasks and their biggest direct children
const tasks = ev.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask").sort((a, b) => a.ts - b.ts);
const byName = new Map();
for (const e of ev) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
console.log("tasks", tasks.length, "long>50", tasks.filter((t) => t.dur > 50000).length, "blocking", Math.round(tasks.reduce((s, t) => s + Math.max(0, t.dur - 50000), 0) / 1000), "ms");
for (const [n, d] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(String(Math.round(d / 1000)).padStart(6), n);
const t0 = tasks[0]?.ts ?? 0;
console.log("--- long tasks: start, dur, top children");
for (const t of tasks.filter((t) => t.dur > 50000)) {
  const kids = ev.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.name !== "RunTask");
  const agg = new Map(); for (const k of kids) agg.set(k.name, (agg.get(k.name) ?? 0) + k.dur);
  console.log(Math.round((t.ts - t0) / 1000), Math.round(t.dur / 1000), [...agg].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([n, d]) => `${n}:${Math.round(d / 1000)}`).join(" "));
}
process.exit(0);
