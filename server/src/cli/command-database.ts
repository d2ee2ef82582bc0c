import type { ServerConfig } from "../config.js";
import { type Database, openDatabase } from "../db/database.js";

/**
 * The database a command-line tool writes to, or null when the embedded database is a running server's: then
 * nothing is changed and `report` is told what to do instead (the error's message says it).
 */
export async function openCommandDatabase(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir" | "pgliteDurable">,
  report: (message: string) => void,
): Promise<Database | null> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      durable: config.pgliteDurable,
    });
  } catch (error) {
    if ((error as Error).name === "DatabaseInUse") {
      report((error as Error).message);
      return null;
    }
    throw error;
  }
}
