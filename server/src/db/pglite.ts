import fs from "node:fs";
import { PGlite, type Transaction } from "@electric-sql/pglite";
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
export async function openPglite(
  dataDir: string | undefined,
  options: { durable?: boolean } = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const durable = Boolean(dataDir && options.durable);
  const pg = await PGlite.create(
    dataDir ? { dataDir, ...(durable ? { startParams: DURABLE_START_PARAMS } : {}) } : {},
  );
  if (durable) installFsync(pg);

  const wrap = (target: PGlite | Transaction): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query<Row>(sql, params as unknown[]);
        return result.rows;
      } catch (error) {
        throw withoutParameters(error);
      }
    },
  });

  return {
    kind: "pglite",
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
