// A small round-robin TCP load balancer for tests and the bench (not for production: docs/deploy.md shows nginx).
// Each client connection goes to the next backend in turn; HTTP keep-alive and WebSocket upgrades pass through
// untouched because whole connections are relayed. A backend that refuses a connection is skipped for a while and
// the client connection is retried on the next one, so a node going away is invisible to new connections.
//
//   node scripts/lb.mjs --port 8125 127.0.0.1:8105 127.0.0.1:8115
import net from "node:net";
import { fileURLToPath } from "node:url";

const RETRY_DOWN_MS = 2000;

/**
 * @param {{ port?: number, host?: string, backends: { host: string, port: number }[] }} options
 */
export async function startLoadBalancer({ port = 0, host = "127.0.0.1", backends: initial }) {
  if (initial.length === 0) throw new Error("at least one backend");
  let backends = initial.slice();
  let downUntil = backends.map(() => 0);
  let counts = backends.map(() => 0);
  const open = new Set();
  let turn = 0;

  /** The next backend not marked down (or, if all are, the next one anyway). */
  function pick(skip) {
    for (let step = 0; step < backends.length; step++) {
      const index = (turn + step) % backends.length;
      if (!skip.has(index) && downUntil[index] <= Date.now()) {
        turn = index + 1;
        return index;
      }
    }
    for (let step = 0; step < backends.length; step++) {
      const index = (turn + step) % backends.length;
      if (!skip.has(index)) {
        turn = index + 1;
        return index;
      }
    }
    return -1;
  }

  const server = net.createServer((client) => {
    open.add(client);
    client.pause();
    client.on("error", () => client.destroy());
    client.on("close", () => open.delete(client));
    const tried = new Set();
    const connect = () => {
      const index = pick(tried);
      if (index < 0) return client.destroy();
      tried.add(index);
      const backend = backends[index];
      const upstream = net.connect(backend);
      open.add(upstream);
      let established = false;
      upstream.once("connect", () => {
        established = true;
        if (backends[index] === backend) counts[index] += 1;
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.on("error", () => {
        if (!established) {
          if (backends[index] === backend) downUntil[index] = Date.now() + RETRY_DOWN_MS;
          open.delete(upstream);
          connect();
          return;
        }
        client.destroy();
      });
      upstream.on("close", () => {
        open.delete(upstream);
        if (established) client.destroy();
      });
      client.on("close", () => upstream.destroy());
    };
    connect();
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    /** Connections handed to each backend so far. */
    get counts() {
      return counts.slice();
    },
    /** Replaces the backends (new connections only; open ones stay where they are). */
    setBackends(next) {
      backends = next.slice();
      downUntil = backends.map(() => 0);
      counts = backends.map(() => 0);
      turn = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
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
  const lb = await startLoadBalancer({ port, backends });
  console.log(`load balancer on 127.0.0.1:${lb.port} → ${args.join(", ")}`);
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => lb.close().then(() => process.exit(0)));
}
