import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH, demoToken, startBuiltServer } from "./lib/client-run.mjs";
const root = "/work/main"; const port = 8131;
const server = await startBuiltServer({ root, port, log: () => {} });
const base = `http://127.0.0.1:${port}`;
const token = await demoToken(base);
const route = process.argv[2] ?? "/vendors";
const url = route === "/login" ? `${base}/login` : `${base}${route}?token=${token}`;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lhp-"));
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_ARGS, "--headless=new"], userDataDir: profile, logLevel: "silent" });
const slow = Number(process.argv[3] ?? 5);
const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
  { extends: "lighthouse:default", settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slow } } });
await chrome.kill();
const a = r.lhr.audits;
const out = { perf: r.lhr.categories.performance.score, tbt: a["total-blocking-time"].numericValue, lcp: a["largest-contentful-paint"].numericValue, fcp: a["first-contentful-paint"].numericValue, bi: r.lhr.environment.benchmarkIndex,
  bootup: a["bootup-time"].details.items.map((i) => [i.url.replace(base, ""), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)]),
  mainthread: a["mainthread-work-breakdown"].details.items.map((i) => [i.group, Math.round(i.duration)]),
  longtasks: a["long-tasks"]?.details?.items?.map((i) => [i.url.replace(base, ""), Math.round(i.startTime), Math.round(i.duration)]) };
console.log(JSON.stringify(out, null, 1));
fs.writeFileSync(`/work/prof/lh-${route.replace(/\//g, "")}.json`, JSON.stringify(r.lhr));
server.stop ? await server.stop() : server.kill?.();
process.exit(0);
