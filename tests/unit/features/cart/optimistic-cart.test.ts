import { type Cart, type CartItem, emptyCart } from "@contract/cart";
import { PORTION_GROUP } from "@contract/vendors";
import { describe, expect, it } from "vitest";
import {
  applyCartChange,
  type CartChange,
  configOfLine,
  findLine,
  isOlderCart,
  rebaseCart,
  showNewerCart,
} from "@/features/cart/lib/optimistic-cart";

const margherita = {
  name: "Margherita",
  description: "Tomato, mozzarella",
  image: "/images/items/1.jpg",
  pricePence: 950,
};
const forno = { id: 1, name: "Forno & Fuoco", preparationTime: { min: 10, max: 15 } };

function line(overrides: Partial<CartItem> = {}): CartItem {
  const base: CartItem = {
    id: "item_7",
    lineId: 31,
    menuItemId: 7,
    name: "Margherita",
    description: "Tomato, mozzarella",
    image: "/images/items/1.jpg",
    quantity: 1,
    price: 9.5,
    addonTotal: 0,
    totalPrice: 9.5,
    pricePence: 950,
    addonTotalPence: 0,
    totalPricePence: 950,
    allergyInformation: "",
    addons: [],
  };
  return { ...base, ...overrides };
}

/** A cart the server priced: service charge 50p when it has anything in it. */
function serverCart(items: CartItem[]): Cart {
  const subtotalPence = items.reduce((sum, item) => sum + item.totalPricePence, 0);
  const serviceChargePence = items.length > 0 ? 50 : 0;
  return {
    ...emptyCart(),
    items,
    vendorId: 1,
    vendor_info: forno,
    orderType: "takeaway",
    subtotalPence,
    serviceChargePence,
    totalPence: subtotalPence + serviceChargePence,
    subtotal: subtotalPence / 100,
    serviceCharge: serviceChargePence / 100,
    total: (subtotalPence + serviceChargePence) / 100,
  };
}

const add = (menuItemId: number, tempLineId = -1, item = margherita): CartChange => ({
  kind: "add",
  vendorId: 1,
  orderType: "takeaway",
  menuItemId,
  tempLineId,
  item,
});

const setQuantity = (
  lineId: number,
  quantity: number,
  config?: Extract<CartChange, { kind: "update" }>["line"],
): CartChange => ({
  kind: "update",
  vendorId: 1,
  orderType: "takeaway",
  menuItemId: 7,
  lineId,
  line: config,
  quantity,
});

describe("applyCartChange", () => {
  it("adds a known item as a new line priced from the menu, with a stand-in id, and totals the cart", () => {
    const cart = applyCartChange(serverCart([]), add(7, -5));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      lineId: -5,
      menuItemId: 7,
      name: "Margherita",
      quantity: 1,
      totalPricePence: 950,
      totalPrice: 9.5,
    });
    // An empty cart carries no service charge: the total is the subtotal until the server prices it.
    expect(cart).toMatchObject({
      subtotalPence: 950,
      serviceChargePence: 0,
      totalPence: 950,
      total: 9.5,
    });
  });

  it("merges an add into the item's plain line, as the server does, keeping the server's service charge", () => {
    const cart = applyCartChange(
      serverCart([line({ quantity: 2, totalPricePence: 1900 })]),
      add(7),
    );
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ lineId: 31, quantity: 3, totalPricePence: 2850 });
    expect(cart).toMatchObject({ subtotalPence: 2850, serviceChargePence: 50, totalPence: 2900 });
  });

  it("does not merge into a line with add-ons or an allergy note", () => {
    const noted = line({ allergyInformation: "no basil" });
    const cart = applyCartChange(serverCart([noted]), add(7, -2));
    expect(cart.items.map((item) => item.lineId)).toEqual([31, -2]);
  });

  it("prices an add with a portion and add-ons like the server: the portion is the base price, add-ons add to it", () => {
    const change: CartChange = {
      kind: "add-with-addons",
      vendorId: 1,
      orderType: "takeaway",
      menuItemId: 7,
      tempLineId: -3,
      item: margherita,
      addonSelections: [
        { addonGroupId: 4, addonId: 41, quantity: 1 },
        { addonGroupId: 5, addonId: 52, quantity: 1 },
      ],
      addons: [
        { groupId: 4, groupName: PORTION_GROUP, addonId: 41, name: 'Large 14"', pricePence: 1250 },
        { groupId: 5, groupName: "Extra toppings", addonId: 52, name: "Olives", pricePence: 100 },
      ],
      allergyInformation: "  no nuts ",
    };
    const [added] = applyCartChange(serverCart([]), change).items;
    expect(added).toMatchObject({
      pricePence: 1250,
      addonTotalPence: 100,
      totalPricePence: 1350,
      allergyInformation: "no nuts",
    });
    expect(added!.addons.map((group) => group.groupName)).toEqual([
      PORTION_GROUP,
      "Extra toppings",
    ]);
    expect(configOfLine(added!)).toEqual({
      menuItemId: 7,
      addonIds: [41, 52],
      allergyInformation: "no nuts",
    });
  });

  it("draws nothing for an item the menu never showed (it appears when the server answers)", () => {
    const cart = applyCartChange(serverCart([]), { ...add(9), item: undefined } as CartChange);
    expect(cart.items).toEqual([]);
  });

  it("sets a line's quantity, removes it at 0 and never goes above 50", () => {
    const start = serverCart([line(), line({ lineId: 32, menuItemId: 8, name: "Marinara" })]);
    expect(applyCartChange(start, setQuantity(31, 4)).items[0]).toMatchObject({
      quantity: 4,
      totalPricePence: 3800,
    });
    expect(applyCartChange(start, setQuantity(31, 0)).items.map((item) => item.lineId)).toEqual([
      32,
    ]);
    expect(applyCartChange(start, setQuantity(31, 80)).items[0]!.quantity).toBe(50);
  });

  it("starts a new vendor's cart with that vendor's name when nothing is known of it", () => {
    const cart = applyCartChange(undefined, { ...add(7), vendor: forno } as CartChange);
    expect(cart).toMatchObject({ vendorId: 1, vendor_info: forno, orderType: "takeaway" });
    expect(cart.items).toHaveLength(1);
  });

  it("clears the cart and saves delivery instructions and allergy notes", () => {
    const start = serverCart([line()]);
    expect(
      applyCartChange(start, { kind: "clear", vendorId: 1, orderType: "takeaway" }),
    ).toMatchObject({ items: [], totalPence: 0 });
    expect(
      applyCartChange(start, {
        kind: "delivery-instructions",
        vendorId: 1,
        orderType: "takeaway",
        instructions: " Gate 3 ",
      }).deliveryInstructions,
    ).toBe("Gate 3");
    const noted = applyCartChange(start, {
      kind: "allergy",
      vendorId: 1,
      orderType: "takeaway",
      menuItemId: 7,
      lineId: 31,
      allergyInformation: "no basil",
    });
    expect(noted.items[0]!.allergyInformation).toBe("no basil");
  });
});

describe("findLine", () => {
  it("finds a line by id, else (a stand-in id the server has replaced) by its configuration", () => {
    const items = [line()];
    expect(findLine(items, 31, undefined)?.lineId).toBe(31);
    expect(
      findLine(items, -9, { menuItemId: 7, addonIds: [], allergyInformation: "" })?.lineId,
    ).toBe(31);
    expect(
      findLine(items, -9, { menuItemId: 7, addonIds: [3], allergyInformation: "" }),
    ).toBeUndefined();
  });
});

describe("rebaseCart", () => {
  it("draws the changes still waiting on top of the server's newest cart, in order", () => {
    // Offline: add Margherita (stand-in line -4), then step it to 3. The add has been sent: the server gave line 40.
    const server = serverCart([line({ lineId: 40 })]);
    const waiting = [setQuantity(-4, 3, { menuItemId: 7, addonIds: [], allergyInformation: "" })];
    const cart = rebaseCart(server, waiting);
    expect(cart.items).toEqual([
      expect.objectContaining({ lineId: 40, quantity: 3, totalPricePence: 2850 }),
    ]);
    expect(cart.totalPence).toBe(2900);
  });

  it("leaves another vendor's changes out", () => {
    const server = serverCart([line()]);
    const cart = rebaseCart(server, [{ ...add(7), vendorId: 2 } as CartChange]);
    expect(cart).toBe(server);
  });
});

describe("restore and merge rules: never backwards by version", () => {
  const at = (version: number, items: CartItem[] = [], vendorId = 1): Cart => ({
    ...serverCart(items),
    version,
    vendorId,
  });

  it("calls an answer older only against the same vendor's cart with a higher version", () => {
    expect(isOlderCart(at(3), at(4))).toBe(true);
    expect(isOlderCart(at(4), at(4))).toBe(false);
    expect(isOlderCart(at(5), at(4))).toBe(false);
    expect(isOlderCart(at(1), at(4, [], 2))).toBe(false);
    expect(isOlderCart(at(1), undefined)).toBe(false);
    // A copy saved before carts had versions is never called newer.
    expect(isOlderCart(at(1), { ...at(4), version: undefined } as unknown as Cart)).toBe(false);
  });

  it("keeps the shown cart (queued writes already on it) when an older answer arrives", () => {
    const shown = applyCartChange(at(5, [line()]), add(9, -2));
    expect(showNewerCart(shown, at(4), [add(9, -2)])).toBe(shown);
  });

  it("draws the queued writes on a newer or equal answer, once", () => {
    const answer = at(6, [line({ quantity: 3 })]);
    const shown = showNewerCart(at(5, [line()]), answer, [add(9, -2)]);
    expect(shown.version).toBe(6);
    expect(shown.items.map((item) => [item.menuItemId, item.quantity])).toEqual([
      [7, 3],
      [9, 1],
    ]);
  });
});
