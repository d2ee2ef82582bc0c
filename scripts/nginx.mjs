// Debian's nginx in front of the nodes, for the tests and the bench: renders deploy/nginx/foodpark.conf.template
// (the whole nginx.conf docs/deploy.md shows) with the given ports and runs nginx as a child process with its own
// prefix folder (config, pid, temp files), as whichever user runs it, in the foreground, with its open-file limit
// raised to the hard limit first (the template asks for more: that needs root with CAP_SYS_RESOURCE).
//
//   node scripts/nginx.mjs --port 8125 127.0.0.1:8105 127.0.0.1:8115
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const templatePath = path.join(root, "deploy/nginx/foodpark.conf.template");

/**
 * The template with its placeholders filled in.
 * @param {{ listen: string, backends: { host: string, port: number }[] }} options
 */
export function renderTemplate({ listen, backends }) {
  const template = fs.readFileSync(templatePath, "utf8");
  const servers = backends
    .map(({ host, port }) => `server ${host}:${port} max_fails=2 fail_timeout=5s;`)
    .join("\n    ");
  return template.replaceAll("{{listen}}", listen).replaceAll("{{servers}}", servers);
}

/**
 * The rendered template with what running it here needs: in the foreground, pid and temp files inside `prefix`,
 * errors to stderr, no access log (a production host keeps its compiled-in paths).
 */
function localConfig(prefix, rendered) {
  const temp = (name) => path.join(prefix, "temp", name);
  const main = `daemon off;
master_process on;
pid ${path.join(prefix, "nginx.pid")};
error_log stderr notice;
`;
  const http = `http {
    access_log off;
    client_body_temp_path ${temp("client_body")};
    proxy_temp_path ${temp("proxy")};
    fastcgi_temp_path ${temp("fastcgi")};
    uwsgi_temp_path ${temp("uwsgi")};
    scgi_temp_path ${temp("scgi")};
`;
  const blocks = rendered.match(/^http \{\n/gm) ?? [];
  if (blocks.length !== 1)
    throw new Error(`the template needs exactly one top-level "http {" line, has ${blocks.length}`);
  return main + rendered.replace(/^http \{\n/m, http);
}

/** NGINX_PATH, else Debian's /usr/sbin/nginx (not on an ordinary user's PATH), else whatever `nginx` is. */
function defaultNginxPath() {
  if (process.env.NGINX_PATH) return process.env.NGINX_PATH;
  return fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Starts nginx on 127.0.0.1:`port` in front of `backends`.
 * @param {{ port: number, backends: { host: string, port: number }[], nginxPath?: string }} options
 */
export async function startNginx({ port, backends, nginxPath = defaultNginxPath() }) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "foodpark-nginx-"));
  fs.mkdirSync(path.join(prefix, "temp"));
  fs.mkdirSync(path.join(prefix, "logs"));
  const confPath = path.join(prefix, "nginx.conf");
  const write = (list) =>
    fs.writeFileSync(
      confPath,
      localConfig(prefix, renderTemplate({ listen: `127.0.0.1:${port}`, backends: list })),
    );
  write(backends);

  // The soft limit on open files raised to the hard one (sh's ulimit, then exec: the pid stays nginx's master), so
  // workers that cannot raise it themselves (worker_rlimit_nofile needs CAP_SYS_RESOURCE) still hold their share.
  const child = spawn(
    "sh",
    [
      "-c",
      'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"',
      nginxPath,
      "-p",
      prefix,
      "-c",
      confPath,
      "-e",
      "stderr",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let log = "";
  const logListeners = new Set();
  child.stderr.on("data", (chunk) => {
    log = (log + chunk.toString()).slice(-50_000);
    for (const listener of logListeners) listener();
  });
  const spawnError = new Promise((_, reject) => child.once("error", reject));
  spawnError.catch(() => {});

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log}`);
    const up = await Promise.race([accepts(port), spawnError]);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Resolves once the log after `mark` matches `pattern`. */
  function waitForLog(mark, pattern, ms) {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (pattern.test(log.slice(mark))) {
          clearTimeout(timer);
          logListeners.delete(check);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        logListeners.delete(check);
        reject(new Error(`nginx: no ${pattern} within ${ms} ms:\n${log}`));
      }, ms);
      logListeners.add(check);
      check();
    });
  }

  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    prefix,
    /** The master's process id. */
    pid: child.pid,
    /** Each worker's soft limit on open files (Linux's /proc; [] elsewhere). */
    workerFileLimits() {
      try {
        const workers = fs
          .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
          .trim()
          .split(/\s+/)
          .filter(Boolean);
        return workers.map((pid) => {
          const limits = fs.readFileSync(`/proc/${pid}/limits`, "utf8");
          const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
          return soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
        });
      } catch {
        return [];
      }
    },
    /** What nginx wrote to its error log so far. */
    log: () => log,
    /** Rewrites the upstream list and reloads nginx (as `nginx -s reload` does); resolves when new workers run. */
    async setBackends(next) {
      write(next);
      const mark = log.length;
      child.kill("SIGHUP");
      await waitForLog(mark, /start worker process/, 10_000);
      if (/\[emerg\]/.test(log.slice(mark)))
        throw new Error(`nginx refused the new configuration:\n${log}`);
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await gone;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf("--port");
  const port = portAt >= 0 ? Number(args.splice(portAt, 2)[1]) : 8090;
  const backends = args.map((address) => {
    const [backendHost, backendPort] = address.split(":");
    return { host: backendHost || "127.0.0.1", port: Number(backendPort) };
  });
  const nginx = await startNginx({ port, backends });
  console.log(`nginx on 127.0.0.1:${nginx.port} → ${args.join(", ")} (prefix ${nginx.prefix})`);
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => nginx.close().then(() => process.exit(0)));
}
