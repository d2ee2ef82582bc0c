/**
 * A redis-server of the test's own, on its own port, that the test may kill and start again (never the
 * machine's Redis). No persistence: a restart comes back empty, as a crashed cache would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Redis } from "ioredis";

export interface RedisProcess {
  url: string;
  port: number;
  /** kill -9. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves when it answers PING. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGSTOP: the process stops answering but its connections stay open (a hung Redis). */
  freeze(): void;
  /** SIGCONT: it answers again, everything it was sent meanwhile included. */
  thaw(): void;
}

async function answers(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    host: "127.0.0.1",
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export async function startRedisProcess(port: number): Promise<RedisProcess> {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  const signal = (name: NodeJS.Signals) => {
    const running = child as ChildProcess | null;
    if (!running || running.exitCode !== null) throw new Error("redis-server is not running");
    running.kill(name);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    stop: kill,
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
  };
}
