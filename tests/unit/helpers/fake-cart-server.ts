import { type Cart, type CartItem, emptyCart } from "@contract/cart";

/**
 * A stand-in for the park server's cart and order endpoints, enough for the offline-write tests: one vendor,
 * priced lines, mutation ids applied once, Idempotency-Keys answering the first order, refusals on demand.
 */
export interface FakeCartServer {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Every request as 'METHOD /path', in the order received. */
  log: string[];
  /** The mutation ids and idempotency keys the server saw, in order (repeats included). */
  ids: string[];
  cart(): Cart;
  orders: { id: number; key: string; lines: { menuItemId: number; quantity: number }[] }[];
  /** Items the server refuses to add or raise ('sold out'). */
  soldOut: Set<number>;
  /** Lines added behind the customer's back (another device). */
  addElsewhere(menuItemId: number): void;
}

const MENU: Record<number, { name: string; pricePence: number }> = {
  7: { name: "Margherita", pricePence: 950 },
  8: { name: "Marinara", pricePence: 800 },
  9: { name: "Calzone", pricePence: 1100 },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function fakeCartServer(): FakeCartServer {
  let lines: CartItem[] = [];
  let nextLineId = 100;
  let nextOrderId = 500;
  const applied = new Set<string>();
  const keys = new Map<string, number>();
  const server: FakeCartServer = {
    log: [],
    ids: [],
    orders: [],
    soldOut: new Set(),
    cart,
    addElsewhere: (menuItemId) => addLine(menuItemId),
    fetch: async (input, init) => {
      const url = new URL(String(input), "http://park.test");
      const method = init?.method ?? "GET";
      server.log.push(`${method} ${url.pathname}`);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (method === "GET" && url.pathname === "/api/cart") return json(200, cart());
      if (url.pathname === "/api/orders")
        return placeOrder(new Headers(init?.headers).get("Idempotency-Key") ?? "");
      return write(url.pathname, body);
    },
  };

  function priced(line: CartItem): CartItem {
    const totalPricePence = line.pricePence * line.quantity;
    return { ...line, totalPricePence, totalPrice: totalPricePence / 100 };
  }

  function addLine(menuItemId: number) {
    const existing = lines.find((line) => line.menuItemId === menuItemId);
    if (existing) {
      lines = lines.map((line) =>
        line === existing ? priced({ ...line, quantity: line.quantity + 1 }) : line,
      );
      return;
    }
    const item = MENU[menuItemId]!;
    const line: CartItem = {
      id: `item_${menuItemId}`,
      lineId: nextLineId++,
      menuItemId,
      name: item.name,
      description: "",
      image: "",
      quantity: 1,
      price: item.pricePence / 100,
      addonTotal: 0,
      totalPrice: 0,
      pricePence: item.pricePence,
      addonTotalPence: 0,
      totalPricePence: 0,
      allergyInformation: "",
      addons: [],
    };
    lines = [...lines, priced(line)];
  }

  function cart(): Cart {
    const subtotalPence = lines.reduce((sum, line) => sum + line.totalPricePence, 0);
    const serviceChargePence = lines.length > 0 ? 50 : 0;
    const totalPence = subtotalPence + serviceChargePence;
    return {
      ...emptyCart(),
      items: lines,
      vendorId: lines.length > 0 ? 1 : null,
      vendor_info:
        lines.length > 0
          ? { id: 1, name: "Forno & Fuoco", preparationTime: { min: 10, max: 15 } }
          : null,
      orderType: "takeaway",
      subtotalPence,
      serviceChargePence,
      totalPence,
      subtotal: subtotalPence / 100,
      serviceCharge: serviceChargePence / 100,
      total: totalPence / 100,
    };
  }

  function write(path: string, body: Record<string, unknown>): Response {
    const mutationId = String(body.mutationId);
    server.ids.push(mutationId);
    if (applied.has(mutationId)) return json(200, cart());
    const menuItemId = Number(body.itemId);
    if (path === "/api/cart/add" || path === "/api/cart/add-with-addons") {
      if (server.soldOut.has(menuItemId))
        return json(409, { message: `${MENU[menuItemId]!.name} is sold out` });
      for (let added = 0; added < Number(body.quantity ?? 1); added++) addLine(menuItemId);
    } else if (path === "/api/cart/update") {
      const line =
        body.lineId === undefined
          ? lines.findLast((candidate) => candidate.menuItemId === menuItemId)
          : lines.find((candidate) => candidate.lineId === body.lineId);
      if (!line) return json(404, { message: "That item is not in your cart" });
      const quantity = Number(body.quantity);
      if (quantity > line.quantity && server.soldOut.has(menuItemId))
        return json(409, { message: `${line.name} is sold out` });
      lines =
        quantity === 0
          ? lines.filter((candidate) => candidate !== line)
          : lines.map((candidate) =>
              candidate === line ? priced({ ...line, quantity }) : candidate,
            );
    } else {
      return json(404, { message: "Not found" });
    }
    applied.add(mutationId);
    return json(200, { ...cart(), message: "Cart updated successfully" });
  }

  function placeOrder(key: string): Response {
    server.ids.push(key);
    const earlier = keys.get(key);
    if (earlier !== undefined)
      return json(201, { id: earlier, order_id: earlier, status: "pending_payment" });
    if (lines.length === 0) return json(400, { message: "Your cart is empty" });
    const id = nextOrderId++;
    keys.set(key, id);
    server.orders.push({
      id,
      key,
      lines: lines.map((line) => ({ menuItemId: line.menuItemId, quantity: line.quantity })),
    });
    lines = [];
    return json(201, { id, order_id: id, status: "pending_payment" });
  }

  return server;
}
