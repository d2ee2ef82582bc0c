// GET /api/vendors/{id}/items on the built server (embedded PGlite) against a bare Fastify hello world in its own
// process, same run, same autocannon settings (50 connections, 10 s each); and /healthz.
import autocannon from "autocannon";
import { api, median, spread, startBuiltServer, startScript } from "./lib.mjs";

const CONNECTIONS = 50;
const DURATION_S = 10;
const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 20;
// What a browser sends: the server answers the menu with its precompressed brotli body.
const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  accept: "application/json",
};

// The machine is shared: bare and menu alternate for ROUNDS rounds, so a burst of other load hits both.
const ROUNDS = Number(process.env.BENCH_MENU_ROUNDS ?? 3);

function cannon(url, headers = {}, duration = DURATION_S) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Median req/s and p99 over the rounds (with the spread), all errors. */
function combine(results) {
  const mean = (pick) =>
    Math.round(results.reduce((sum, result) => sum + pick(result), 0) / results.length);
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    requestsSpread: spread(results.map((result) => result.requestsPerSecond)),
    p50Ms: median(results.map((result) => result.p50Ms)),
    p99Ms: median(results.map((result) => result.p99Ms)),
    p99Spread: spread(results.map((result) => result.p99Ms)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    bytesPerSecond: mean((result) => result.bytesPerSecond),
    rounds: results,
  };
}

const summary = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  bytesPerSecond: Math.round(result.throughput.average),
});

export default {
  name: "menu",
  title:
    "Menu as the phone asks for it (bearer token, all encodings; LOG_LEVEL=info as shipped) vs a bare Fastify (autocannon, 50 connections, 10 s per run)",
  async run(ctx) {
    // As `npm start` ships: request logging at info.
    const server = await startBuiltServer({
      root: ctx.root,
      port: ctx.port(1),
      log: ctx.log,
      env: { LOG_LEVEL: "info" },
    });
    const barePort = ctx.port(2);
    const bare = await startScript({
      root: ctx.root,
      script: "scripts/bench/bare-fastify.mjs",
      env: { PORT: String(barePort) },
      url: `http://127.0.0.1:${barePort}/`,
    });
    try {
      const { data } = await api(server.baseUrl, "/api/vendors/list");
      const menuUrl = `${server.baseUrl}/api/vendors/${data[0].id}/items`;
      // What the customer's phone sends: its bearer token and its encodings on every call.
      const signUp = await fetch(`${server.baseUrl}/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: `bench-${Date.now()}@foodpark.test`,
          password: "bench-password",
          name: "Bench Customer",
        }),
      });
      const { token } = await signUp.json();
      const PHONE_HEADERS = { ...BROWSER_HEADERS, authorization: `Bearer ${token}` };
      // Warm both (JIT) before measuring.
      await cannon(`http://127.0.0.1:${barePort}/`, {}, 3);
      await cannon(menuUrl, PHONE_HEADERS, 3);
      const bareRounds = [];
      const menuRounds = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        ctx.log(`round ${round}/${ROUNDS}: bare Fastify…`);
        bareRounds.push(summary(await cannon(`http://127.0.0.1:${barePort}/`)));
        ctx.log(`round ${round}/${ROUNDS}: menu (token, brotli)…`);
        menuRounds.push(summary(await cannon(menuUrl, PHONE_HEADERS)));
      }
      const bareResult = combine(bareRounds);
      const menuResult = combine(menuRounds);
      ctx.log("menu (no encoding)…");
      const plainResult = summary(await cannon(menuUrl, { accept: "application/json" }));
      ctx.log("/healthz…");
      const healthResult = summary(await cannon(`${server.baseUrl}/healthz`));
      // The ratio of each round (bare and menu back to back), then the median of the rounds.
      const ratios = menuRounds.map((round, index) =>
        Math.round((round.requestsPerSecond / bareRounds[index].requestsPerSecond) * 100),
      );
      const ratio = median(ratios) / 100;
      const plainRatio = plainResult.requestsPerSecond / bareResult.requestsPerSecond;
      const ok = (pass) => (pass ? "met" : "MISSED");
      return {
        rows: [
          {
            metric: "bare Fastify hello world",
            value: bareResult.requestsPerSecond,
            unit: "req/s",
            target: "",
            note: `median of ${ROUNDS}, spread ${bareResult.requestsSpread}; p99 ${bareResult.p99Ms} ms`,
          },
          {
            metric: "GET /api/vendors/{id}/items (bearer token, br)",
            value: menuResult.requestsPerSecond,
            unit: "req/s",
            target: `≥ ${TARGET_RATIO * 100} % of bare`,
            note: `spread ${menuResult.requestsSpread}; ${Math.round(ratio * 100)} % of bare (rounds ${ratios.join(", ")} %): ${ok(ratio >= TARGET_RATIO)}`,
          },
          {
            metric: "GET /api/vendors/{id}/items (bearer token, br) p99",
            value: menuResult.p99Ms,
            unit: "ms",
            target: `≤ ${TARGET_P99_MS} ms`,
            note: `${ok(menuResult.p99Ms <= TARGET_P99_MS)}; spread ${menuResult.p99Spread} ms; p50 ${menuResult.p50Ms} ms, errors ${menuResult.errors}, non-2xx ${menuResult.non2xx}`,
          },
          {
            metric: "GET /api/vendors/{id}/items (identity)",
            value: plainResult.requestsPerSecond,
            unit: "req/s",
            target: "",
            note: `${Math.round(plainRatio * 100)} % of bare, p99 ${plainResult.p99Ms} ms`,
          },
          {
            metric: "GET /healthz",
            value: healthResult.requestsPerSecond,
            unit: "req/s",
            target: "",
            note: `p99 ${healthResult.p99Ms} ms`,
          },
        ],
        json: {
          connections: CONNECTIONS,
          durationS: DURATION_S,
          rounds: ROUNDS,
          bare: bareResult,
          menuBrotli: menuResult,
          menuIdentity: plainResult,
          healthz: healthResult,
          ratio,
          ratios,
          plainRatio,
          targets: { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS },
        },
      };
    } finally {
      await Promise.all([bare.stop(), server.stop()]);
    }
  },
};
