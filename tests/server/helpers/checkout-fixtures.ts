import type { CartResponse } from "@contract/cart";
import type { AddonGroupsResponse } from "@contract/vendors";
import { expect } from "vitest";
import { menuItemIdOf, vendorIdOf } from "./demo-park";
import type { TestServer } from "./test-server";

/** Ids of demo-park rows by their stable names. */
export async function demoIds(server: TestServer) {
  const vendorId = (slug: string) => vendorIdOf(server.db, slug);
  const itemId = (vendorSlug: string, name: string) => menuItemIdOf(server.db, vendorSlug, name);
  return {
    forno: await vendorId("forno-fuoco"),
    smash: await vendorId("smash-stack"),
    limonata: await itemId("forno-fuoco", "San Pellegrino Limonata"),
    margherita: await itemId("forno-fuoco", "Margherita"),
  };
}

export type DemoIds = Awaited<ReturnType<typeof demoIds>>;

/** Adds a plain item to the customer's server cart; answers the cart. */
export async function addToCart(
  server: TestServer,
  token: string,
  vendorId: number,
  itemId: number,
  quantity = 1,
) {
  const response = await server.request<CartResponse>("/api/cart/add", {
    token,
    body: { itemId, vendorId, quantity },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Adds an item with required groups, choosing each required group's first add-on. */
export async function addWithRequiredChoices(
  server: TestServer,
  token: string,
  vendorId: number,
  itemId: number,
  allergyInformation?: string,
) {
  const groups = (
    await server.request<AddonGroupsResponse>(`/api/menu-items/${itemId}/addon-groups`)
  ).body.addonGroups;
  const addonSelections = groups
    .filter((group) => group.is_required || group.min_quantity > 0)
    .map((group) => ({ addonGroupId: group.id, addonId: group.addons[0]!.id, quantity: 1 }));
  const response = await server.request<CartResponse>("/api/cart/add-with-addons", {
    token,
    body: {
      itemId,
      vendorId,
      quantity: 1,
      addonSelections,
      ...(allergyInformation ? { allergyInformation } : {}),
    },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export async function setAllergy(
  server: TestServer,
  token: string,
  vendorId: number,
  itemId: number,
  allergyInformation: string,
) {
  const response = await server.request<CartResponse>("/api/cart/allergy-information", {
    token,
    body: { itemId, vendorId, allergyInformation },
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export async function getCart(server: TestServer, token: string, vendorId: number) {
  const response = await server.request<CartResponse>(`/api/cart?vendorId=${vendorId}`, { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export async function countOrders(server: TestServer, userId: number): Promise<number> {
  const [row] = await server.db.query<{ count: number }>(
    "select count(*)::int as count from orders where user_id = $1",
    [userId],
  );
  return row!.count;
}

export const cashOrder = (vendorId: number, extra: Record<string, unknown> = {}) => ({
  vendorId,
  orderType: "takeaway",
  items: [],
  paymentMethod: "cash_at_counter",
  ...extra,
});
