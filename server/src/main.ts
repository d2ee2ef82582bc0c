import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig, productionProblems } from "./config.js";
import { DEMO_ACCOUNTS } from "./db/seed.js";

// The built server lives in dist/server, the built PWA beside it in dist/client.
const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, path.resolve(here, "../client"));
const problems = productionProblems(config);
if (problems.length > 0) {
  console.error(
    ["Food Park cannot start with NODE_ENV=production:", ...problems.map((p) => `  - ${p}`)].join(
      "\n",
    ),
  );
  process.exit(1);
}
const app = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  process.exit(0);
};
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
const database = config.databaseUrl
  ? "PostgreSQL (DATABASE_URL)"
  : `embedded PostgreSQL in ${config.dataDir}`;
console.log(
  [
    "",
    `  Food Park is running at http://${shownHost}:${config.port}`,
    `  Database: ${database}`,
    ...(!config.demoData
      ? ["  No demo data. Add park staff with `npm run staff:add -- email`."]
      : [
          "  Demo accounts:",
          ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(8)} ${a.email} / ${a.password}`),
        ]),
    "",
  ].join("\n"),
);
