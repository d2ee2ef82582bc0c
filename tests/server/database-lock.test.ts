/**
 * The embedded database takes one process at a time: a second process (`staff:add`, `park:import` while the server
 * runs) is refused with a message saying what to do, and nothing is written; a lock left by a process that has gone
 * is taken over. Unknown trailer slugs list the valid ones.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@server/db/database.js";
import { migrate } from "@server/db/migrate.js";
import { LOCK_FILE } from "@server/db/pglite.js";
import { seedDemoPark } from "@server/db/seed.js";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { afterAll, describe, expect, it } from "vitest";

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-lock-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's lock", () => {
  it("refuses a second process while the first runs, naming it, and takes over a lock left by one that has gone", async () => {
    const dataDir = freshDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      fs.writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: other.pid, since: "2026-11-28T05:18:00.000Z", command: "main.js" }),
      );
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        new RegExp(
          `^The embedded database in .+ is in use by another process \\(pid ${other.pid}, main\\.js, since 2026-11-28T05:18:00\\.000Z\\) — the park's server, probably\\. It takes one process at a time: stop the server`,
        ),
      );
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once("exit", resolve));
    // The holder has gone: its lock is taken over, and released on close.
    const db = await openDatabase({ dataDir });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).pid).toBe(
      process.pid,
    );
    await db.close();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it("names the valid trailer slugs when a slug is unknown", async () => {
    const db = await openDatabase({ dataDir: undefined });
    try {
      await migrate(db);
      await seedDemoPark(db);
      await expect(
        addStaffAccount(db, {
          email: "new-staff@park.example",
          password: "a-long-password",
          trailers: ["forno"],
        }),
      ).rejects.toThrow(/^No trailer with the slug forno\. The trailers are: .*forno-fuoco.*\.$/);
    } finally {
      await db.close();
    }
  }, 60_000);
});
