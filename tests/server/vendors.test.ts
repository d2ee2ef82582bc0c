import type { ErrorResponse } from "@contract/errors";
import {
  type AddonGroupsResponse,
  addonGroupsResponseSchema,
  type MenuResponse,
  menuItemResponseSchema,
  menuResponseSchema,
  type Vendor,
  type VendorListResponse,
  vendorListResponseSchema,
  vendorSchema,
} from "@contract/vendors";
import { loadSeedVendors } from "@server/db/seed-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const seedVendors = loadSeedVendors();

import { catalogueChanged, menuItemIdOf, vendorIdOf } from "./helpers/demo-park";
import { databaseKinds, startTestServer, type TestServer } from "./helpers/test-server";

describe.each(databaseKinds)("vendors and menu API on %s", (kind) => {
  let server: TestServer;

  const vendorIdBySlug = (slug: string) => vendorIdOf(server.db, slug);
  const itemId = (vendorSlug: string, name: string) => menuItemIdOf(server.db, vendorSlug, name);

  beforeAll(async () => {
    server = await startTestServer({ kind });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("GET /api/vendors/list", () => {
    it("answers the first 20 vendors in park order with the pagination, without a token", async () => {
      const response = await server.request<VendorListResponse>("/api/vendors/list");
      expect(response.status).toBe(200);
      expect(vendorListResponseSchema.safeParse(response.body).success).toBe(true);
      expect(response.body.data.map((vendor) => vendor.name)).toEqual(
        seedVendors.map((vendor) => vendor.name),
      );
      expect(response.body.pagination).toEqual({ page: 1, limit: 20, total: 8, totalPages: 1 });
      expect(response.headers.get("cache-control")).toBe(
        "public, max-age=30, stale-while-revalidate=300",
      );
    });

    it("pages through the vendors", async () => {
      const second = await server.request<VendorListResponse>("/api/vendors/list?page=2&limit=3");
      expect(second.body.data.map((vendor) => vendor.name)).toEqual(
        seedVendors.slice(3, 6).map((v) => v.name),
      );
      expect(second.body.pagination).toEqual({ page: 2, limit: 3, total: 8, totalPages: 3 });

      const beyond = await server.request<VendorListResponse>("/api/vendors/list?page=9&limit=3");
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
    });

    it.each([
      ["limit=0", "limit must be between 1 and 100"],
      ["limit=-5", "limit must be between 1 and 100"],
      ["limit=101", "limit must be between 1 and 100"],
      ["page=0", "page must be 1 or more"],
    ])("refuses %s with 400 and a message", async (query, message) => {
      const response = await server.request<ErrorResponse>(`/api/vendors/list?${query}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message });
      expect(response.headers.get("cache-control")).toBeNull();
    });

    it("accepts the largest page size", async () => {
      const response = await server.request<VendorListResponse>("/api/vendors/list?limit=100");
      expect(response.status).toBe(200);
      expect(response.body.pagination.limit).toBe(100);
    });

    it("keeps closed trailers under status=active but leaves out the ones the park switched off", async () => {
      const forno = await vendorIdBySlug("forno-fuoco");
      await server.db.query("update vendors set active = false where id = $1", [forno]);
      await catalogueChanged(server);
      try {
        const active = await server.request<VendorListResponse>("/api/vendors/list?status=active");
        const names = active.body.data.map((vendor) => vendor.name);
        expect(names).not.toContain("Forno & Fuoco");
        expect(active.body.pagination.total).toBe(7);
        const churros = active.body.data.find((vendor) => vendor.name === "Churro Loco");
        expect(churros?.status).toBe("closed");
        expect(active.body.data.filter((vendor) => vendor.status === "open")).toHaveLength(6);

        const all = await server.request<VendorListResponse>("/api/vendors/list");
        const switchedOff = all.body.data.find((vendor) => vendor.id === forno);
        expect(switchedOff?.status).toBe("closed");
        expect(all.body.pagination.total).toBe(8);
      } finally {
        await server.db.query("update vendors set active = true where id = $1", [forno]);
        await catalogueChanged(server);
      }
    });
  });

  describe("GET /api/vendors/:id", () => {
    it("answers the vendor for the menu screen, by number or vendor_{n}", async () => {
      const id = await vendorIdBySlug("seoul-bird");
      const byNumber = await server.request<Vendor>(`/api/vendors/${id}`);
      expect(byNumber.status).toBe(200);
      expect(vendorSchema.safeParse(byNumber.body).success).toBe(true);
      expect(byNumber.body).toMatchObject({
        id,
        name: "Seoul Bird",
        status: "open",
        rating: 4.8,
        preparationTime: { min: 12, max: 16 },
        priceCategory: "10_to_20",
      });
      const byPrefixed = await server.request<Vendor>(`/api/vendors/vendor_${id}`);
      expect(byPrefixed.body).toEqual(byNumber.body);
    });

    it("answers 404 with a message for an unknown vendor and 400 for a malformed id", async () => {
      const unknown = await server.request<ErrorResponse>("/api/vendors/9999");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Vendor 9999 not found" });
      const malformed = await server.request<ErrorResponse>("/api/vendors/pizza");
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain("Invalid vendor");
    });
  });

  describe("GET /api/vendors/:id/items", () => {
    it("groups the menu by category, categories and items in menu order", async () => {
      const id = await vendorIdBySlug("forno-fuoco");
      const response = await server.request<MenuResponse>(`/api/vendors/${id}/items`);
      expect(response.status).toBe(200);
      expect(menuResponseSchema.safeParse(response.body).success).toBe(true);
      const seed = seedVendors.find((vendor) => vendor.slug === "forno-fuoco")!;
      expect(response.body.items.map((group) => group.category)).toEqual(
        seed.categories.map((c) => c.name),
      );
      expect(response.body.items.map((group) => group.items.map((item) => item.name))).toEqual(
        seed.categories.map((category) => category.items.map((item) => item.name)),
      );
    });

    it("describes each item with its id form, pounds and pence, allergens and add-on flags", async () => {
      const id = await vendorIdBySlug("forno-fuoco");
      const response = await server.request<MenuResponse>(`/api/vendors/${id}/items`);
      const items = response.body.items.flatMap((group) => group.items);
      const margherita = items.find((item) => item.name === "Margherita");
      expect(margherita).toMatchObject({
        id: expect.stringMatching(/^item_\d+$/),
        vendorId: id,
        price: 9.5,
        pricePence: 950,
        category: "Pizzas",
        has_required_addongroups: true,
        has_addongroups: true,
        allergens: ["gluten", "milk"],
        badges: ["best_seller"],
        available: true,
      });
      const pesto = items.find((item) => item.name === "Pesto Genovese");
      expect(pesto).toMatchObject({ has_required_addongroups: false, has_addongroups: true });
      const water = items.find((item) => item.name === "Sparkling Water");
      expect(water).toMatchObject({
        has_required_addongroups: false,
        has_addongroups: false,
        allergens: [],
      });
    });

    it("answers 404 for an unknown vendor", async () => {
      const response = await server.request<ErrorResponse>("/api/vendors/9999/items");
      expect(response.status).toBe(404);
      expect(response.body.message).toEqual(expect.any(String));
    });
  });

  describe("GET /api/menu-items/:itemId and its add-on groups", () => {
    it("answers one item by item_{n} or n", async () => {
      const id = await itemId("smash-stack", "Classic Smash");
      const response = await server.request(`/api/menu-items/item_${id}`);
      expect(response.status).toBe(200);
      expect(menuItemResponseSchema.safeParse(response.body).success).toBe(true);
      expect(response.body).toMatchObject({ item: { id: `item_${id}`, name: "Classic Smash" } });
      expect((await server.request(`/api/menu-items/${id}`)).body).toEqual(response.body);
    });

    it("answers the groups in order with add-on prices as pound strings and the default flags", async () => {
      const id = await itemId("forno-fuoco", "Margherita");
      const response = await server.request<AddonGroupsResponse>(
        `/api/menu-items/item_${id}/addon-groups`,
      );
      expect(response.status).toBe(200);
      expect(addonGroupsResponseSchema.safeParse(response.body).success).toBe(true);
      const groups = response.body.addonGroups;
      expect(groups.map((group) => group.name)).toEqual([
        "Choose Portion Size",
        "Extra toppings",
        "Crust dips",
        "Frequently Bought Together",
      ]);
      expect(groups[0]).toMatchObject({ min_quantity: 1, max_quantity: 1, is_required: true });
      expect(groups[0]!.addons.map((addon) => [addon.name, addon.price, addon.default])).toEqual([
        ['10" Regular', "9.50", true],
        ['12" Large', "12.50", false],
      ]);
      const nduja = groups[1]!.addons.find((addon) => addon.name === "Nduja");
      expect(nduja).toMatchObject({
        price: "1.50",
        pricePence: 150,
        default: false,
        description: "",
      });
      const mayo = groups[2]!.addons.find((addon) => addon.name === "Garlic & herb mayo");
      // No allergen-bearing extra is preselected in the demo park.
      expect(mayo).toMatchObject({ price: "0.00", default: false, allergens: ["eggs", "mustard"] });
    });

    it("answers an empty list for an item without groups, 404 for an unknown item", async () => {
      const water = await itemId("forno-fuoco", "Sparkling Water");
      expect((await server.request(`/api/menu-items/${water}/addon-groups`)).body).toEqual({
        addonGroups: [],
      });
      const unknown = await server.request<ErrorResponse>(
        "/api/menu-items/item_99999/addon-groups",
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Menu item 99999 not found" });
      expect((await server.request("/api/menu-items/item_99999")).status).toBe(404);
    });
  });
});
