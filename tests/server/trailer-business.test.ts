import fs from "node:fs";
import path from "node:path";
import type { StaffTrailer, StaffTrailersResponse } from "@contract/park-operations";
import { addStaffAccount } from "@server/services/auth/staff-accounts.js";
import { checkParkFile } from "@server/services/operations/park-import.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helpers/test-server";

const MANAGER = { email: "staff@foodpark.test", password: "staff-password" };
const FORNO_STAFF = { email: "forno-money@foodpark.test", password: "forno-password-1" };

const demoTrailer = (slug: string) =>
  JSON.parse(fs.readFileSync(path.join("server/src/db/demo-park", `${slug}.json`), "utf8")) as {
    business: { legalName: string; address: string[]; postcode: string; vatNumber?: string };
    categories: { items: { name: string; vatRate: number }[] }[];
  };

describe("a trailer's business in the park file", () => {
  it("refuses a malformed VAT number, postcode or rate whole, each on its line", () => {
    const forno = demoTrailer("forno-fuoco");
    forno.business.vatNumber = "GB123456789";
    forno.business.postcode = "12345";
    forno.categories[0]!.items[0]!.vatRate = 5;
    const text = JSON.stringify({ trailers: [forno] }, null, 2);
    const lines = text.split("\n");
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    const result = checkParkFile(text, "park.json");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      `park.json:${lineOf('"postcode"')}: trailers[0].business.postcode: must be a UK postcode (e.g. BS1 5TH)`,
      `park.json:${lineOf('"vatNumber"')}: trailers[0].business.vatNumber: must be a UK VAT number: GB or XI then 9 or 12 digits whose check digits verify (e.g. GB123456782)`,
      `park.json:${lineOf('"vatRate": 5')}: trailers[0].categories[0].items[0].vatRate: must be 20 or 0 (per cent VAT: 20 standard-rated, 0 zero-rated)`,
    ]);
  });
});

describe("a trailer is a business (PostgreSQL)", () => {
  let server: TestServer;
  let manager: string;
  let fornoStaff: string;
  beforeAll(async () => {
    server = await startTestServer({ kind: "postgres" });
    manager = await server.login(MANAGER.email, MANAGER.password);
    await addStaffAccount(server.db, { ...FORNO_STAFF, trailers: ["forno-fuoco"] });
    fornoStaff = await server.login(FORNO_STAFF.email, FORNO_STAFF.password);
  });
  afterAll(() => server?.close());

  const trailers = async (token: string) =>
    (await server.request<StaffTrailersResponse>("/api/staff/trailers", { token })).body.data;
  const patch = (url: string, body: unknown, token: string) =>
    server.request<StaffTrailer & { message?: string; vatRate?: number }>(`/api/staff${url}`, {
      method: "PATCH",
      body,
      token,
    });

  it("seeds the demo park with legal names, addresses, VAT numbers and realistic rates", async () => {
    const all = await trailers(manager);
    const registered = all.filter((trailer) => trailer.business.vatNumber !== null);
    expect(registered.length).toBeGreaterThanOrEqual(2);
    expect(all.some((trailer) => trailer.business.vatNumber === null)).toBe(true);
    for (const trailer of all) {
      expect(trailer.business.legalName).toBeTruthy();
      expect(trailer.business.postcode).toMatch(/^[A-Z0-9]{2,4} [0-9][A-Z]{2}$/);
    }
    const forno = all.find((trailer) => trailer.slug === "forno-fuoco")!;
    const rate = (name: string) => forno.items.find((item) => item.name === name)!.vatRate;
    expect(rate("Margherita")).toBe(20);
    expect(rate("Tiramisu")).toBe(0);
    expect(all.find((trailer) => trailer.slug === "green-bowl")!.business.payoutAccount).toBe(null);
  });

  it("lets a park manager change business details, payout account and VAT rates; trailer staff may not", async () => {
    const forno = (await trailers(manager)).find((trailer) => trailer.slug === "forno-fuoco")!;
    const business = {
      legalName: "Forno e Fuoco Trading Ltd",
      address: ["1 Harbour Walk", "Bristol"],
      postcode: "bs1 5th",
      vatNumber: "GB 123 4567 27",
    };
    const refused = await patch(`/trailers/${forno.id}/business`, { business }, fornoStaff);
    expect(refused.status).toBe(403);
    const changed = await patch(
      `/trailers/${forno.id}/business`,
      { business, payoutAccount: "acct_1NewFornoAccount" },
      manager,
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.business).toEqual({
      legalName: "Forno e Fuoco Trading Ltd",
      address: ["1 Harbour Walk", "Bristol"],
      postcode: "BS1 5TH",
      vatNumber: "GB123456727",
      payoutAccount: "acct_1NewFornoAccount",
    });
    const bad = await patch(
      `/trailers/${forno.id}/business`,
      { business: { ...business, vatNumber: "GB123456789" } },
      manager,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("check digits");
    const badPayout = await patch(
      `/trailers/${forno.id}/business`,
      { payoutAccount: "bank 1234" },
      manager,
    );
    expect(badPayout.status).toBe(400);

    const tiramisu = forno.items.find((item) => item.name === "Tiramisu")!;
    expect(
      (await patch(`/menu-items/${tiramisu.id}/vat-rate`, { vatRate: 20 }, fornoStaff)).status,
    ).toBe(403);
    expect(
      (await patch(`/menu-items/${tiramisu.id}/vat-rate`, { vatRate: 5 }, manager)).status,
    ).toBe(400);
    const rated = await patch(`/menu-items/${tiramisu.id}/vat-rate`, { vatRate: 20 }, manager);
    expect(rated.body).toEqual({ id: tiramisu.id, vatRate: 20 });
    const after = (await trailers(manager)).find((trailer) => trailer.slug === "forno-fuoco")!;
    expect(after.items.find((item) => item.name === "Tiramisu")!.vatRate).toBe(20);
  });
});
