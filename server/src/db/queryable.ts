/** The one data-access seam: parameterised SQL over embedded PGlite or a real PostgreSQL server. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface ListenHandlers {
  message(payload: string): void;
  listening(): void;
  lost(): void;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; rolls back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (a lower-case identifier) until the answer is called: `message` with each NOTIFY's payload,
   * `listening` each time the listener is (again) in place, `lost` when it is not (PostgreSQL: the connection was
   * cut; it reconnects by itself), since notifications sent meanwhile are missed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** A connection pool's use (PostgreSQL); absent for the embedded database, which has one connection. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

/**
 * Database errors are logged, and as drivers build them they carry the values of the failed statement:
 * PGlite's `params` (a failed sign-up's password hash), and PostgreSQL's `detail` ("Failing row contains
 * (…, scrypt$…)", "Key (email)=(…)"). Both drivers' errors pass through here before anything can log them.
 */
export function withoutParameters(error: unknown): unknown {
  if (error && typeof error === "object") {
    const record = error as Record<string, unknown>;
    for (const key of ["params", "queryOptions", "parameters"]) {
      if (key in record) delete record[key];
    }
    if (typeof record.detail === "string") {
      record.detail = record.detail.replace(/\(.*\)/s, "(…)").replace(/=\(.*?\)/gs, "=(…)");
    }
  }
  return error;
}

/** Prepared statements a database session keeps by name; beyond this, statements are parsed each time. */
export const MAX_PREPARED_STATEMENTS = 2000;

/**
 * A prepared plan PostgreSQL dropped or can no longer use (a schema change since, e.g. a migration from another
 * node): the statement is run once unprepared where the caller can (outside a transaction).
 */
export function isStalePlan(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "0A000" || code === "26000";
}
