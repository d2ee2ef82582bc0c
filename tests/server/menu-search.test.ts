import type { ErrorResponse } from "@contract/errors";
import {
  MENU_SEARCH_MESSAGES,
  type MenuSearchResponse,
  menuSearchResponseSchema,
} from "@contract/menu-search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

describe.each(databaseKinds)("GET /api/menu-search on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.close());

  const search = (q: string) =>
    server.request<MenuSearchResponse>(`/api/menu-search?q=${encodeURIComponent(q)}`);

  it("finds dishes across trailers by name, with their trailer and price, names first", async () => {
    const response = await search("burger");
    expect(response.status).toBe(200);
    expect(menuSearchResponseSchema.safeParse(response.body).success).toBe(true);
    const names = response.body.results.map((hit) => `${hit.name} @ ${hit.vendorName}`);
    expect(names[0]).toBe("Buttermilk Chicken Burger @ Smash Stack");
    // 'Burgers' is Smash Stack's category: every burger there is found, not only those named so.
    expect(names).toEqual(
      expect.arrayContaining(["Classic Smash @ Smash Stack", "Plant Smash @ Smash Stack"]),
    );
    const classic = response.body.results.find((hit) => hit.name === "Classic Smash")!;
    expect(classic).toMatchObject({
      price: 9.5,
      pricePence: 950,
      category: "Burgers",
      has_required_addongroups: true,
    });
    expect(classic.id).toBe(`item_${classic.itemId}`);
  });

  it("matches every word, any case, in name, category or description", async () => {
    const vegan = (await search("VEGAN cheese")).body.results.map((hit) => hit.name);
    expect(vegan).toContain("Plant Smash");
    for (const hit of (await search("vegan cheese")).body.results) {
      expect(`${hit.name} ${hit.category} ${hit.description}`.toLowerCase()).toMatch(/vegan/);
      expect(`${hit.name} ${hit.category} ${hit.description}`.toLowerCase()).toMatch(/cheese/);
    }
    expect(
      (await search("pizza")).body.results.every((hit) => hit.vendorName === "Forno & Fuoco"),
    ).toBe(true);
    expect((await search("zzzz nothing")).body).toEqual({
      query: "zzzz nothing",
      results: [],
      more: 0,
    });
  });

  it("leaves out closed trailers and switched-off dishes", async () => {
    const churros = await search("churro");
    expect(churros.status).toBe(200);
    expect(churros.body.results).toEqual([]);
    const [classic] = await server.db.query<{ id: number }>(
      "select id from menu_items where name = 'Classic Smash'",
    );
    await server.db.query("update menu_items set available = false where id = $1", [classic!.id]);
    try {
      expect((await search("classic smash")).body.results.map((hit) => hit.name)).not.toContain(
        "Classic Smash",
      );
    } finally {
      await server.db.query("update menu_items set available = true where id = $1", [classic!.id]);
    }
  });

  it("refuses a missing, too short or too long search with 400 and a message", async () => {
    const missing = await server.request<ErrorResponse>("/api/menu-search");
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: MENU_SEARCH_MESSAGES.tooShort });
    expect((await search(" b ")).body).toEqual({ message: MENU_SEARCH_MESSAGES.tooShort });
    const long = await search("x".repeat(61));
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: MENU_SEARCH_MESSAGES.tooLong });
  });
});
