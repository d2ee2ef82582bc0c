/**
 * Jobs every node schedules but only one runs per interval: a node claims a run by moving the job's row in
 * `scheduled_jobs` forward (one atomic update: the row is the lock, across nodes and restarts). A job that fails
 * is logged and tried again at the next interval.
 */
import type { Database } from "@server/db/database.js";

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** True when this node may run `name` now (nobody ran it within `everyMs`); the claim is the lock. */
export async function claimRun(db: Database, name: string, everyMs: number): Promise<boolean> {
  await db.query("insert into scheduled_jobs (name) values ($1) on conflict do nothing", [name]);
  const rows = await db.query(
    `update scheduled_jobs set last_run_at = now()
     where name = $1 and last_run_at <= now() - make_interval(secs => $2::double precision)
     returning name`,
    [name, everyMs / 1000],
  );
  return rows.length === 1;
}

export function createScheduler(deps: {
  db: Database;
  jobs: ScheduledJob[];
  logError: (error: unknown, context: string) => void;
  /** How often each node looks whether a job is due (default a minute; tests go faster). */
  checkEveryMs?: number;
}) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;

  async function tick(): Promise<void> {
    for (const job of deps.jobs) {
      try {
        if (await claimRun(deps.db, job.name, job.everyMs)) await job.run();
      } catch (error) {
        deps.logError(error, `scheduled job ${job.name}`);
      }
    }
  }

  return {
    /** Runs every due job once now (what each tick does). */
    runDue: (): Promise<void> => (running ??= tick().finally(() => (running = null))),
    start(): void {
      if (timer) return;
      timer = setInterval(() => void this.runDue(), deps.checkEveryMs ?? 60_000);
      timer.unref?.();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
