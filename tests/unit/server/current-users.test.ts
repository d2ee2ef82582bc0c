/**
 * The account cache trusts what it holds only while the database's announcements of removals and role changes
 * reach it: while that listener is lost, every look-up reads the database.
 */
import type { Queryable } from "@server/db/database.js";
import { createCurrentUsers } from "@server/services/auth/current-users.js";
import { describe, expect, it } from "vitest";

function fakeUsers() {
  const rows = new Map([[7, { id: 7, email: "a@b.test", name: "A", role: "customer" }]]);
  const db: Queryable = {
    query: async <Row>(_sql: string, params: readonly unknown[] = []) =>
      [rows.get(Number(params[0]))].filter(Boolean) as Row[],
  };
  return { db, rows };
}

describe("the current-user cache", () => {
  it("reads every time while announcements are lost, and forgets everything when they are back", async () => {
    const { db, rows } = fakeUsers();
    const users = createCurrentUsers(db);
    await users.get(7);
    await users.get(7);
    expect(users.lookups).toBe(1);

    users.following(false);
    rows.delete(7);
    expect(await users.get(7)).toBeNull();
    expect(await users.get(7)).toBeNull();
    expect(users.lookups).toBe(3);

    users.following(true);
    await users.get(7);
    await users.get(7);
    expect(users.lookups).toBe(4);
  });

  it("forgets an announced account at once", async () => {
    const { db, rows } = fakeUsers();
    const users = createCurrentUsers(db);
    expect(await users.get(7)).not.toBeNull();
    rows.delete(7);
    users.forget(7);
    expect(await users.get(7)).toBeNull();
  });
});
