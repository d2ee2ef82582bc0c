/**
 * The command `npm run park:import -- park.json [--check] [--by staff@park.example]`: changes the park's menus from a park file
 * (contract/park-file.ts: the demo park's format, `{ "trailers": [ ...trailer files ] }`): prices, items, add-ons,
 * allergens. The file is checked against the contract first and refused whole, every problem named with its line
 * ("park.json:42: trailers[0].categories[1].items[3].pricePence: must be a whole number of pence from 0 to 100,000 (£1,000)"); a valid file
 * is applied in ONE transaction through the park operations writer (an audit row per changed trailer: who, when,
 * what before → after). `--check` only checks. `--by` names the staff account the record shows (default: this
 * command and the system user running it).
 *
 * A running park sees the change without a restart: with REDIS_URL this command publishes `catalogueChanged` on the
 * nodes' event relay (at once), and every node on PostgreSQL also notices the new audit row within
 * CATALOGUE_FOLLOW_MS. The embedded database (DATA_DIR) takes one process at a time: stop the server, import, start
 * it (it loads the catalogue at start).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../config.js";
import { migrate } from "../db/migrate.js";
import { DomainEvents } from "../events.js";
import { type RelayMessage, relayEventsChannel } from "../realtime/event-relay.js";
import { createCatalogue } from "../services/catalogue/catalogue.js";
import { checkParkFile, fileSizeProblem } from "../services/operations/park-import.js";
import { createParkOperations } from "../services/operations/park-operations.js";
import { openCommandDatabase } from "./command-database.js";

async function tellRunningNodes(redisUrl: string, prefix: string): Promise<boolean> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
  });
  try {
    await redis.connect();
    const message: RelayMessage = { from: `park-import:${process.pid}`, event: "catalogueChanged" };
    await redis.publish(relayEventsChannel(prefix), JSON.stringify(message));
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/** The command itself (the entry file runs it; tests run it against their own database and running server). */
export async function runParkImport(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput = console,
): Promise<number> {
  let file: string | undefined;
  let by: string | undefined;
  let checkOnly = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--check") checkOnly = true;
    else if (arg === "--by") by = args[++index];
    else if (!arg.startsWith("--") && !file) file = arg;
  }
  if (!file) {
    out.error("Usage: npm run park:import -- park.json [--check] [--by staff-email]");
    return 2;
  }
  // npm runs scripts from the project folder; a relative path is the caller's (INIT_CWD).
  const fullPath = path.resolve(env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    // A file beyond the limit is refused by its size, never read into memory.
    const tooLarge = fileSizeProblem(fs.statSync(fullPath).size, path.basename(file));
    if (tooLarge) {
      out.error(tooLarge);
      out.error(`Nothing was changed: 1 problem in ${file}.`);
      return 1;
    }
    text = fs.readFileSync(fullPath, "utf8");
  } catch (error) {
    out.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  const checked = checkParkFile(text, path.basename(file));
  if (!checked.ok) {
    for (const line of checked.errors) out.error(line);
    out.error(
      `Nothing was changed: ${checked.errors.length} problem${checked.errors.length === 1 ? "" : "s"} in ${file}.`,
    );
    return 1;
  }
  if (checkOnly) {
    out.log(`${file} is a valid park file (${checked.park.trailers.length} trailers).`);
    return 0;
  }

  const config = loadConfig(env);
  const db = await openCommandDatabase(config, (message) => out.error(message));
  if (!db) return 1;
  try {
    await migrate(db);
    let author = { id: null as number | null, email: `park:import (${os.userInfo().username})` };
    if (by) {
      const [staff] = await db.query<{ id: number; email: string }>(
        "select id, email from users where lower(email) = lower($1) and role = 'staff'",
        [by],
      );
      if (!staff) {
        out.error(`No staff account ${by}: nothing was changed.`);
        return 1;
      }
      author = staff;
    }
    // No server runs in this process: nothing listens here, the running nodes are told below.
    const events = new DomainEvents();
    const operations = createParkOperations({
      db,
      events,
      catalogue: createCatalogue({ db, events }),
    });
    let changes: Awaited<ReturnType<typeof operations.importPark>>;
    try {
      changes = await operations.importPark(author, checked.park, path.basename(file));
    } catch (error) {
      // A last guard: the checks above should refuse whatever the database would. One line, never a stack.
      const { code, message } = error as { code?: unknown; message?: unknown };
      out.error(
        `${path.basename(file)}:1: (the whole file): the database refused it${typeof code === "string" ? ` (${code})` : ""}: ${String(message)}`,
      );
      out.error(`Nothing was changed: the import was undone whole.`);
      return 1;
    }
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dataDir;
    if (changes.length === 0) {
      out.log(`Nothing to change: ${where} already holds what ${file} says.`);
      return 0;
    }
    for (const change of changes) {
      const items = Object.keys((change.after.items as Record<string, unknown>) ?? {}).length;
      out.log(
        `${change.created ? "Added" : "Changed"} ${change.name}${items ? ` (${items} item${items === 1 ? "" : "s"})` : ""}.`,
      );
      if (change.kept.length)
        out.log(`  Kept as sold out (already ordered, so not deleted): ${change.kept.join(", ")}.`);
    }
    out.log(`Applied ${file} to ${where} in one transaction; recorded as ${author.email}.`);
    if (config.redisUrl) {
      const told = await tellRunningNodes(config.redisUrl, config.redisKeyPrefix);
      out.log(
        told
          ? "Running nodes were told through Redis."
          : "Redis did not answer: running nodes notice the change from the database within seconds.",
      );
    }
    return 0;
  } finally {
    await db.close();
  }
}
