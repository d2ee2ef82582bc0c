import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AuditEntry } from "@contract/park-operations";
import type { MenuResponse } from "@contract/vendors";
import { runParkImport } from "@server/cli/park-import-command.js";
import { openDatabase } from "@server/db/database.js";
import { checkParkFile } from "@server/services/operations/park-import.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../services";
import { addWithRequiredChoices, cashOrder } from "./helpers/checkout-fixtures";
import { menuItemIdOf, vendorIdOf } from "./helpers/demo-park";
import { deleteRedisKeys, randomRedisPrefix, testRedisUrl } from "./helpers/redis";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
/** On the embedded database a test starts the park twice (the command takes the database in between): slow on a busy machine. */
const PGLITE_RESTART_TIMEOUT_MS = 120_000;
const demoTrailer = (slug: string) =>
  JSON.parse(
    fs.readFileSync(path.join("server/src/db/demo-park", `${slug}.json`), "utf8"),
  ) as Record<string, unknown> & {
    name: string;
    status: string;
    categories: {
      name: string;
      items: (Record<string, unknown> & {
        name: string;
        pricePence: number;
        allergens: string[];
        addonGroups?: { name: string; addons: Record<string, unknown>[] }[];
      })[];
    }[];
  };

/** The demo Forno & Fuoco with a day's changes: new prices, a new dish, a dish gone, an allergen, an extra. */
function changedForno() {
  const forno = demoTrailer("forno-fuoco");
  const pizzas = forno.categories[0]!;
  const margherita = pizzas.items.find((item) => item.name === "Margherita")!;
  margherita.pricePence = 1050;
  const portion = margherita.addonGroups!.find((group) => group.name === "Choose Portion Size")!;
  portion.addons[0]!.pricePence = 1050;
  margherita
    .addonGroups!.find((group) => group.name === "Extra toppings")!
    .addons.push({
      name: "Hot honey",
      pricePence: 90,
    });
  pizzas.items[1]!.allergens = [...pizzas.items[1]!.allergens, "mustard"];
  pizzas.items.push({
    name: "Bianca al Tartufo",
    description: "Fior di latte, truffle cream and wild mushrooms, no tomato.",
    pricePence: 1350,
    image: "/images/items/forno-fuoco-margherita.svg",
    allergens: ["gluten", "milk"],
  });
  const removed = pizzas.items.splice(2, 1)[0]!.name;
  return { park: { trailers: [forno] }, changedAllergenItem: pizzas.items[1]!.name, removed };
}

const write = (dir: string, name: string, data: unknown | string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof data === "string" ? data : `${JSON.stringify(data, null, 2)}\n`);
  return file;
};

function output() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

describe("a park file is checked against the contract, every problem on its line", () => {
  it("names the line and field of each problem", () => {
    const park = changedForno().park;
    park.trailers[0]!.categories[0]!.items[2]!.allergens = ["gluten", "tree nuts"];
    const text = JSON.stringify(park, null, 2)
      .replace('"pricePence": 1050,', '"pricePence": 10.5,')
      .replace('"rating": 4.7,', '"rating": 4.7,\n    "colour": "red",');
    const lines = text.split("\n");
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    const result = checkParkFile(text, "park.json");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContain(
      `park.json:${lineOf('"colour"')}: trailers[0].colour: is not a field of this format`,
    );
    expect(result.errors).toContain(
      `park.json:${lineOf('"pricePence": 10.5')}: trailers[0].categories[0].items[0].pricePence: must be a whole number of pence from 0 to 100,000 (£1,000)`,
    );
    expect(
      result.errors.some((error) => error.startsWith(`park.json:${lineOf('"tree nuts"')}: `)),
    ).toBe(true);
    expect(result.errors.join("\n")).toMatch(/allergens\[1\]: must be one of the 14 allergen ids/);
  });

  it("names the line of a JSON syntax error and of a name given twice", () => {
    const broken = checkParkFile('{\n  "trailers": [\n    {,\n  ]\n}\n', "park.json");
    expect(broken.ok).toBe(false);
    if (!broken.ok)
      expect(broken.errors[0]).toMatch(/^park\.json:3: \(the whole file\): not valid JSON/);
    const forno = demoTrailer("forno-fuoco");
    const twice = checkParkFile(JSON.stringify({ trailers: [forno, forno] }, null, 2), "park.json");
    expect(twice.ok).toBe(false);
    if (!twice.ok)
      expect(twice.errors.join("\n")).toContain(
        'trailers[1]: trailer slug "forno-fuoco" appears twice',
      );
  });

  it("accepts every demo trailer file as it is", () => {
    const { trailers } = JSON.parse(
      fs.readFileSync("server/src/db/demo-park/park.json", "utf8"),
    ) as { trailers: string[] };
    const park = { trailers: trailers.map(demoTrailer) };
    expect(checkParkFile(JSON.stringify(park), "park.json").ok).toBe(true);
  });
});

describe.each(databaseKinds)("npm run park:import on %s", (kind) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "park-import-test-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const menuOf = async (server: TestServer, vendorId: number) => {
    const menu = (await server.request<MenuResponse>(`/api/vendors/${vendorId}/items`)).body;
    return menu.items.flatMap((group) => group.items);
  };

  /**
   * A park running while the command runs (PostgreSQL), or the embedded database the command opens while the
   * server is stopped, then the server started again (it takes one process at a time).
   */
  async function withPark(
    test: (park: {
      server: TestServer;
      env: NodeJS.ProcessEnv;
      /** Before the command: the embedded database is let go (PostgreSQL: the park keeps running). */
      stop(): Promise<void>;
      /** After it: the server on the embedded database starts again (PostgreSQL: nothing to do). */
      start(): Promise<void>;
    }) => Promise<void>,
  ) {
    if (kind === "postgres") {
      const server = await startTestServer({ kind });
      const [{ name }] = (await server.db.query<{ name: string }>(
        "select current_database() as name",
      )) as [{ name: string }];
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${name}`;
      const nothing = async () => {};
      try {
        await test({
          server,
          env: { DATABASE_URL: url.toString() },
          stop: nothing,
          start: nothing,
        });
      } finally {
        await server.close();
      }
      return;
    }
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const open = async () => {
      const db = await openDatabase({ dataDir });
      return startTestServer({
        database: { kind, db, connectAgain: async () => db, drop: () => db.close() },
      });
    };
    let running = true;
    const park = {
      server: await open(),
      env: { DATA_DIR: dataDir },
      async stop() {
        await park.server.close();
        await park.server.database.drop();
        running = false;
      },
      async start() {
        park.server = await open();
        running = true;
      },
    };
    try {
      await test(park);
    } finally {
      if (running) await park.stop();
    }
  }

  it(
    "refuses an invalid file whole, with line numbers, and changes nothing",
    async () => {
      await withPark(async (park) => {
        const vendorId = await vendorIdOf(park.server.db, "forno-fuoco");
        const before = await menuOf(park.server, vendorId);
        const { park: file } = changedForno();
        const newIndex = file.trailers[0]!.categories[0]!.items.length - 1;
        // Valid changes first, one bad price last: nothing of it may land.
        const text = JSON.stringify(file, null, 2).replace(
          '"pricePence": 1350',
          '"pricePence": -5',
        );
        const bad = write(dir, "bad-park.json", text);
        const badLine = text.split("\n").findIndex((line) => line.includes('"pricePence": -5')) + 1;
        const { errors, out } = output();
        await park.stop();
        expect(await runParkImport([bad], park.env, out)).toBe(1);
        expect(errors[0]).toBe(
          `bad-park.json:${badLine}: trailers[0].categories[0].items[${newIndex}].pricePence: must be a whole number of pence from 0 to 100,000 (£1,000)`,
        );
        expect(errors.at(-1)).toMatch(/^Nothing was changed: 1 problem in /);
        await park.start();
        expect(await menuOf(park.server, vendorId)).toEqual(before);
        const [audit] = (await park.server.db.query<{ count: number }>(
          "select count(*)::int as count from park_audit",
        )) as [{ count: number }];
        expect(audit.count).toBe(0);
      });
    },
    PGLITE_RESTART_TIMEOUT_MS,
  );

  it(
    "applies a valid file in one transaction, audited, and the park's menu shows it",
    async () => {
      await withPark(async (park) => {
        const vendorId = await vendorIdOf(park.server.db, "forno-fuoco");
        const margheritaId = await menuItemIdOf(park.server.db, "forno-fuoco", "Margherita");
        const { park: file, changedAllergenItem, removed } = changedForno();
        // A dish nobody ordered is removed for good.
        const drinks = file.trailers[0]!.categories.find((category) => category.name === "Drinks")!;
        const dropped = "Sparkling Water";
        drinks.items = drinks.items.filter((item) => item.name !== dropped);
        // An order names the dish the file drops: it stays (sold out) so the order keeps its line.
        const customer = await park.server.registerCustomer({ name: "Robin" });
        const removedId = await menuItemIdOf(park.server.db, "forno-fuoco", removed);
        await addWithRequiredChoices(park.server, customer.token, vendorId, removedId);
        const placed = await park.server.request("/api/orders", {
          body: cashOrder(vendorId),
          token: customer.token,
        });
        expect(placed.status).toBe(201);

        const good = write(dir, "park.json", file);
        const { lines, out } = output();
        await park.stop();
        const started = Date.now();
        expect(await runParkImport([good, "--by", MANAGER.email], park.env, out)).toBe(0);
        expect(lines.join("\n")).toContain("Changed Forno & Fuoco (5 items).");
        expect(lines.join("\n")).toContain(
          `Kept as sold out (already ordered, so not deleted): ${removed}.`,
        );
        await park.start();

        // PostgreSQL: the running server notices by itself (no restart, no event from this process).
        let items = await menuOf(park.server, vendorId);
        while (
          !items.some((item) => item.name === "Bianca al Tartufo") &&
          Date.now() - started < 6000
        ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          items = await menuOf(park.server, vendorId);
        }
        const margherita = items.find((item) => item.name === "Margherita")!;
        expect(margherita.id).toBe(`item_${margheritaId}`); // the same item, changed in place
        expect(margherita.price).toBe(10.5);
        expect(items.find((item) => item.name === "Bianca al Tartufo")?.price).toBe(13.5);
        expect(items.find((item) => item.name === changedAllergenItem)?.allergens).toContain(
          "mustard",
        );
        const gone = items.find((item) => item.name === removed);
        expect(gone?.soldOut).toBe(true);
        expect(items.some((item) => item.name === dropped)).toBe(false);
        const groups = (
          await park.server.request<{
            addonGroups: { name: string; addons: { name: string }[] }[];
          }>(`/api/menu-items/${margheritaId}/addon-groups`)
        ).body.addonGroups;
        expect(
          groups
            .find((group) => group.name === "Extra toppings")
            ?.addons.map((addon) => addon.name),
        ).toContain("Hot honey");

        const manager = await park.server.login(MANAGER.email, MANAGER.password);
        const audit = (
          await park.server.request<{ data: AuditEntry[] }>("/api/staff/audit", { token: manager })
        ).body.data;
        expect(audit[0]).toMatchObject({
          who: MANAGER.email,
          action: "menu import",
          vendorName: "Forno & Fuoco",
          summary:
            "Menu imported from park.json: 1 item added, 2 changed, 1 removed, 1 kept sold out (ordered before)",
        });
        const before = audit[0]!.before as { items: Record<string, { pricePence: number }> };
        const after = audit[0]!.after as { items: Record<string, { pricePence: number } | null> };
        expect(before.items.Margherita?.pricePence).toBe(950);
        expect(after.items.Margherita?.pricePence).toBe(1050);
        expect(before.items["Bianca al Tartufo"]).toBeNull();

        // The same file again changes nothing and records nothing.
        const again = output();
        await park.stop();
        expect(await runParkImport([good], park.env, again.out)).toBe(0);
        expect(again.lines[0]).toMatch(/^Nothing to change/);
        await park.start();
      });
    },
    PGLITE_RESTART_TIMEOUT_MS,
  );
});

describe("with REDIS_URL the command tells the running nodes through the event relay", () => {
  it("publishes catalogueChanged, and a new trailer is added at the end of the park", async () => {
    const prefix = randomRedisPrefix();
    const server = await startTestServer({
      kind: "postgres",
      config: { redisUrl: testRedisUrl, redisKeyPrefix: prefix },
    });
    const subscriber = new Redis(testRedisUrl, { lazyConnect: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "park-import-redis-"));
    try {
      const [{ name }] = (await server.db.query<{ name: string }>(
        "select current_database() as name",
      )) as [{ name: string }];
      const url = new URL(testDatabaseUrl);
      url.pathname = `/${name}`;
      await subscriber.connect();
      const heard: string[] = [];
      subscriber.on("message", (_channel, message) => heard.push(message));
      await subscriber.subscribe(`${prefix}events`);

      const newcomer = {
        ...demoTrailer("churro-loco"),
        slug: "churro-loco-express",
        name: "Churro Express",
      };
      const file = write(dir, "park.json", { trailers: [newcomer] });
      const { lines, out } = output();
      const env = {
        DATABASE_URL: url.toString(),
        REDIS_URL: testRedisUrl,
        REDIS_KEY_PREFIX: prefix,
      };
      expect(await runParkImport([file], env, out)).toBe(0);
      expect(lines).toContain(
        "Added Churro Express (6 items).".replace(
          "6",
          String(newcomer.categories.flatMap((c) => c.items).length),
        ),
      );
      expect(lines.at(-1)).toBe("Running nodes were told through Redis.");
      await expect
        .poll(() => heard.map((text) => JSON.parse(text).event))
        .toContain("catalogueChanged");

      // The nodes reload their catalogue on the message: moments, unless the machine is busy.
      await expect
        .poll(
          async () =>
            (await server.request<{ data: { name: string }[] }>("/api/vendors/list")).body.data.map(
              (v) => v.name,
            ),
          { timeout: 5_000 },
        )
        .toContain("Churro Express");
      const [row] = await server.db.query<{
        action: string;
        summary: string;
        after: { name: string; status: string };
      }>("select action, summary, after from park_audit order by id desc limit 1");
      expect(row).toMatchObject({
        action: "menu import (new trailer)",
        summary: `Trailer added from park.json with ${newcomer.categories.flatMap((c) => c.items).length} items`,
        after: { name: "Churro Express", status: newcomer.status },
      });
    } finally {
      subscriber.disconnect();
      await deleteRedisKeys(prefix);
      fs.rmSync(dir, { recursive: true, force: true });
      await server.close();
    }
  }, 30_000);
});
