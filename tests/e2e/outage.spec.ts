/**
 * The staff board through a real database outage: a server process (the production build) on a PostgreSQL database
 * of its own, which the test takes away (no new connections, every open one ended) and gives back. The board keeps
 * the orders it had, says they may be out of date, and catches up by itself, showing an order placed meanwhile.
 * Uses the machine's PostgreSQL (tests/services.ts).
 */
import { expect, request as playwrightRequest, test } from "@playwright/test";
import pg from "pg";
import { testDatabaseUrl } from "../services";
import { type Cluster, startCluster } from "./cluster";
import {
  apiLogin,
  apiNewCustomer,
  menuOf,
  openVendors,
  placeCashOrder,
  STAFF,
  signedInContext,
} from "./order-helpers";

const STALE = "These orders may be out of date: retrying every few seconds.";

let cluster: Cluster;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const databaseName = () => new URL(cluster.databaseUrl).pathname.slice(1);

async function takeDatabaseAway(): Promise<void> {
  await admin(`alter database ${databaseName()} allow_connections false`);
  await admin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName()}'`,
  );
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster(1, { DATABASE_CONNECT_TIMEOUT_MS: "1000" });
});

test.afterAll(async () => {
  await admin(`alter database ${databaseName()} allow_connections true`).catch(() => {});
  await cluster?.close();
});

test("the staff board says its orders may be out of date while the database is away, then catches up", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const node = cluster.nodes[0]!;
  const api = await playwrightRequest.newContext({ baseURL: node.baseUrl });
  const staff = await apiLogin(api, STAFF.email, STAFF.password);
  const customer = await apiNewCustomer(api, "Ollie Outage");
  const [vendor] = await openVendors(api);
  const [item] = await menuOf(api, vendor!.id);
  const before = await placeCashOrder(api, customer, vendor!.id, [{ itemId: item!.id }]);

  const { context, page } = await signedInContext(browser, staff, {
    baseURL: node.baseUrl,
    viewport: { width: 820, height: 1180 },
  });
  await page.goto("/staff");
  const firstCard = page.locator(`[data-order-id="${before.id}"]`);
  await expect(firstCard).toBeVisible();

  await takeDatabaseAway();
  // Nothing is pushed when the database goes: the board learns at its next refresh (every 30 s), at once then.
  await expect(page.getByText(STALE)).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole("status").filter({ hasText: STALE })).toHaveText(STALE);
  await expect(firstCard).toBeVisible();

  await admin(`alter database ${databaseName()} allow_connections true`);
  const during = await placeCashOrder(api, customer, vendor!.id, [{ itemId: item!.id }]);
  await expect(page.getByText(STALE)).toBeHidden({ timeout: 15_000 });
  await expect(page.locator(`[data-order-id="${during.id}"]`)).toBeVisible();

  await context.close();
  await api.dispose();
});
