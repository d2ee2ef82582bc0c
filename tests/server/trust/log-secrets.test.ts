import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "@server/app.js";
import { loadConfig } from "@server/config.js";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../helpers/test-server";

/** The server's real log stream (pino, level trace) captured line by line while sign-ups and sign-ins fail. */
describe.each(databaseKinds)(
  "logs never hold passwords, hashes, tokens or card data on %s",
  (kind) => {
    let app: FastifyInstance;
    let database: TestDatabase;
    let baseUrl: string;
    const lines: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "trust-logs-"));

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      const config = {
        ...loadConfig({}),
        dataDir,
        jwtSecret: "log-test-secret-0123456789abcdef0123",
        logLevel: "trace",
        clientDir: undefined,
      };
      app = await buildApp(config, {
        database: database.db,
        logStream: { write: (line: string) => void lines.push(line) },
      });
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      // A real database refusal inside sign-up: names of 40+ characters break this test-only rule, so the
      // INSERT of the new user (email, password hash, name) fails in the database itself and is logged.
      await database.db.query(
        "alter table users add constraint trust_test_short_name check (length(name) < 40)",
      );
    });
    afterAll(async () => {
      await app?.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });

    it("after failed registrations and logins, with SQL errors logged", async () => {
      const password = "Sup3r-Secret-Pa55word!";
      const failed = await post("/auth/register", {
        email: "long-name@foodpark.test",
        password,
        name: "N".repeat(45),
      });
      expect(failed.status).toBe(500); // the database refused it: a real server error, logged
      await post("/auth/register", { email: "bad", password, name: "x" }); // 400
      await post("/auth/register", { email: "nul@foodpark.test", password, name: "a\u0000b" }); // 400

      const ok = await post("/auth/register", {
        email: "logs@foodpark.test",
        password,
        name: "Logs",
      });
      const { token } = (await ok.json()) as { token: string };
      expect(token).toBeTruthy();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(
          (
            await post("/auth/login", {
              email: "logs@foodpark.test",
              password: `${password}-wrong`,
            })
          ).status,
        ).toBe(401);
      }
      await post(
        "/auth/login",
        { email: "logs@foodpark.test", password },
        { authorization: `Bearer ${token}` },
      );
      await fetch(`${baseUrl}/auth/me?token=${token}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await post("/pay/test-checkout/pay_unknown", {
        number: "4242424242424242",
        cvc: "123",
        expiry: "12/40",
      });

      const [{ password_hash: hash }] = (await database.db.query<{ password_hash: string }>(
        "select password_hash from users where email = $1",
        ["logs@foodpark.test"],
      )) as [{ password_hash: string }];
      const log = lines.join("");
      expect(lines.length).toBeGreaterThan(10);
      expect(log).toContain("trust_test_short_name"); // the database error itself was logged…
      expect(log).not.toContain(password); // …but never the password,
      expect(log).not.toMatch(/scrypt\$/); // any password hash,
      expect(log).not.toContain(hash.split("$").at(-1)!);
      expect(log).not.toContain(token); // the token (header or ?token=),
      expect(log).not.toContain(token.split(".")[2]!);
      expect(log).not.toContain("4242424242424242"); // or card data.
    });
  },
);
