import fs from "node:fs";
import path from "node:path";
import type { ServerConfig } from "@server/config.js";
import type { Database } from "@server/db/database.js";
import { generateVapidKeys } from "@server/lib/vapid-keys.js";
import { randomSecret } from "./secrets.js";

type NodeSecrets = Pick<ServerConfig, "jwtSecret" | "vapidPublicKey" | "vapidPrivateKey">;

function existingFile(dataDir: string, fileName: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, fileName), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The first writer wins (insert … on conflict do nothing), so nodes starting together all read one value. */
async function readOrCreate(db: Database, name: string, create: () => string): Promise<string> {
  await db.query(
    "insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing",
    [name, create()],
  );
  const [row] = await db.query<{ value: string }>("select value from app_secrets where name = $1", [
    name,
  ]);
  if (!row) throw new Error(`app secret ${name} is missing`);
  return row.value;
}

/**
 * With PostgreSQL (DATABASE_URL: possibly several nodes) the JWT secret and VAPID keys that the environment does not
 * set are kept in the database, so every node signs and verifies with the same ones. A node upgrading from the
 * per-folder files offers its files' values first, so existing sign-ins and push subscriptions keep working.
 * Not a passing compatibility branch: an embedded install moved to PostgreSQL takes this path too, so it stays
 * while the embedded database keeps its secrets in DATA_DIR.
 * The embedded database (one node by nature) keeps them in DATA_DIR as before.
 */
export async function resolveNodeSecrets(db: Database, config: ServerConfig): Promise<NodeSecrets> {
  const fromEnv: NodeSecrets = {
    jwtSecret: config.jwtSecret,
    vapidPublicKey: config.vapidPublicKey,
    vapidPrivateKey: config.vapidPrivateKey,
  };
  if (db.kind !== "postgres") return fromEnv;
  const jwtSecret =
    config.jwtSecret ??
    (await readOrCreate(
      db,
      "jwt-secret",
      () => existingFile(config.dataDir, "jwt-secret") ?? randomSecret(),
    ));
  if (config.vapidPublicKey || config.vapidPrivateKey) return { ...fromEnv, jwtSecret };
  const vapid = JSON.parse(
    await readOrCreate(
      db,
      "vapid",
      () => existingFile(config.dataDir, "vapid.json") ?? JSON.stringify(generateVapidKeys()),
    ),
  ) as { publicKey: string; privateKey: string };
  return { jwtSecret, vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey };
}
