/**
 * Whether Redis answers, as opposed to whether its connection is open. A Redis that stops answering (frozen, a
 * stalled host, a full network buffer) keeps its connection "ready", and every command would wait its full
 * timeout. So a probe (PING) runs every `probeEveryMs` with a deadline of its own: a probe that misses it, or any
 * command that fails, opens the circuit (Redis treated as down: callers use this node alone at once, without
 * trying it); the next probe answered in time closes it again. A closed connection is down without a probe.
 */
export interface RedisCircuit {
  /** True while Redis answers: callers may use it. */
  isUp(): boolean;
  /** A command failed or timed out: Redis is treated as down until a probe answers. */
  failed(error?: unknown): void;
  /** Called on every change, with why (for the log). */
  onChange(listener: (up: boolean, why: string) => void): () => void;
  stop(): void;
}

export interface ProbedConnection {
  readonly status: string;
  ping(): Promise<unknown>;
}

/** Between two probes. With the deadline, a Redis that stops answering is down within about 0.5 s. */
export const REDIS_PROBE_EVERY_MS = 250;

export function createRedisCircuit(
  connection: ProbedConnection,
  options: { probeEveryMs?: number; probeDeadlineMs: number },
): RedisCircuit {
  const every = options.probeEveryMs ?? REDIS_PROBE_EVERY_MS;
  const listeners = new Set<(up: boolean, why: string) => void>();
  const connected = () => connection.status === "ready";
  let up = connected();
  let probing = false;

  const change = (next: boolean, why: string) => {
    if (next === up) return;
    up = next;
    for (const listener of listeners) listener(up, why);
  };

  async function probe(): Promise<void> {
    // Closed: down without asking; once it reconnects, up only when a probe answers.
    if (!connected()) return change(false, "connection closed");
    if (probing) return; // the last probe is still out: its deadline decides
    probing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), options.probeDeadlineMs);
    });
    try {
      const answer = await Promise.race([connection.ping().then(() => "answered" as const), late]);
      if (answer === "late") change(false, `no answer within ${options.probeDeadlineMs} ms`);
      else change(true, "answers again");
    } catch (error) {
      change(false, (error as Error).message);
    } finally {
      clearTimeout(timer);
      probing = false;
    }
  }
  const timer = setInterval(() => void probe(), every);
  timer.unref();

  return {
    isUp: () => up && connected(),
    failed: (error) => change(false, error instanceof Error ? error.message : "a command failed"),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: () => clearInterval(timer),
  };
}
