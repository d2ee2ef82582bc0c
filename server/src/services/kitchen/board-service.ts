/**
 * The pickup board: order numbers under Preparing and Ready for collection, per trailer or for the whole park,
 * and the board-only accounts a park manager creates and revokes. A board account's access code is shown once;
 * only its hash is kept, and every request looks it up (a revoked code is refused at once, on every node).
 */
import { createHash, randomBytes } from "node:crypto";
import {
  BOARD_CODE_PREFIX,
  type BoardAccount,
  type BoardResponse,
  KITCHEN_MESSAGES,
} from "@contract/kitchen";
import type { Database } from "@server/db/database.js";
import { kitchenRepository } from "@server/db/repositories/kitchen.js";
import { recordParkAudit } from "@server/db/repositories/park-audit.js";
import { Forbidden, NotFound, Unauthorized } from "@server/domain-errors.js";
import type { DomainEvents } from "@server/events.js";
import { assertInScope, type StaffScope, scopeVendorIds } from "@server/services/staff-scope.js";

export const MANAGERS_ONLY = "Only a park manager can manage board accounts";
export const BOARD_ACCOUNT_NOT_FOUND = "Board account not found";

interface BoardAccountRow {
  id: number;
  name: string;
  vendor_id: number | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

const toAccount = (row: BoardAccountRow): BoardAccount => ({
  id: row.id,
  name: row.name,
  vendorId: row.vendor_id,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
});

/** Who reads the board: staff within their scope, or a board account (its one trailer, or the park). */
export type BoardViewer =
  | { kind: "staff"; scope: StaffScope }
  | { kind: "board"; account: BoardAccount };

export const isBoardCode = (token: string | null): token is string =>
  token?.startsWith(BOARD_CODE_PREFIX) === true;

export function createBoardService(deps: { db: Database; events: DomainEvents }) {
  const requireManager = (scope: StaffScope) => {
    if (scope !== "all") throw new Forbidden(MANAGERS_ONLY);
  };

  return {
    /** The account an access code belongs to, or 401 (unknown or revoked: no difference is told). */
    async authenticate(code: string): Promise<BoardAccount> {
      const [row] = await deps.db.query<BoardAccountRow>(
        "select id, name, vendor_id, created_at, revoked_at from board_accounts where code_hash = $1",
        [hashCode(code)],
      );
      if (!row) throw new Unauthorized(KITCHEN_MESSAGES.boardCodeInvalid);
      if (row.revoked_at) throw new Unauthorized(KITCHEN_MESSAGES.boardRevoked);
      return toAccount(row);
    },

    async board(viewer: BoardViewer, vendorId?: number): Promise<BoardResponse> {
      let filter: { vendorId: number | null; vendorIds: number[] | null };
      if (viewer.kind === "board") {
        // A board bound to one trailer shows that trailer whatever it asks for.
        filter = { vendorId: viewer.account.vendorId ?? vendorId ?? null, vendorIds: null };
      } else {
        if (vendorId !== undefined) assertInScope(viewer.scope, vendorId);
        filter = { vendorId: vendorId ?? null, vendorIds: scopeVendorIds(viewer.scope) };
      }
      const repo = kitchenRepository(deps.db);
      const [trailers, numbers] = await Promise.all([
        repo.trailers(filter),
        repo.boardNumbers(filter),
      ]);
      const number = (row: { id: number; vendor_id: number }) => ({
        orderNumber: row.id,
        vendorId: row.vendor_id,
      });
      return {
        trailers: trailers.map((row) => ({ vendorId: row.id, vendorName: row.name })),
        preparing: numbers.filter((row) => row.status === "preparing").map(number),
        ready: numbers.filter((row) => row.status === "ready").map(number),
        serverTime: new Date().toISOString(),
      };
    },

    async list(scope: StaffScope): Promise<BoardAccount[]> {
      requireManager(scope);
      const rows = await deps.db.query<BoardAccountRow>(
        "select id, name, vendor_id, created_at, revoked_at from board_accounts order by id desc limit 200",
      );
      return rows.map(toAccount);
    },

    async create(
      scope: StaffScope,
      staff: { id: number; email: string },
      input: { name: string; vendorId?: number | null | undefined },
    ): Promise<{ data: BoardAccount; accessCode: string }> {
      requireManager(scope);
      const vendorId = input.vendorId ?? null;
      if (vendorId !== null) {
        const [trailer] = await kitchenRepository(deps.db).trailers({ vendorId });
        if (!trailer) throw new NotFound(`Vendor ${vendorId} not found`);
      }
      const accessCode = `${BOARD_CODE_PREFIX}${randomBytes(24).toString("base64url")}`;
      const account = await deps.db.transaction(async (tx) => {
        const [row] = await tx.query<BoardAccountRow>(
          `insert into board_accounts (name, vendor_id, code_hash, created_by) values ($1, $2, $3, $4)
           returning id, name, vendor_id, created_at, revoked_at`,
          [input.name, vendorId, hashCode(accessCode), staff.id],
        );
        const created = toAccount(row!);
        await recordParkAudit(tx, {
          staff,
          vendorId,
          action: "board_account_created",
          target: created.name,
          summary: `Pickup board account "${created.name}" created`,
          before: null,
          after: created,
        });
        return created;
      });
      return { data: account, accessCode };
    },

    async revoke(
      scope: StaffScope,
      staff: { id: number; email: string },
      accountId: number,
    ): Promise<BoardAccount> {
      requireManager(scope);
      const account = await deps.db.transaction(async (tx) => {
        const [row] = await tx.query<BoardAccountRow>(
          `update board_accounts set revoked_at = coalesce(revoked_at, now()) where id = $1
           returning id, name, vendor_id, created_at, revoked_at`,
          [accountId],
        );
        if (!row) throw new NotFound(BOARD_ACCOUNT_NOT_FOUND);
        const revoked = toAccount(row);
        await recordParkAudit(tx, {
          staff,
          vendorId: revoked.vendorId,
          action: "board_account_revoked",
          target: revoked.name,
          summary: `Pickup board account "${revoked.name}" revoked`,
          before: null,
          after: revoked,
        });
        return revoked;
      });
      deps.events.emit("boardAccountRevoked", { accountId });
      return account;
    },
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
