/**
 * A small W3C WebDriver client (the endpoints the journey needs), and WebKitGTK's driver started under a virtual
 * display: `xvfb-run -a WebKitWebDriver --port=N`, which launches WebKitGTK's MiniBrowser for a session.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** The W3C name of a web element reference in a JSON answer. */
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

export interface ElementRef {
  [ELEMENT]: string;
}

export class WebDriverSession {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  static async create(
    base: string,
    capabilities: Record<string, unknown>,
  ): Promise<WebDriverSession> {
    const { sessionId } = await command<{ sessionId: string }>(`${base}/session`, "POST", {
      capabilities: { alwaysMatch: capabilities },
    });
    return new WebDriverSession(base, sessionId);
  }

  private call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    return command<T>(`${this.base}/session/${this.id}${path}`, method, body);
  }

  navigate(url: string): Promise<null> {
    return this.call("POST", "/url", { url });
  }

  /** Runs `script` (a function body; `arguments` holds `args`) in the page. */
  execute<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.call("POST", "/execute/sync", { script, args });
  }

  /** Runs `script` in the page; it finishes by calling `arguments[arguments.length - 1](value)`. */
  executeAsync<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.call("POST", "/execute/async", { script, args });
  }

  click(element: ElementRef): Promise<null> {
    return this.call("POST", `/element/${element[ELEMENT]}/click`, {});
  }

  clear(element: ElementRef): Promise<null> {
    return this.call("POST", `/element/${element[ELEMENT]}/clear`, {});
  }

  sendKeys(element: ElementRef, text: string): Promise<null> {
    return this.call("POST", `/element/${element[ELEMENT]}/value`, { text });
  }

  /** What the browser shows, as base64 PNG. */
  screenshot(): Promise<string> {
    return this.call("GET", "/screenshot");
  }

  setWindowRect(rect: { width: number; height: number }): Promise<unknown> {
    return this.call("POST", "/window/rect", rect);
  }

  setTimeouts(timeouts: { script?: number; pageLoad?: number; implicit?: number }): Promise<null> {
    return this.call("POST", "/timeouts", timeouts);
  }

  delete(): Promise<null> {
    return this.call("DELETE", "");
  }
}

export function isElement(value: unknown): value is ElementRef {
  return typeof value === "object" && value !== null && ELEMENT in value;
}

async function command<T>(url: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
  if (
    !response.ok ||
    (answer.value && typeof answer.value === "object" && "error" in answer.value)
  ) {
    const { error, message } = answer.value as { error?: string; message?: string };
    throw new Error(`WebDriver ${method} ${new URL(url).pathname}: ${error}: ${message}`);
  }
  return answer.value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Where Debian's libwebkit2gtk-4.1 keeps MiniBrowser (the browser WebKitWebDriver drives). */
export function miniBrowserPath(): string {
  const candidates = [
    process.env.WEBKIT_BROWSER_PATH,
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.0/MiniBrowser",
  ].filter((candidate): candidate is string => Boolean(candidate));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found)
    throw new Error(
      `WebKitGTK's MiniBrowser not found (looked at ${candidates.join(", ")}): apt-get install webkit2gtk-driver, or set WEBKIT_BROWSER_PATH`,
    );
  return found;
}

export interface WebKitDriver {
  base: string;
  stop(): Promise<void>;
}

/** Starts WebKitWebDriver under `xvfb-run -a` (its own X display) and waits until it answers. */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  const port = await freePort();
  const driverPath = process.env.WEBKIT_DRIVER_PATH || "WebKitWebDriver";
  // Its own process group: stopping it ends xvfb-run, Xvfb, the driver and the browser together.
  const child: ChildProcess = spawn("xvfb-run", ["-a", driverPath, `--port=${port}`], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-10_000);
  });
  const failed = new Promise<never>((_, reject) =>
    child.once("error", (error) => reject(new Error(`xvfb-run ${driverPath}: ${error.message}`))),
  );
  failed.catch(() => {});
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`WebKitWebDriver exited with ${child.exitCode}:\n${log}`);
    const ready = await Promise.race([
      fetch(`${base}/status`).then(
        (response) => response.ok,
        () => false,
      ),
      failed,
    ]);
    if (ready) break;
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer on ${port}:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await gone;
    },
  };
}
