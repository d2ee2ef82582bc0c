// A lunchtime rush against a running server, through its public API (for looking at the kitchen screen and the
// pickup board): `node scripts/kitchen-rush.mjs http://127.0.0.1:4312 24`. Development data only: it signs up
// customers, places cash orders (some with allergy notes, add-ons and car delivery), a two-trailer basket, and moves
// some orders along as the demo staff account.
const base = process.argv[2] ?? "http://127.0.0.1:4312";
const count = Number(process.argv[3] ?? 24);
const STAFF = { email: "staff@foodpark.test", password: "staff-password" };
const NAMES = [
  "Amara Okafor",
  "Ben Hughes",
  "Chloe Price",
  "Dev Patel",
  "Ella Morgan",
  "Finn O'Neill",
  "Grace Lee",
  "Harry Khan",
  "Isla Evans",
  "Jack Wright",
  "Keira Shah",
  "Leo Davies",
  "Maya Ali",
  "Noah Clarke",
];
const ALLERGIES = [
  "No sesame please: severe allergy",
  "Peanut allergy",
  "Coeliac: no gluten",
  null,
  null,
  null,
];
const CARS = [
  { registrationNumber: "MA19 ZTV", make: "Ford", colour: "Blue" },
  { registrationNumber: "KX21 LMN", make: "Toyota", colour: "Silver" },
];

async function call(method, path, { token, body, key } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(key ? { "Idempotency-Key": key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const pick = (list, index) => list[index % list.length];

async function customer(index) {
  const email = `rush-${Date.now()}-${index}@foodpark.test`;
  const session = await call("POST", "/auth/register", {
    body: { email, password: "a-long-password", name: pick(NAMES, index), role: "customer" },
  });
  return session.token;
}

async function menu(vendorId) {
  const body = await call("GET", `/api/vendors/${vendorId}/items`);
  return body.items.flatMap((group) => group.items).filter((item) => item.available);
}

async function addLine(token, vendorId, item, withExtra, allergy) {
  const { addonGroups } = await call(
    "GET",
    `/api/menu-items/${item.id.replace("item_", "")}/addon-groups`,
  );
  const selections = [];
  for (const group of addonGroups) {
    if (group.min_quantity > 0) {
      const addon = group.addons.find((candidate) => candidate.default) ?? group.addons[0];
      selections.push({ addonGroupId: group.id, addonId: addon.id, quantity: 1 });
    }
  }
  const optional = addonGroups.find(
    (group) => group.min_quantity === 0 && group.name !== "Frequently Bought Together",
  );
  if (withExtra && optional?.addons[0])
    selections.push({ addonGroupId: optional.id, addonId: optional.addons[0].id, quantity: 1 });
  await call("POST", "/api/cart/add-with-addons", {
    token,
    body: {
      itemId: Number(item.id.replace("item_", "")),
      quantity: 1 + (withExtra ? 1 : 0),
      vendorId,
      orderType: "takeaway",
      addonSelections: selections,
      ...(allergy ? { allergyInformation: allergy } : {}),
    },
  });
}

const staff = await call("POST", "/auth/login", { body: STAFF });
const vendors = (await call("GET", "/api/vendors/list?limit=20&status=active")).data;
const menus = new Map();
for (const vendor of vendors.slice(0, 3)) menus.set(vendor.id, await menu(vendor.id));
const placed = [];
for (let index = 0; index < count; index += 1) {
  const vendor = vendors[index % 3 === 2 ? 1 : 0];
  const items = menus.get(vendor.id);
  const token = await customer(index);
  const lines = 1 + (index % 3);
  for (let line = 0; line < lines; line += 1)
    await addLine(
      token,
      vendor.id,
      pick(items, index + line * 2),
      (index + line) % 2 === 0,
      line === 0 ? pick(ALLERGIES, index) : null,
    );
  const delivery = index % 5 === 1;
  const order = await call("POST", "/api/orders", {
    token,
    key: `rush-${Date.now()}-${index}`,
    body: {
      vendorId: vendor.id,
      orderType: delivery ? "delivery" : index % 4 === 0 ? "dine_in" : "takeaway",
      paymentMethod: "cash_at_counter",
      items: [],
      ...(delivery ? { vehicleData: pick(CARS, index) } : {}),
    },
  });
  placed.push(order.id);
}
// Move some along: a third confirmed, some preparing, a few ready.
for (const [index, id] of placed.entries()) {
  const steps =
    index % 6 === 0
      ? ["confirmed", "preparing", "ready"]
      : index % 3 === 0
        ? ["confirmed", "preparing"]
        : index % 2 === 0
          ? ["confirmed"]
          : [];
  for (const status of steps)
    await call("PATCH", `/api/staff/orders/${id}`, { token: staff.token, body: { status } });
}
console.log(`placed ${placed.length} orders: #${placed[0]}…#${placed.at(-1)}`);
