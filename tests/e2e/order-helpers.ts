import { randomBytes } from "node:crypto";
import type { User } from "@contract/auth";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from "@playwright/test";

export const STAFF = { email: "staff@foodpark.test", password: "staff-password" } as const;

export interface Session {
  token: string;
  user: User;
}

export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const response = await request.post("/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A customer of our own, so parallel tests never see each other's orders. */
export async function apiNewCustomer(
  request: APIRequestContext,
  name = "Olive Orders",
): Promise<Session> {
  const email = `e2e-orders-${Date.now()}-${randomBytes(3).toString("hex")}@foodpark.test`;
  const response = await request.post("/auth/register", {
    data: { email, password: "a-long-password", name, role: "customer" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` });

interface AddonGroup {
  id: number;
  name: string;
  min_quantity: number;
  addons: { id: number; name: string; default: boolean }[];
}

export interface LineRequest {
  /** Numeric menu item id. */
  itemId: number;
  quantity?: number;
  /** Also pick the first optional add-on (required groups always get their default). */
  withExtra?: boolean;
  allergy?: string;
}

export interface PlacedOrder {
  id: number;
  vendorId: number;
  /** Add-on names chosen per line, in line order. */
  addons: string[][];
}

async function addonSelections(request: APIRequestContext, line: LineRequest) {
  const response = await request.get(`/api/menu-items/${line.itemId}/addon-groups`);
  const { addonGroups } = (await response.json()) as { addonGroups: AddonGroup[] };
  const chosen: { group: AddonGroup; addon: AddonGroup["addons"][number] }[] = [];
  for (const group of addonGroups) {
    if (group.min_quantity > 0) {
      const addon = group.addons.find((candidate) => candidate.default) ?? group.addons[0]!;
      chosen.push({ group, addon });
    }
  }
  const optional = addonGroups.find(
    (group) => group.min_quantity === 0 && group.name !== "Frequently Bought Together",
  );
  if (line.withExtra && optional?.addons[0])
    chosen.push({ group: optional, addon: optional.addons[0] });
  return chosen;
}

/** A cash order through the real API: cart lines (with add-ons and allergy notes), then POST /api/orders. */
export async function placeCashOrder(
  request: APIRequestContext,
  session: Session,
  vendorId: number,
  lines: LineRequest[],
): Promise<PlacedOrder> {
  const addons: string[][] = [];
  for (const line of lines) {
    const chosen = await addonSelections(request, line);
    addons.push(chosen.map(({ addon }) => addon.name));
    const response = await request.post("/api/cart/add-with-addons", {
      headers: auth(session),
      data: {
        itemId: line.itemId,
        quantity: line.quantity ?? 1,
        vendorId,
        orderType: "takeaway",
        addonSelections: chosen.map(({ group, addon }) => ({
          addonGroupId: group.id,
          addonId: addon.id,
          quantity: 1,
        })),
        ...(line.allergy ? { allergyInformation: line.allergy } : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const placed = await request.post("/api/orders", {
    headers: { ...auth(session), "Idempotency-Key": `e2e-${randomBytes(8).toString("hex")}` },
    data: { vendorId, orderType: "takeaway", paymentMethod: "cash_at_counter", items: [] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = (await placed.json()) as { id: number };
  return { id, vendorId, addons };
}

/** Moves an order along as staff would, through the API. */
export async function staffMoves(
  request: APIRequestContext,
  staff: Session,
  orderId: number,
  ...statuses: string[]
) {
  for (const status of statuses) {
    const response = await request.patch(`/api/staff/orders/${orderId}`, {
      headers: auth(staff),
      data: { status },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The numeric ids of open vendors' items without required choices beyond defaults, per vendor. */
export async function menuOf(
  request: APIRequestContext,
  vendorId: number,
): Promise<{ id: number; name: string }[]> {
  const response = await request.get(`/api/vendors/${vendorId}/items`);
  const body = (await response.json()) as {
    items: { items: { id: string; name: string; available: boolean }[] }[];
  };
  return body.items
    .flatMap((group) => group.items)
    .filter((item) => item.available)
    .map((item) => ({ id: Number(item.id.replace("item_", "")), name: item.name }));
}

export async function openVendors(
  request: APIRequestContext,
): Promise<{ id: number; name: string }[]> {
  const response = await request.get("/api/vendors/list?limit=20&status=active");
  const body = (await response.json()) as { data: { id: number; name: string; status: string }[] };
  return body.data.filter((vendor) => vendor.status.includes("open"));
}

/** A page already signed in as `session` (token and user in local storage, as the app keeps them). */
export async function signedInPage(context: BrowserContext, session: Session): Promise<Page> {
  const page = await context.newPage();
  await page.goto("/login");
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(user));
    },
    [session.token, session.user] as const,
  );
  return page;
}

export async function signedInContext(
  browser: Browser,
  session: Session,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await signedInPage(context, session);
  return { context, page };
}

/** Resolves once the page's socket has joined a room (its user room, or the staff room). */
export function roomJoined(page: Page, room?: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", (frame) => {
        const text = typeof frame.payload === "string" ? frame.payload : frame.payload.toString();
        if (text.includes('"room-joined"') && (!room || text.includes(room))) resolve();
      });
    });
  });
}
