import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Reads a secret kept in the data folder, creating it on first start (mode 600). */
export function readOrCreateSecretFile(
  dataDir: string,
  fileName: string,
  create: () => string,
): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const value = create();
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

export const randomSecret = () => randomBytes(32).toString("base64url");
