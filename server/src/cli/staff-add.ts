/**
 * `npm run staff:add -- someone@park.example [--name "Sam"] [--trailer slug ...]`: creates (or promotes) a park
 * staff account (with --trailer: trailer staff for those trailers; without: a park manager) in the
 * database the server uses (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first, the embedded
 * database takes one process at a time). The password comes from STAFF_PASSWORD or is asked for (not echoed).
 */
import readline from "node:readline";
import { loadConfig } from "../config.js";
import { migrate } from "../db/migrate.js";
import { DomainError } from "../domain-errors.js";
import { addStaffAccount } from "../services/auth/staff-accounts.js";
import { openCommandDatabase } from "./command-database.js";

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({
      input: process.stdin,
      output: process.stdout,
      terminal: process.stdin.isTTY,
    });
    const output = rl as unknown as { _writeToOutput?: (text: string) => void };
    if (process.stdin.isTTY) {
      process.stdout.write(question);
      output._writeToOutput = () => undefined; // echo nothing while the password is typed
    }
    rl.question(process.stdin.isTTY ? "" : question, (answer) => {
      rl.close();
      if (process.stdin.isTTY) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let name: string | undefined;
  let email: string | undefined;
  const trailers: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--name") name = args[++index];
    else if (arg === "--trailer") {
      const slug = args[++index];
      if (slug) trailers.push(slug);
    } else if (!arg.startsWith("--") && !email) email = arg;
  }
  if (!email) {
    console.error(
      'Usage: npm run staff:add -- email [--name "Name"] [--trailer slug ...]   (password: STAFF_PASSWORD or a prompt)',
    );
    return 2;
  }
  let password = process.env.STAFF_PASSWORD;
  if (!password) {
    password = await askHidden(`Password for ${email}: `);
    if (process.stdin.isTTY && (await askHidden("Repeat the password: ")) !== password) {
      console.error("The passwords do not match.");
      return 1;
    }
  }
  const config = loadConfig(process.env);
  const db = await openCommandDatabase(config, (message) => console.error(message));
  if (!db) return 1;
  try {
    await migrate(db);
    const account = await addStaffAccount(db, {
      email,
      password,
      ...(name ? { name } : {}),
      trailers,
    });
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : config.dataDir;
    console.log(
      `${account.created ? "Created" : "Updated"} staff account ${account.email} (id ${account.id}) in ${where}: ${
        account.trailers.length
          ? `trailer staff for ${account.trailers.join(", ")}`
          : "park manager (every trailer)"
      }.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
