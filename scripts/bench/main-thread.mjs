// Bench section "main-thread": where a cold load's main thread goes, in the renderer main thread's OWN CPU time.
// Lighthouse's simulated throttling multiplies each observed task's wall time by the CPU slowdown; on a small shared
// machine a task's wall time also holds the time the thread waited for a core (Chromium's browser process, its
// compositor and the server run beside it), and that wait is multiplied too. Each task's thread time (`tdur` in a
// Chromium trace) is the page's own work. Per route, 7 cold loads (fresh context, Debian's Chromium, a phone's
// screen), tasks from the first contentful paint to 5 s later:
//   - the tasks of 10 ms and more (Lighthouse's simulation prunes shorter ones): their sum and the longest;
//   - blocking time as the low-tier phone (CPU slowdown = this machine's benchmarkIndex ÷ 264): Σ (cpu × slowdown −
//     50 ms) over those tasks, the way Total Blocking Time counts them.
// Run alone: `node scripts/bench/main-thread.mjs` (builds if needed, starts the built server).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import {
  benchmarkIndex,
  buildIfNeeded,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  demoToken,
  LOW_TIER_BENCHMARK_INDEX,
  median,
  runAlone,
  startBuiltServer,
} from "./lib/client-run.mjs";

const RUNS = Number(process.env.MAIN_THREAD_RUNS || 7);
const ROUTES = [
  { path: "/login", signedIn: false },
  { path: "/vendors", signedIn: true },
];
/** Lighthouse's simulation keeps tasks of this many milliseconds and more (lantern's SIGNIFICANT_DUR_THRESHOLD_MS). */
const SIGNIFICANT_MS = 10;
const WINDOW_MS = 5000;
const CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,loading,toplevel";

/** One cold load traced: the renderer main thread's tasks after the first contentful paint, in thread CPU ms. */
async function traceColdLoad(browser, url) {
  // Lighthouse's mobile screen (412 × 823 at 1.75).
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (data) => events.push(...data.value));
    await cdp.send("Tracing.start", { categories: CATEGORIES, transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(WINDOW_MS);
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    const fcp = events.find((event) => event.name === "firstContentfulPaint");
    if (!fcp) throw new Error(`no first contentful paint traced for ${url}`);
    const main = events.find(
      (event) =>
        event.name === "thread_name" &&
        event.pid === fcp.pid &&
        event.args?.name === "CrRendererMain",
    );
    return events
      .filter(
        (event) =>
          event.name === "RunTask" &&
          event.ph === "X" &&
          event.pid === fcp.pid &&
          event.tid === main?.tid &&
          event.ts >= fcp.ts &&
          event.ts <= fcp.ts + WINDOW_MS * 1000,
      )
      .map((task) => ({ wallMs: task.dur / 1000, cpuMs: (task.tdur ?? task.dur) / 1000 }));
  } finally {
    await context.close();
  }
}

function summarise(tasks, slowdown) {
  const significant = tasks.filter((task) => task.cpuMs >= SIGNIFICANT_MS);
  const blocking = (key) =>
    significant.reduce((sum, task) => sum + Math.max(0, task[key] * slowdown - 50), 0);
  return {
    longCpuMs: significant.reduce((sum, task) => sum + task.cpuMs, 0),
    longestCpuMs: Math.max(0, ...tasks.map((task) => task.cpuMs)),
    blockingCpuMs: blocking("cpuMs"),
    // The same tasks by their wall time, as the simulation sees them.
    blockingWallMs: blocking("wallMs"),
  };
}

const round = (value) => Math.round(value);
const spread = (values) => `${round(Math.min(...values))}–${round(Math.max(...values))}`;

const section = {
  name: "main-thread",
  title: `Cold load's main thread in its own CPU time (${RUNS} runs per route, median), as a low-tier phone`,
  async run(ctx) {
    buildIfNeeded(ctx.root, ctx.log);
    const server = await startBuiltServer({ root: ctx.root, port: ctx.port(0), log: ctx.log });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const index = await benchmarkIndex(browser);
      const slowdown = Math.max(1, index / LOW_TIER_BENCHMARK_INDEX);
      ctx.log(`benchmarkIndex ${round(index)}: CPU slowdown ${slowdown.toFixed(1)}×`);
      const token = await demoToken(server.baseUrl);
      const rows = [];
      const json = { benchmarkIndex: index, slowdown, routes: {} };
      for (const route of ROUTES) {
        const url = `${server.baseUrl}${route.path}${route.signedIn ? `?token=${encodeURIComponent(token)}` : ""}`;
        const runs = [];
        for (let run = 1; run <= RUNS; run += 1) {
          runs.push(summarise(await traceColdLoad(browser, url), slowdown));
          ctx.log(
            `${route.path} ${run}/${RUNS}: ${JSON.stringify(runs.at(-1), (_k, v) => (typeof v === "number" ? round(v) : v))}`,
          );
        }
        json.routes[route.path] = runs;
        const of = (key) => runs.map((result) => result[key]);
        rows.push(
          {
            metric: `${route.path}: blocking time as the low-tier phone, main thread's CPU time`,
            value: round(median(of("blockingCpuMs"))),
            unit: "ms",
            target: "reported beside (Lighthouse's TBT ≤ 300)",
            note: `spread ${spread(of("blockingCpuMs"))}; the same tasks by wall time ${round(median(of("blockingWallMs")))} ms; CPU ${slowdown.toFixed(1)}× = benchmarkIndex ${round(index)} ÷ ${LOW_TIER_BENCHMARK_INDEX}`,
          },
          {
            metric: `${route.path}: tasks of ${SIGNIFICANT_MS} ms and more after the first paint, CPU`,
            value: round(median(of("longCpuMs"))),
            unit: "ms",
            target: "",
            note: `spread ${spread(of("longCpuMs"))}; longest task ${round(median(of("longestCpuMs")))} ms (${spread(of("longestCpuMs"))})`,
          },
        );
      }
      return { rows, json };
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

export default section;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runAlone(section, path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.."));
}
