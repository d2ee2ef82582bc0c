/**
 * What a park file may hold (contract/park-file.ts PARK_FILE_LIMITS): `npm run park:import` refuses anything beyond
 * it, and anything the database would refuse, with `file:line: path: message` and exit 1, never a stack; `--check`
 * runs the very same checks. A fuzz of park files (fast-check) finds no crash: every file is refused with a line,
 * or applied.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PARK_FILE_LIMITS } from "@contract/park-file";
import { runParkImport } from "@server/cli/park-import-command.js";
import { type Database, openDatabase } from "@server/db/database.js";
import { migrate } from "@server/db/migrate.js";
import { seedDemoPark } from "@server/db/seed.js";
import { DomainEvents } from "@server/events.js";
import { createCatalogue } from "@server/services/catalogue/catalogue.js";
import { checkParkFile } from "@server/services/operations/park-import.js";
import { createParkOperations } from "@server/services/operations/park-operations.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Json = Record<string, unknown>;
type Trailer = Json & {
  categories: { name: string; items: (Json & { addonGroups?: Json[] })[] }[];
};

const demoTrailer = (slug: string): Trailer =>
  JSON.parse(fs.readFileSync(path.join("server/src/db/demo-park", `${slug}.json`), "utf8"));

/** Forno & Fuoco as a park file, changed by `change`. */
function fornoWith(change: (trailer: Trailer) => void): { trailers: Trailer[] } {
  const forno = demoTrailer("forno-fuoco");
  change(forno);
  return { trailers: [forno] };
}

const firstItem = (trailer: Trailer) => trailer.categories[0]!.items[0]!;
const firstGroup = (trailer: Trailer) => firstItem(trailer).addonGroups![0]!;

/** A line of the form `file:line: path: message`, naming `where` and saying `what`. */
const refusal = (file: string, where: string, what: string | RegExp) =>
  new RegExp(
    `^${file.replace(".", "\\.")}:\\d+: ${where.replace(/[[\].()]/g, "\\$&")}: ${typeof what === "string" ? what.replace(/[[\].()£]/g, "\\$&") : what.source}`,
  );

const LIMITS = PARK_FILE_LIMITS;

const cases: { label: string; text: () => string; where: string; what: string | RegExp }[] = [
  {
    label: "nesting deeper than 32",
    text: () => `{"trailers": [${"[".repeat(100_000)}${"]".repeat(100_000)}]}`,
    where: `trailers${"[0]".repeat(31)}`,
    what: "nests deeper than 32 levels",
  },
  {
    label: "a file over 5 MB",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          firstItem(trailer).description = "x".repeat(6 * 1024 * 1024);
        }),
      ),
    where: "(the whole file)",
    what: /is 6\.0 MB; a park file is at most 5\.0 MB/,
  },
  {
    label: "a name over 120 characters",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          firstItem(trailer).name = "N".repeat(121);
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].name",
    what: "must be at most 120 characters",
  },
  {
    label: "a description over 1,000 characters",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          trailer.description = "d".repeat(1_001);
        }),
        null,
        2,
      ),
    where: "trailers[0].description",
    what: "must be at most 1,000 characters",
  },
  {
    label: "more than 500 items in one trailer",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          const template = { ...firstItem(trailer), addonGroups: [] };
          trailer.categories = Array.from({ length: 3 }, (_, category) => ({
            name: `Category ${category}`,
            items: Array.from({ length: 167 }, (_, index) => ({
              ...template,
              name: `Dish ${category}-${index}`,
            })),
          }));
        }),
        null,
        2,
      ),
    where: "trailers[0].categories",
    what: "must hold at most 500 items in all (it holds 501)",
  },
  {
    label: "a price over £1,000",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          firstItem(trailer).pricePence = 99_999_999_999;
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].pricePence",
    what: "must be a whole number of pence from 0 to 100,000 (£1,000)",
  },
  {
    label: "an add-on's price over £1,000",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          (firstGroup(trailer).addons as Json[])[0]!.pricePence = 100_001;
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].addonGroups[0].addons[0].pricePence",
    what: "must be a whole number of pence from 0 to 100,000 (£1,000)",
  },
  {
    label: "a group's minimum above its maximum",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          Object.assign(firstGroup(trailer), { minQuantity: 2, maxQuantity: 1 });
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].addonGroups[0].minQuantity",
    what: "must not be above maxQuantity (1)",
  },
  {
    label: "a quantity beyond the database's integers",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          Object.assign(firstGroup(trailer), { maxQuantity: 3_000_000_000 });
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].addonGroups[0].maxQuantity",
    what: "must be a whole number from 1 to 50",
  },
  {
    label: "a preparation time beyond the database's integers",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          trailer.preparationTimeMax = 2 ** 31;
        }),
        null,
        2,
      ),
    where: "trailers[0].preparationTimeMax",
    what: "must be a whole number from 1 to 240",
  },
  {
    label: "text the database cannot store (NUL)",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          firstItem(trailer).description = "crisp\u0000base";
        }),
        null,
        2,
      ),
    where: "trailers[0].categories[0].items[0].description",
    what: "must not hold a NUL character",
  },
  {
    label: "text the database cannot store (a lone surrogate)",
    text: () =>
      JSON.stringify(
        fornoWith((trailer) => {
          trailer.name = "Forno \ud800";
        }),
        null,
        2,
      ),
    where: "trailers[0].name",
    what: "must not hold a NUL character or a broken character",
  },
];

describe("park file limits", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "park-limits-test-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await runParkImport(args, env, {
      log: (line) => lines.push(line),
      error: (line) => errors.push(line),
    });
    return { code, lines, errors };
  };

  it.each(cases)(
    "refuses $label with file:line: path: message, by --check and by the import alike",
    async ({ text, where, what }) => {
      const file = path.join(dir, "limits.json");
      fs.writeFileSync(file, text());
      // The import is refused before it opens a database: a data folder that is never created proves it.
      const dataDir = path.join(dir, "never-opened");
      for (const args of [[file, "--check"], [file]]) {
        const { code, errors } = await run(args, { DATA_DIR: dataDir });
        expect(code).toBe(1);
        expect(errors[0]).toMatch(refusal("limits.json", where, what));
        expect(errors.join("\n")).not.toMatch(/\n\s+at |RangeError|TypeError/);
        expect(errors.at(-1)).toMatch(/^Nothing was changed: 1 problem in /);
      }
      expect(fs.existsSync(dataDir)).toBe(false);
    },
  );

  it("accepts a file at every limit, and the database takes it", async () => {
    const atLimits = fornoWith((trailer) => {
      trailer.description = "d".repeat(LIMITS.descriptionChars);
      trailer.preparationTimeMax = LIMITS.preparationMinutes;
      const template = { ...firstItem(trailer), addonGroups: [] };
      const first = firstItem(trailer);
      first.name = "N".repeat(LIMITS.nameChars);
      first.pricePence = LIMITS.pricePence;
      Object.assign(firstGroup(trailer), { minQuantity: 2, maxQuantity: 2 });
      const kept = trailer.categories[0]!.items.slice(0, 1);
      trailer.categories = [
        { name: trailer.categories[0]!.name, items: kept },
        {
          name: "Many",
          items: Array.from({ length: LIMITS.itemsPerTrailer - 1 }, (_, index) => ({
            ...template,
            name: `Dish ${index}`,
          })),
        },
      ];
    });
    const file = path.join(dir, "at-limits.json");
    fs.writeFileSync(file, JSON.stringify(atLimits, null, 2));
    const checked = await run([file, "--check"]);
    expect(checked.errors).toEqual([]);
    expect(checked.code).toBe(0);
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const applied = await run([file], { DATA_DIR: dataDir });
    expect(applied.errors).toEqual([]);
    expect(applied.code).toBe(0);
    expect(applied.lines[0]).toMatch(/^(Added|Changed) Forno & Fuoco \(500 items\)\./);
  }, 120_000);

  describe("a fuzz of park files", () => {
    let db: Database;
    let importPark: (text: string) => Promise<void>;
    let applied = 0;
    beforeAll(async () => {
      db = await openDatabase({ dataDir: undefined });
      await migrate(db);
      await seedDemoPark(db);
      const events = new DomainEvents();
      const operations = createParkOperations({
        db,
        events,
        catalogue: createCatalogue({ db, events }),
      });
      importPark = async (text) => {
        const checked = checkParkFile(text, "fuzz.json");
        if (!checked.ok) {
          for (const error of checked.errors) expect(error).toMatch(/^fuzz\.json:\d+: .+: .+/);
          return;
        }
        await operations.importPark({ id: null, email: "fuzz" }, checked.park, "fuzz.json");
        applied += 1;
      };
    }, 60_000);
    afterAll(() => db?.close());

    /** A path into a value, and the value there replaced (or removed). */
    function mutate(
      root: unknown,
      choices: number[],
      replacement: unknown,
      remove: boolean,
    ): unknown {
      const copy = structuredClone(root) as Json;
      let parent: Json | unknown[] = copy;
      let key: string | number | undefined;
      for (const choice of choices) {
        const holder: unknown = key === undefined ? parent : (parent as Json)[key as string];
        if (holder === null || typeof holder !== "object") break;
        const keys = Array.isArray(holder) ? holder.map((_, index) => index) : Object.keys(holder);
        if (keys.length === 0) break;
        if (key !== undefined) parent = holder as Json;
        key = keys[choice % keys.length];
      }
      if (key === undefined) return replacement;
      if (remove && !Array.isArray(parent)) delete (parent as Json)[key as string];
      else (parent as Json)[key as string] = replacement;
      return copy;
    }

    it("finds no crash: each file is refused with its line, or applied", async () => {
      const trailers = ["forno-fuoco", "smash-stack", "green-bowl"].map(demoTrailer);
      const hostile = fc.oneof(
        fc.jsonValue(),
        fc.string({ unit: "binary", maxLength: 200 }),
        fc.constantFrom(
          -1,
          0.5,
          2 ** 31,
          -(2 ** 31) - 1,
          1e308,
          99_999_999_999,
          "",
          "\u0000",
          "\ud800",
          "x".repeat(2_000),
          [],
          {},
          null,
          "__proto__",
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.subarray(trailers, { minLength: 1 }),
          fc.array(
            fc.record({
              choices: fc.array(fc.nat(40), { minLength: 1, maxLength: 8 }),
              replacement: hostile,
              remove: fc.boolean(),
            }),
            { maxLength: 3 },
          ),
          fc.boolean(),
          async (chosen, mutations, pretty) => {
            let park: unknown = { trailers: chosen };
            for (const { choices, replacement, remove } of mutations)
              park = mutate(park, choices, replacement, remove);
            await importPark(JSON.stringify(park, null, pretty ? 2 : 0) ?? "null");
          },
        ),
        { numRuns: 300, seed: 4242012 },
      );
      // Not only refusals: a good share of the mutated files are valid and reach the database.
      expect(applied).toBeGreaterThan(20);
    }, 300_000);

    it("finds no crash in text that is hardly JSON at all", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom("{", "}", "[", "]", '"', ",", ":", "\\", "1", "a", "\n", " "), {
            maxLength: 400,
          }),
          async (characters) => {
            const text = characters.join("");
            const checked = checkParkFile(text, "fuzz.json");
            expect(checked.ok).toBe(false);
            if (!checked.ok) expect(checked.errors[0]).toMatch(/^fuzz\.json:\d+: .+: .+/);
          },
        ),
        { numRuns: 500, seed: 4242012 },
      );
    });
  });
});
