import { type CartResponse, cartResponseSchema, emptyCart } from "@contract/cart";
import type { ErrorResponse } from "@contract/errors";
import { MESSAGES, requiredGroupMessage } from "@contract/messages";
import type { AddonGroup, AddonGroupsResponse } from "@contract/vendors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { menuItemIdOf, vendorIdOf } from "./helpers/demo-park";
import {
  databaseKinds,
  type RequestOptions,
  startTestServer,
  type TestServer,
} from "./helpers/test-server";

const DEMO = { email: "demo@foodpark.test", password: "demo-password" };

describe.each(databaseKinds)("cart API on %s", (kind) => {
  let server: TestServer;
  const vendor = { forno: 0, smash: 0, churros: 0 };
  const item = {
    margherita: 0,
    pepperoni: 0,
    pesto: 0,
    water: 0,
    limonata: 0,
    classicChurros: 0,
    classicSmash: 0,
  };
  let margheritaGroups: AddonGroup[];
  let pepperoniGroups: AddonGroup[];

  const vendorId = (slug: string) => vendorIdOf(server.db, slug);
  const itemId = (vendorSlug: string, name: string) => menuItemIdOf(server.db, vendorSlug, name);
  const groupsOf = async (id: number) =>
    (await server.request<AddonGroupsResponse>(`/api/menu-items/${id}/addon-groups`)).body
      .addonGroups;
  const group = (groups: AddonGroup[], name: string) =>
    groups.find((candidate) => candidate.name === name)!;
  /** A selection of the named add-on of the named group. */
  const pick = (groups: AddonGroup[], groupName: string, addonName: string) => {
    const chosenGroup = group(groups, groupName);
    const addon = chosenGroup.addons.find((candidate) => candidate.name === addonName)!;
    return { addonGroupId: chosenGroup.id, addonId: addon.id, quantity: 1 };
  };
  const large = () => pick(margheritaGroups, "Choose Portion Size", '12" Large');
  const regular = () => pick(margheritaGroups, "Choose Portion Size", '10" Regular');
  const topping = (name: string) => pick(margheritaGroups, "Extra toppings", name);

  /** A fresh customer per test keeps every test's cart its own. */
  const newCustomer = async () => (await server.registerCustomer()).token;
  const call = <T = CartResponse>(token: string, path: string, options: RequestOptions = {}) =>
    server.request<T>(`/api/cart${path}`, { ...options, token });
  const getCart = async (token: string, query = "") => {
    const response = await call(token, query);
    expect(response.status).toBe(200);
    return response.body;
  };
  const addPlain = (
    token: string,
    itemIdValue: number,
    quantity = 1,
    extra: Record<string, unknown> = {},
  ) =>
    call(token, "/add", {
      body: { itemId: itemIdValue, quantity, vendorId: vendor.forno, ...extra },
    });
  const addWithAddons = (token: string, body: Record<string, unknown>) =>
    call(token, "/add-with-addons", {
      body: { itemId: item.margherita, vendorId: vendor.forno, quantity: 1, ...body },
    });
  const expectRefused = (
    response: { status: number; body: unknown },
    status: number,
    message: string,
  ) => {
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  };

  beforeAll(async () => {
    server = await startTestServer({ kind });
    vendor.forno = await vendorId("forno-fuoco");
    vendor.smash = await vendorId("smash-stack");
    vendor.churros = await vendorId("churro-loco");
    item.margherita = await itemId("forno-fuoco", "Margherita");
    item.pepperoni = await itemId("forno-fuoco", "Pepperoni");
    item.pesto = await itemId("forno-fuoco", "Pesto Genovese");
    item.water = await itemId("forno-fuoco", "Sparkling Water");
    item.limonata = await itemId("forno-fuoco", "San Pellegrino Limonata");
    item.classicChurros = await itemId("churro-loco", "Classic Churros");
    item.classicSmash = await itemId("smash-stack", "Classic Smash");
    margheritaGroups = await groupsOf(item.margherita);
    pepperoniGroups = await groupsOf(item.pepperoni);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("access", () => {
    it("needs a signed-in customer for every cart call", async () => {
      for (const [method, path] of [
        ["GET", ""],
        ["POST", "/add"],
        ["PUT", "/update"],
        ["POST", "/add-with-addons"],
        ["POST", "/allergy-information"],
        ["POST", "/delivery-instructions"],
        ["DELETE", "/remove-all-by-vendor"],
      ] as const) {
        const response = await server.request<ErrorResponse>(`/api/cart${path}`, {
          method,
          body:
            method === "GET"
              ? undefined
              : { vendorId: vendor.forno, itemId: item.water, quantity: 1 },
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.message).toEqual(expect.any(String));
      }
    });

    it("answers the empty cart, never cached, when the customer has none", async () => {
      const token = await newCustomer();
      const response = await call(token, "");
      expect(response.status).toBe(200);
      expect(response.body).toEqual(emptyCart());
      expect(response.headers.get("cache-control")).toBe("no-store");
    });

    it("answers a vendor's empty cart with the vendor's info and the default order type", async () => {
      const token = await newCustomer();
      const cart = await getCart(token, `?vendorId=${vendor.forno}`);
      expect(cart).toMatchObject({
        items: [],
        totalPence: 0,
        orderType: "takeaway",
        vendorId: vendor.forno,
        vendor_info: {
          id: vendor.forno,
          name: "Forno & Fuoco",
          preparationTime: { min: 10, max: 15 },
        },
      });
    });
  });

  describe("POST /api/cart/add", () => {
    it("adds the plain item priced from the database, with the spec's message", async () => {
      const token = await newCustomer();
      const response = await addPlain(token, item.water, 2);
      expect(response.status).toBe(200);
      expect(cartResponseSchema.safeParse(response.body).success).toBe(true);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.body.message).toBe(MESSAGES.addToCartSuccess);
      expect(response.body.items).toEqual([
        {
          id: `item_${item.water}`,
          lineId: expect.any(Number),
          menuItemId: item.water,
          name: "Sparkling Water",
          description: expect.any(String),
          image: expect.stringContaining("/images/"),
          quantity: 2,
          price: 1.8,
          addonTotal: 0,
          totalPrice: 3.6,
          pricePence: 180,
          addonTotalPence: 0,
          totalPricePence: 360,
          allergyInformation: "",
          allergens: [],
          itemAllergens: [],
          addons: [],
        },
      ]);
    });

    it("ignores any price the client sends", async () => {
      const token = await newCustomer();
      const response = await addPlain(token, item.water, 1, {
        price: 0.01,
        pricePence: 1,
        totalPrice: 0.01,
        subtotal: 0,
        total: 0,
      });
      expect(response.status).toBe(200);
      expect(response.body.items[0]).toMatchObject({
        price: 1.8,
        pricePence: 180,
        totalPricePence: 180,
      });
      expect(response.body.subtotalPence).toBe(180);
      expect(response.body.totalPence).toBe(230);
    });

    it("merges the same item into one line", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      const response = await addPlain(token, `item_${item.water}` as unknown as number, 2);
      expect(response.body.items).toHaveLength(1);
      expect(response.body.items[0]!.quantity).toBe(3);
    });

    it("sends items with required groups to their options", async () => {
      const token = await newCustomer();
      expectRefused(await addPlain(token, item.margherita), 400, MESSAGES.requiredAddonsToast);
      expect((await getCart(token, `?vendorId=${vendor.forno}`)).items).toEqual([]);
    });

    it("adds an item with only optional groups plainly, without its default add-ons", async () => {
      const token = await newCustomer();
      const response = await addPlain(token, item.pesto);
      expect(response.status).toBe(200);
      expect(response.body.items[0]).toMatchObject({
        name: "Pesto Genovese",
        addons: [],
        totalPricePence: 1200,
      });
    });

    it("refuses a closed trailer, naming it", async () => {
      const token = await newCustomer();
      const response = await call(token, "/add", {
        body: { itemId: item.classicChurros, quantity: 1, vendorId: vendor.churros },
      });
      expectRefused(response, 409, "Churro Loco is closed right now");
      expect((await getCart(token, `?vendorId=${vendor.churros}`)).items).toEqual([]);
    });

    it("refuses a trailer the park switched off", async () => {
      const token = await newCustomer();
      await server.db.query("update vendors set active = false where id = $1", [vendor.forno]);
      try {
        expectRefused(await addPlain(token, item.water), 409, "Forno & Fuoco is closed right now");
      } finally {
        await server.db.query("update vendors set active = true where id = $1", [vendor.forno]);
      }
    });

    it("refuses unknown and unavailable items, and an item of another vendor", async () => {
      const token = await newCustomer();
      expectRefused(await addPlain(token, 99999), 404, "Menu item 99999 not found");
      await server.db.query("update menu_items set available = false where id = $1", [
        item.limonata,
      ]);
      try {
        expectRefused(
          await addPlain(token, item.limonata),
          409,
          "San Pellegrino Limonata is not available right now",
        );
      } finally {
        await server.db.query("update menu_items set available = true where id = $1", [
          item.limonata,
        ]);
      }
      expectRefused(
        await addPlain(token, item.classicSmash),
        400,
        "Classic Smash is not on Forno & Fuoco's menu",
      );
      const unknownVendor = await call<ErrorResponse>(token, "/add", {
        body: { itemId: item.water, quantity: 1, vendorId: 9999 },
      });
      expectRefused(unknownVendor, 404, "Vendor 9999 not found");
    });

    it.each([0, -1, 51, 1.5])("refuses quantity %s", async (quantity) => {
      const token = await newCustomer();
      const response = await addPlain(token, item.water, quantity);
      expect(response.status).toBe(400);
      expect((response.body as unknown as ErrorResponse).message).toEqual(expect.any(String));
    });

    it("keeps one line at 50 at most", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 50);
      expectRefused(
        await addPlain(token, item.water, 1),
        400,
        "You can have at most 50 of Sparkling Water in your cart",
      );
      expect((await getCart(token, `?vendorId=${vendor.forno}`)).items[0]!.quantity).toBe(50);
    });
  });

  describe("POST /api/cart/add-with-addons", () => {
    it("prices the portion as the base and the add-ons on top, per unit", async () => {
      const token = await newCustomer();
      const response = await addWithAddons(token, {
        quantity: 2,
        addonSelections: [topping("Nduja"), large(), topping("Black olives")],
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe(MESSAGES.addToCartSuccess);
      const [line] = response.body.items;
      expect(line).toMatchObject({
        name: "Margherita",
        quantity: 2,
        price: 12.5,
        pricePence: 1250,
        addonTotal: 2.3,
        addonTotalPence: 230,
        totalPrice: 29.6,
        totalPricePence: 2960,
      });
      expect(line!.addons).toEqual([
        {
          groupId: large().addonGroupId,
          groupName: "Choose Portion Size",
          addons: [
            {
              addonId: large().addonId,
              name: '12" Large',
              quantity: 1,
              price: 12.5,
              total: 12.5,
              pricePence: 1250,
              allergens: [],
            },
          ],
        },
        {
          groupId: topping("Nduja").addonGroupId,
          groupName: "Extra toppings",
          addons: [
            {
              addonId: topping("Nduja").addonId,
              name: "Nduja",
              quantity: 1,
              price: 1.5,
              total: 1.5,
              pricePence: 150,
              allergens: [],
            },
            {
              addonId: topping("Black olives").addonId,
              name: "Black olives",
              quantity: 1,
              price: 0.8,
              total: 0.8,
              pricePence: 80,
              allergens: [],
            },
          ],
        },
      ]);
      expect(response.body).toMatchObject({
        subtotalPence: 2960,
        serviceChargePence: 50,
        totalPence: 3010,
      });
    });

    it("gives the line the dish's allergens with its add-ons', in the law's order", async () => {
      const token = await newCustomer();
      const mayo = pick(margheritaGroups, "Crust dips", "Garlic & herb mayo");
      const anchovies = topping("Anchovies");
      const response = await addWithAddons(token, {
        quantity: 1,
        addonSelections: [regular(), anchovies, mayo],
      });
      expect(response.status).toBe(200);
      const [line] = response.body.items;
      expect(line!.allergens).toEqual(["gluten", "eggs", "fish", "milk", "mustard"]);
      const dips = line!.addons.find((group) => group.groupName === "Crust dips");
      expect(dips!.addons).toMatchObject([
        { name: "Garlic & herb mayo", allergens: ["eggs", "mustard"] },
      ]);
    });

    it("ignores prices sent with the selections", async () => {
      const token = await newCustomer();
      const response = await addWithAddons(token, {
        price: 0,
        addonSelections: [
          { ...large(), price: "0.00", pricePence: 0 },
          { ...topping("Nduja"), price: 0 },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.items[0]!.totalPricePence).toBe(1400);
    });

    it("refuses an add-on of another item, naming it", async () => {
      const token = await newCustomer();
      const pepperoniNduja = pick(pepperoniGroups, "Extra toppings", "Nduja");
      const inOwnGroup = await addWithAddons(token, {
        addonSelections: [regular(), pepperoniNduja],
      });
      expectRefused(
        inOwnGroup,
        400,
        `Add-on group ${pepperoniNduja.addonGroupId} is not an option of Margherita`,
      );
      const inMargheritaGroup = await addWithAddons(token, {
        addonSelections: [
          regular(),
          { ...pepperoniNduja, addonGroupId: topping("Nduja").addonGroupId },
        ],
      });
      expectRefused(
        inMargheritaGroup,
        400,
        `Add-on ${pepperoniNduja.addonId} is not an option of Extra toppings for Margherita`,
      );
      expect((await getCart(token, `?vendorId=${vendor.forno}`)).items).toEqual([]);
    });

    it("refuses an add-on filed under another group of the same item", async () => {
      const token = await newCustomer();
      const misfiled = { ...topping("Nduja"), addonGroupId: large().addonGroupId };
      const response = await addWithAddons(token, { addonSelections: [regular(), misfiled] });
      expectRefused(
        response,
        400,
        `Add-on ${misfiled.addonId} is not an option of Choose Portion Size for Margherita`,
      );
    });

    it("refuses more than a group's max, two portions, the same add-on twice and quantities above 1", async () => {
      const token = await newCustomer();
      const four = [
        topping("Nduja"),
        topping("Black olives"),
        topping("Anchovies"),
        topping("Fresh rocket"),
      ];
      expectRefused(
        await addWithAddons(token, { addonSelections: [regular(), ...four] }),
        400,
        "Extra toppings: choose at most 3 option(s)",
      );
      expectRefused(
        await addWithAddons(token, { addonSelections: [regular(), large()] }),
        400,
        "Choose Portion Size: choose at most 1 option(s)",
      );
      expectRefused(
        await addWithAddons(token, {
          addonSelections: [regular(), topping("Nduja"), topping("Nduja")],
        }),
        400,
        "Nduja was chosen more than once",
      );
      expectRefused(
        await addWithAddons(token, {
          addonSelections: [regular(), { ...topping("Nduja"), quantity: 2 }],
        }),
        400,
        "Nduja can be chosen once (quantity 1)",
      );
    });

    it("refuses a missing required group with the spec's exact message", async () => {
      const token = await newCustomer();
      const response = await addWithAddons(token, { addonSelections: [topping("Nduja")] });
      expectRefused(
        response,
        400,
        "Choose Portion Size is required. Please select at least 1 option(s).",
      );
      expect(response.body).toEqual({ message: requiredGroupMessage("Choose Portion Size", 1) });
      const smashSauce = await itemId("smash-stack", "Buttermilk Chicken Burger");
      const sauceGroups = await groupsOf(smashSauce);
      const sauceGroup = group(sauceGroups, "Choose your sauce");
      const burger = await call(token, "/add-with-addons", {
        body: { itemId: smashSauce, vendorId: vendor.smash, addonSelections: [] },
      });
      expectRefused(
        burger,
        400,
        requiredGroupMessage(sauceGroup.name, sauceGroup.min_quantity || 1),
      );
    });

    it("merges an identical configuration into one line, whatever order the add-ons come in", async () => {
      const token = await newCustomer();
      await addWithAddons(token, {
        addonSelections: [large(), topping("Nduja"), topping("Black olives")],
      });
      const response = await addWithAddons(token, {
        quantity: 2,
        addonSelections: [topping("Black olives"), topping("Nduja"), large()],
      });
      expect(response.body.items).toHaveLength(1);
      expect(response.body.items[0]).toMatchObject({ quantity: 3, totalPricePence: 3 * 1480 });
      const other = await addWithAddons(token, { addonSelections: [large(), topping("Nduja")] });
      expect(other.body.items.map((line) => line.quantity)).toEqual([3, 1]);
    });

    it("keeps different allergy notes on separate lines, and merges notes equal after trimming", async () => {
      const token = await newCustomer();
      await addWithAddons(token, {
        addonSelections: [regular()],
        allergyInformation: "No basil please",
      });
      await addWithAddons(token, {
        addonSelections: [regular()],
        allergyInformation: "Severe nut allergy",
      });
      const response = await addWithAddons(token, {
        addonSelections: [regular()],
        allergyInformation: "  No basil please  ",
      });
      expect(response.body.items.map((line) => [line.allergyInformation, line.quantity])).toEqual([
        ["No basil please", 2],
        ["Severe nut allergy", 1],
      ]);
    });

    it("refuses an allergy note over 500 characters", async () => {
      const token = await newCustomer();
      const response = await addWithAddons(token, {
        addonSelections: [regular()],
        allergyInformation: "x".repeat(501),
      });
      expectRefused(response, 400, "Allergy information must be at most 500 characters");
    });
  });

  describe("PUT|POST /api/cart/update", () => {
    it("sets the quantity by PUT or POST, and 0 removes the line", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      const put = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.water, quantity: 4, vendorId: vendor.forno },
      });
      expect(put.status).toBe(200);
      expect(put.body.items[0]).toMatchObject({ quantity: 4, totalPricePence: 720 });
      const post = await call(token, "/update", {
        method: "POST",
        body: { itemId: item.water, quantity: 3, vendorId: vendor.forno },
      });
      expect(post.body.items[0]!.quantity).toBe(3);
      const removed = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.water, quantity: 0, vendorId: vendor.forno },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.items).toEqual([]);
      expect(removed.body).toMatchObject({
        subtotalPence: 0,
        serviceChargePence: 0,
        totalPence: 0,
      });
    });

    it.each([
      [-1, "quantity cannot be negative"],
      [51, "quantity must be at most 50"],
    ])("refuses quantity %s", async (quantity, message) => {
      const token = await newCustomer();
      await addPlain(token, item.water, 2);
      const response = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.water, quantity, vendorId: vendor.forno },
      });
      expectRefused(response, 400, message);
      expect((await getCart(token, `?vendorId=${vendor.forno}`)).items[0]!.quantity).toBe(2);
    });

    it("updates the line named by lineId, else the item's most recently created line", async () => {
      const token = await newCustomer();
      const first = await addWithAddons(token, { addonSelections: [regular()] });
      await addWithAddons(token, { addonSelections: [large()] });
      const firstLineId = first.body.items[0]!.lineId;

      const byItem = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.margherita, quantity: 5, vendorId: vendor.forno },
      });
      expect(byItem.body.items.map((line) => [line.pricePence, line.quantity])).toEqual([
        [950, 1],
        [1250, 5],
      ]);
      const byLine = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.margherita, quantity: 2, vendorId: vendor.forno, lineId: firstLineId },
      });
      expect(byLine.body.items.map((line) => [line.pricePence, line.quantity])).toEqual([
        [950, 2],
        [1250, 5],
      ]);
    });

    it("stores the order type sent with a write", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      const response = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.water, quantity: 2, vendorId: vendor.forno, orderType: "delivery" },
      });
      expect(response.body).toMatchObject({ orderType: "delivery", deliveryChargePence: 250 });
      expect((await getCart(token, `?vendorId=${vendor.forno}`)).orderType).toBe("delivery");
    });

    it("lets a customer lower or remove a line of a trailer that has since closed, but not raise it", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 3);
      await server.db.query("update vendors set trading_status = 'closed' where id = $1", [
        vendor.forno,
      ]);
      try {
        const raise = await call(token, "/update", {
          method: "PUT",
          body: { itemId: item.water, quantity: 4, vendorId: vendor.forno },
        });
        expectRefused(raise, 409, "Forno & Fuoco is closed right now");
        const lower = await call(token, "/update", {
          method: "PUT",
          body: { itemId: item.water, quantity: 1, vendorId: vendor.forno },
        });
        expect(lower.body.items[0]!.quantity).toBe(1);
      } finally {
        await server.db.query("update vendors set trading_status = 'open' where id = $1", [
          vendor.forno,
        ]);
      }
    });
  });

  describe("POST /api/cart/allergy-information", () => {
    it("saves a line's note with the spec's message", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      const response = await call(token, "/allergy-information", {
        body: { itemId: `item_${item.water}`, allergyInformation: "  Coeliac  " },
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe(MESSAGES.allergySaved);
      expect(response.body.items[0]!.allergyInformation).toBe("Coeliac");
    });

    it("merges the line into an identical one the new note matches", async () => {
      const token = await newCustomer();
      await addWithAddons(token, { addonSelections: [regular()], allergyInformation: "No basil" });
      const second = await addWithAddons(token, { addonSelections: [regular()], quantity: 2 });
      const plainLine = second.body.items.find((line) => line.allergyInformation === "")!;
      const response = await call(token, "/allergy-information", {
        body: { itemId: item.margherita, allergyInformation: "No basil", lineId: plainLine.lineId },
      });
      expect(response.body.items.map((line) => [line.allergyInformation, line.quantity])).toEqual([
        ["No basil", 3],
      ]);
    });

    it("answers 404 when the item is not in the cart, and 400 over 500 characters", async () => {
      const token = await newCustomer();
      expectRefused(
        await call(token, "/allergy-information", {
          body: { itemId: item.water, allergyInformation: "Coeliac" },
        }),
        404,
        "Sparkling Water is not in your cart",
      );
      await addPlain(token, item.water, 1);
      expectRefused(
        await call(token, "/allergy-information", {
          body: { itemId: item.water, allergyInformation: "x".repeat(501) },
        }),
        400,
        "Allergy information must be at most 500 characters",
      );
    });
  });

  describe("POST|PUT /api/cart/delivery-instructions", () => {
    it("stores trimmed instructions on the cart by POST or PUT", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      const post = await call(token, "/delivery-instructions", {
        body: { instructions: "  Blue van by the gate  ", vendorId: vendor.forno },
      });
      expect(post.status).toBe(200);
      expect(post.body).toMatchObject({
        message: MESSAGES.deliveryInstructionsSaved,
        deliveryInstructions: "Blue van by the gate",
      });
      const put = await call(token, "/delivery-instructions", {
        method: "PUT",
        body: { instructions: "Row C" },
      });
      expect(put.body.deliveryInstructions).toBe("Row C");
    });

    it("refuses empty and over-long instructions", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      expectRefused(
        await call(token, "/delivery-instructions", {
          body: { instructions: "   ", vendorId: vendor.forno },
        }),
        400,
        MESSAGES.deliveryInstructionsRequired,
      );
      expectRefused(
        await call(token, "/delivery-instructions", {
          body: { instructions: "y".repeat(501), vendorId: vendor.forno },
        }),
        400,
        "Delivery instructions must be at most 500 characters",
      );
    });
  });

  describe("DELETE|POST /api/cart/remove-all-by-vendor", () => {
    it("empties that vendor's cart only, by DELETE or POST", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 2);
      await call(token, "/add", {
        body: { itemId: await itemId("smash-stack", "Coke Zero"), vendorId: vendor.smash },
      });
      const cleared = await call(token, "/remove-all-by-vendor", {
        method: "DELETE",
        body: { vendorId: vendor.forno },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({
        message: MESSAGES.cartCleared,
        items: [],
        totalPence: 0,
      });
      expect((await getCart(token, `?vendorId=${vendor.smash}`)).items).toHaveLength(1);

      const viaPost = await call(token, "/remove-all-by-vendor", {
        body: { vendorId: `vendor_${vendor.smash}` },
      });
      expect(viaPost.body.items).toEqual([]);
      expect(await getCart(token)).toEqual(emptyCart());
    });
  });

  describe("GET /api/cart", () => {
    it("without a vendor, answers the most recently changed non-empty cart", async () => {
      const token = await newCustomer();
      await addPlain(token, item.water, 1);
      await call(token, "/add", {
        body: { itemId: await itemId("smash-stack", "Coke Zero"), vendorId: vendor.smash },
      });
      expect((await getCart(token)).vendorId).toBe(vendor.smash);
      await addPlain(token, item.water, 1);
      expect((await getCart(token)).vendorId).toBe(vendor.forno);
    });

    it("adds the delivery fee only for delivery, and the totals add up in pence and pounds", async () => {
      const token = await newCustomer();
      await addWithAddons(token, { addonSelections: [large(), topping("Nduja")] });
      await addPlain(token, item.water, 2);

      const takeaway = await getCart(token, `?vendorId=${vendor.forno}`);
      expect(takeaway).toMatchObject({
        orderType: "takeaway",
        subtotalPence: 1400 + 360,
        serviceChargePence: 50,
        deliveryChargePence: 0,
        totalPence: 1810,
        subtotal: 17.6,
        serviceCharge: 0.5,
        deliveryCharge: 0,
        total: 18.1,
      });
      const delivery = await getCart(token, `?vendorId=${vendor.forno}&orderType=delivery`);
      expect(delivery).toMatchObject({
        orderType: "delivery",
        subtotalPence: 1760,
        serviceChargePence: 50,
        deliveryChargePence: 250,
        totalPence: 2060,
        deliveryCharge: 2.5,
        total: 20.6,
      });
      const dineIn = await getCart(token, `?vendorId=${vendor.forno}&orderType=dine_in`);
      expect(dineIn).toMatchObject({
        orderType: "dine_in",
        deliveryChargePence: 0,
        totalPence: 1810,
      });
      const lineSum = delivery.items.reduce((sum, line) => sum + line.totalPricePence, 0);
      expect(lineSum).toBe(delivery.subtotalPence);
    });

    it("refuses an unknown vendor and an unknown order type", async () => {
      const token = await newCustomer();
      expectRefused(
        await call<ErrorResponse>(token, "?vendorId=9999"),
        404,
        "Vendor 9999 not found",
      );
      expect((await call(token, `?vendorId=${vendor.forno}&orderType=drone`)).status).toBe(400);
    });
  });

  describe("ownership", () => {
    it("never shows or touches another customer's cart", async () => {
      const demoToken = await server.login(DEMO.email, DEMO.password);
      const other = await newCustomer();
      const demoCart = await addWithAddons(demoToken, {
        addonSelections: [regular()],
        allergyInformation: "Mine",
      });
      const demoLine = demoCart.body.items[0]!;

      expect(await getCart(other, `?vendorId=${vendor.forno}`)).toMatchObject({ items: [] });
      expect(await getCart(other)).toEqual(emptyCart());
      expectRefused(
        await call(other, "/update", {
          method: "PUT",
          body: {
            itemId: item.margherita,
            quantity: 0,
            vendorId: vendor.forno,
            lineId: demoLine.lineId,
          },
        }),
        404,
        "Margherita is no longer in your cart",
      );
      expectRefused(
        await call(other, "/allergy-information", {
          body: { itemId: item.margherita, allergyInformation: "Theirs", lineId: demoLine.lineId },
        }),
        404,
        "Margherita is not in your cart",
      );
      await call(other, "/remove-all-by-vendor", {
        method: "DELETE",
        body: { vendorId: vendor.forno },
      });
      await call(other, "/update", {
        method: "PUT",
        body: { itemId: item.margherita, quantity: 0, vendorId: vendor.forno },
      });

      const after = await getCart(demoToken, `?vendorId=${vendor.forno}`);
      expect(after.items).toEqual(demoCart.body.items);
      await call(demoToken, "/remove-all-by-vendor", {
        method: "DELETE",
        body: { vendorId: vendor.forno },
      });
    });
  });

  describe("mutation ids", () => {
    it("applies a replayed write once and answers the current cart", async () => {
      const token = await newCustomer();
      const body = {
        itemId: item.water,
        quantity: 1,
        vendorId: vendor.forno,
        mutationId: "add-water-0001",
      };
      const first = await call(token, "/add", { body });
      const replay = await call(token, "/add", { body });
      expect(first.body.items[0]!.quantity).toBe(1);
      expect(replay.status).toBe(200);
      expect(replay.body.items).toEqual(first.body.items);
      await addPlain(token, item.water, 1, { mutationId: "add-water-0002" });
      const update = {
        itemId: item.water,
        quantity: 5,
        vendorId: vendor.forno,
        mutationId: "set-water-0003",
      };
      await call(token, "/update", { method: "PUT", body: update });
      await call(token, "/update", {
        method: "PUT",
        body: { ...update, quantity: 1, mutationId: "set-water-0004" },
      });
      const replayed = await call(token, "/update", { method: "PUT", body: update });
      expect(replayed.body.items[0]!.quantity).toBe(1);
    });

    it("keeps mutation ids per customer, and a refused write can be retried with its id", async () => {
      const first = await newCustomer();
      const second = await newCustomer();
      const body = {
        itemId: item.water,
        quantity: 1,
        vendorId: vendor.forno,
        mutationId: "shared-id-0001",
      };
      await call(first, "/add", { body });
      expect((await call(second, "/add", { body })).body.items[0]!.quantity).toBe(1);

      const third = await newCustomer();
      const refused = await call(third, "/add", { body: { ...body, quantity: 0 } });
      expect(refused.status).toBe(400);
      await server.db.query("update menu_items set available = false where id = $1", [item.water]);
      try {
        expect((await call(third, "/add", { body })).status).toBe(409);
      } finally {
        await server.db.query("update menu_items set available = true where id = $1", [item.water]);
      }
      expect((await call(third, "/add", { body })).body.items[0]!.quantity).toBe(1);
    });
  });
  describe("version", () => {
    it("rises with every write, clearing included, and stays put on reads and replays", async () => {
      const token = await newCustomer();
      const query = `?vendorId=${vendor.forno}`;
      expect((await getCart(token, query)).version).toBe(0);
      const added = await addPlain(token, item.water, 1, { mutationId: "version-add-0001" });
      expect(added.body.version).toBe(1);
      const replay = await addPlain(token, item.water, 1, { mutationId: "version-add-0001" });
      expect(replay.body.version).toBe(1);
      expect((await getCart(token, query)).version).toBe(1);
      const updated = await call(token, "/update", {
        method: "PUT",
        body: { itemId: item.water, quantity: 3, vendorId: vendor.forno },
      });
      expect(updated.body.version).toBe(2);
      const cleared = await call(token, "/remove-all-by-vendor", {
        method: "DELETE",
        body: { vendorId: vendor.forno },
      });
      expect(cleared.body).toMatchObject({
        items: [],
        version: 3,
        orderType: "takeaway",
        deliveryInstructions: "",
      });
      expect((await addPlain(token, item.water)).body).toMatchObject({
        version: 4,
        items: [{ quantity: 1 }],
      });
    });
  });
});
