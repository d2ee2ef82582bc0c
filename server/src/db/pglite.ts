import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgliteStatements } from "./pglite-statements.js";
import { type Database, type Queryable, withoutParameters } from "./queryable.js";

/**
 * Durable commits on the embedded database. PGlite starts PostgreSQL with `-F` (fsync off), and its Node
 * file system (Emscripten's NODEFS) has no `fsync` at all, so even with fsync on a commit only reaches the OS
 * cache: an acknowledged order could be lost on power loss. We start without `-F`, sync the WAL with plain
 * `fsync`, and give NODEFS a real `fsync` (fs.fsyncSync on the host file). Cost: one disk flush per commit.
 */
const DURABLE_START_PARAMS = [
  "--single",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  "fsync=on",
  "-c",
  "synchronous_commit=on",
  "-c",
  "wal_sync_method=fsync",
];

/**
 * PGlite's memory, bounded: its defaults size PostgreSQL for a server of its own (128 MB of shared buffers, all
 * touched at start), while the park's data is a few MB. 16 MB of shared buffers still hold every table and index of
 * a busy park; sorts and hashes get 4 MB each before spilling to disk.
 */
export const MEMORY_PARAMS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "work_mem=4MB",
  "-c",
  "temp_buffers=2MB",
  "-c",
  "maintenance_work_mem=16MB",
  "-c",
  "wal_buffers=1MB",
];

/**
 * A new data directory is created (initdb) in a child process: initdb's WebAssembly instance and file-system image
 * are several hundred MB, and a Node process keeps most of what it has freed as resident memory. The server then
 * opens the finished directory like on any later start.
 */
async function createDataDirInChildProcess(dataDir: string, startParams: string[]): Promise<void> {
  const moduleUrl =
    typeof import.meta.resolve === "function" ? import.meta.resolve("@electric-sql/pglite") : null;
  if (!moduleUrl) throw new Error("cannot locate PGlite for a child process");
  const code =
    `const { PGlite } = await import(${JSON.stringify(moduleUrl)});` +
    "const pg = await PGlite.create({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) });" +
    "await pg.close();";
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", code, dataDir, JSON.stringify(startParams)],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    child.once("error", reject);
    child.once("exit", (status) =>
      status === 0
        ? resolve()
        : reject(new Error(`creating the embedded database failed (exit ${status})`)),
    );
  });
}

interface EmscriptenStream {
  nfd?: number;
}
interface EmscriptenFs {
  lookupPath(
    path: string,
    options: object,
  ): { node: { mount: { type: { stream_ops: Record<string, unknown> } } } };
}

function installFsync(pg: PGlite): void {
  const mod = (pg as unknown as { mod?: { FS?: EmscriptenFs; ENV?: { PGDATA?: string } } }).mod;
  const pgdata = mod?.ENV?.PGDATA ?? "/pglite/data";
  const streamOps = mod?.FS?.lookupPath(`${pgdata}/PG_VERSION`, {}).node.mount.type.stream_ops;
  if (!streamOps)
    throw new Error(
      "PGlite: cannot reach its file system to make commits durable (PGLITE_DURABLE=0 to skip)",
    );
  streamOps.fsync = (stream: EmscriptenStream) => {
    if (typeof stream.nfd === "number") fs.fsyncSync(stream.nfd);
    return 0;
  };
}

/** Embedded PostgreSQL; `dataDir` undefined keeps everything in memory (tests). */
/** Another live process has the embedded database open: its files take one process at a time. */
export class DatabaseInUse extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseInUse";
  }
}

export const LOCK_FILE = "foodpark.lock";

interface LockHolder {
  pid: number;
  since: string;
  command: string;
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockHolder>;
    return typeof holder.pid === "number"
      ? {
          pid: holder.pid,
          since: String(holder.since ?? ""),
          command: String(holder.command ?? ""),
        }
      : null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Claims the data directory for this process (DATA_DIR/foodpark.lock, created exclusively, naming the pid). PGlite
 * itself takes no lock: a second process (a `staff:add` while the server runs) would write to files the first keeps
 * in memory, and the first would later overwrite or lose what it wrote. A lock left by a process that is gone is
 * taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({
    pid: process.pid,
    since: new Date().toISOString(),
    command: path.basename(process.argv[1] ?? "node"),
  });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: "wx" });
      const release = () => {
        process.off("exit", release);
        if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
        throw new DatabaseInUse(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, ${holder.command || "node"}, since ${holder.since}) — the park's server, probably. It takes one process at a time: stop the server, run this again, then start the server. Or run the park on PostgreSQL (DATABASE_URL), which the server and these commands can share. (If no such process runs, delete ${file}.)`,
        );
      }
      // Left by a process that has gone (or by this one): taken over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseInUse(`Could not lock the embedded database in ${dataDir}; try again.`);
}

/**
 * After the requests the event loop has already received. PGlite runs a statement synchronously, and the promises
 * around it settle as microtasks, so without this a batch would be taken (and committed, with its disk flush) before
 * the next request's callback ran: every statement would be committed alone.
 */
const nextLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Statements outside a transaction committed together at most, so one wait on the lock lets a rush through. */
const MAX_COMMITTED_TOGETHER = 64;

interface Waiting {
  sql: string;
  params: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

/**
 * Group commit for the embedded database. It has one session, so statements outside a transaction (each its own
 * commit) run one after another, and with durable commits each pays a disk flush (a few ms) while the next ones
 * wait. Those that queued up meanwhile run as ONE transaction with one flush: each is answered only after that
 * commit, and sees what the ones before it wrote, as it would have run after them. If any of them fails, the
 * transaction is rolled back and each is run again on its own, so a failure is answered to its own caller only.
 */
export function committedTogether(
  pg: PGlite,
  statements: ReturnType<typeof pgliteStatements>,
): (sql: string, params: readonly unknown[]) => Promise<unknown[]> {
  const waiting: Waiting[] = [];
  let draining = false;
  const alone = (sql: string, params: readonly unknown[]) =>
    statements.run(sql, params, { inTransaction: false });

  async function eachAlone(batch: readonly Waiting[]): Promise<void> {
    for (const statement of batch)
      await alone(statement.sql, statement.params).then(statement.resolve, statement.reject);
  }

  async function together(batch: readonly Waiting[]): Promise<void> {
    const results: unknown[][] = [];
    try {
      await statements.run("begin", [], { inTransaction: false });
      for (const statement of batch)
        results.push(
          await statements.run(statement.sql, statement.params, { inTransaction: true }),
        );
      await statements.run("commit", [], { inTransaction: true });
    } catch {
      await statements.run("rollback", [], { inTransaction: true }).catch(() => undefined);
      return eachAlone(batch);
    }
    for (const [index, statement] of batch.entries()) statement.resolve(results[index]!);
  }

  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length > 0) {
        await nextLoopTurn();
        await pg._runExclusiveTransaction(() => {
          const batch = waiting.splice(0, MAX_COMMITTED_TOGETHER);
          return batch.length === 1 ? eachAlone(batch) : together(batch);
        });
      }
    } finally {
      draining = false;
    }
  }

  return (sql, params) =>
    new Promise<unknown[]>((resolve, reject) => {
      waiting.push({ sql, params, resolve, reject });
      if (!draining)
        drain().catch((error: unknown) => {
          // The lock itself failed (PGlite closed): everything still waiting is answered with that.
          for (const statement of waiting.splice(0)) statement.reject(error);
        });
    });
}

export async function openPglite(
  dataDir: string | undefined,
  options: { durable?: boolean } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    return await openLockedPglite(dataDir, options, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openLockedPglite(
  dataDir: string | undefined,
  options: { durable?: boolean },
  release: () => void,
): Promise<Database> {
  const durable = Boolean(dataDir && options.durable);
  const startParams = [
    ...(durable ? DURABLE_START_PARAMS : PGlite.defaultStartParams),
    ...MEMORY_PARAMS,
  ];
  if (dataDir && !fs.existsSync(path.join(dataDir, "PG_VERSION")))
    await createDataDirInChildProcess(dataDir, startParams).catch((error: unknown) => {
      // Where the child cannot be started the directory is created in this process (same result, more memory).
      if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) throw error;
    });
  const pg = await PGlite.create(dataDir ? { dataDir, startParams } : { startParams });
  if (durable) installFsync(pg);

  const statements = pgliteStatements(pg);
  const wrap = (
    run: (sql: string, params: readonly unknown[]) => Promise<unknown[]>,
  ): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        return (await run(sql, params)) as Row[];
      } catch (error) {
        throw withoutParameters(error);
      }
    },
  });
  // Outside a transaction a statement waits for PGlite's transaction lock, as PGlite.query does; inside one the
  // transaction holds it. Statements that queue up meanwhile are committed together (`committedTogether`).
  const alone = wrap(committedTogether(pg, statements));

  return {
    kind: "pglite",
    ...alone,
    transaction: (work) =>
      pg.transaction(async () => {
        let open = true;
        const tx = wrap((sql, params) => {
          if (!open) throw new Error("Transaction is closed");
          return statements.run(sql, params, { inTransaction: true });
        });
        try {
          return await work(tx);
        } finally {
          open = false;
        }
      }),
    async exec(sql) {
      await pg.exec(sql);
    },
    // One process, one session: the listener is in place until closed, never lost.
    async listen(channel, handlers) {
      const stop = await pg.listen(channel, handlers.message);
      handlers.listening();
      return async () => {
        if (!pg.closed) await stop().catch(() => undefined);
      };
    },
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
