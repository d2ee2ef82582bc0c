/**
 * The nginx configuration docs/deploy.md recommends is deploy/nginx/foodpark.conf.template, the file the two-node test
 * and the scale-out bench run. Here: the page shows that very file, it lets a worker hold two nodes' live phones, and
 * a real nginx (Debian's package) running it spreads clients over the nodes, keeps a browser on its node, and passes
 * over a node that stopped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Nginx, startNginx, templatePath } from "../../../scripts/nginx.mjs";

const root = path.resolve(import.meta.dirname, "../../..");

it("docs/deploy.md shows the template the tests run, unchanged", () => {
  const doc = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toContain(fs.readFileSync(templatePath, "utf8"));
});

it("lets one worker hold two nodes of 4,500 live phones, two connections and two open files each", () => {
  const template = fs.readFileSync(templatePath, "utf8");
  const main = template.slice(0, template.search(/^http \{$/m));
  const setting = (name: string) => Number(new RegExp(`^\\s*${name} (\\d+);`, "m").exec(main)?.[1]);
  const phones = 2 * 4_500;
  expect(setting("worker_connections")).toBeGreaterThanOrEqual(2 * phones);
  expect(main).toMatch(/^events \{\n\s+worker_connections \d+;\n\}$/m);
  expect(setting("worker_rlimit_nofile")).toBeGreaterThan(setting("worker_connections"));
});

describe("nginx running the template", () => {
  const backends: http.Server[] = [];
  let nginx: Nginx;

  /** A stand-in node that answers with its name. */
  const backend = (name: string) =>
    new Promise<http.Server>((resolve) => {
      const server = http.createServer((_request, response) => response.end(name));
      server.listen(0, "127.0.0.1", () => resolve(server));
    });
  const portOf = (server: http.Server) => (server.address() as AddressInfo).port;
  const freePort = async () => {
    const server = await backend("probe");
    const port = portOf(server);
    await new Promise((resolve) => server.close(resolve));
    return port;
  };

  beforeAll(async () => {
    backends.push(await backend("A"), await backend("B"));
    nginx = await startNginx({
      port: await freePort(),
      backends: backends.map((server) => ({ host: "127.0.0.1", port: portOf(server) })),
    });
  });
  afterAll(async () => {
    await nginx?.close();
    for (const server of backends) {
      server.closeAllConnections();
      server.close();
    }
  });

  it.runIf(process.platform === "linux")(
    "runs its workers with the open-file limit the template asks for, or the hard limit where that is lower",
    async () => {
      const hard = execFileSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).trim();
      const wanted = Math.min(
        65_536,
        hard === "unlimited" ? Number.POSITIVE_INFINITY : Number(hard),
      );
      // nginx listens before its workers start.
      const limits = await vi.waitFor(() => {
        const found = nginx.workerFileLimits();
        expect(found.length).toBeGreaterThan(0);
        return found;
      });
      for (const limit of limits) expect(limit).toBeGreaterThanOrEqual(wanted);
    },
  );

  async function servedBy(cookie?: string) {
    const response = await fetch(`${nginx.baseUrl}/api/vendors`, {
      headers: cookie ? { cookie } : {},
    });
    return { node: await response.text(), setCookie: response.headers.get("set-cookie") };
  }

  it("spreads clients without its cookie over both nodes, all from one address, and gives each a cookie", async () => {
    const seen = { A: 0, B: 0 } as Record<string, number>;
    for (let i = 0; i < 40; i++) {
      const { node, setCookie } = await servedBy();
      seen[node] = (seen[node] ?? 0) + 1;
      expect(setCookie).toMatch(/^foodpark_node=[0-9a-f]{32}; Path=\/; HttpOnly; SameSite=Lax$/);
    }
    expect(seen.A).toBeGreaterThan(5);
    expect(seen.B).toBeGreaterThan(5);
  });

  it("keeps every request carrying the cookie on one node (socket.io's polling needs it), without setting it again", async () => {
    for (let client = 0; client < 4; client++) {
      const first = await servedBy();
      const cookie = first.setCookie!.split(";")[0]!;
      for (let i = 0; i < 10; i++)
        expect(await servedBy(cookie)).toEqual({ node: first.node, setCookie: null });
    }
  });

  it("passes over a node that stopped: no request fails, a browser on it moves to the other node", async () => {
    let onA: string | undefined;
    while (!onA) {
      const { node, setCookie } = await servedBy();
      if (node === "A") onA = setCookie!.split(";")[0];
    }
    const a = backends[0]!;
    a.closeAllConnections();
    await new Promise((resolve) => a.close(resolve));
    for (let i = 0; i < 10; i++) expect((await servedBy()).node).toBe("B");
    expect((await servedBy(onA)).node).toBe("B");
  });
});
