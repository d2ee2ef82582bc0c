import {
  type BoardResponse,
  boardAccountCreatedSchema,
  boardAccountListResponseSchema,
  boardResponseSchema,
} from "@contract/kitchen";
import { api } from "@/lib/api-client";

const BOARD_CODE_KEY = "pickupBoardCode";

/** A board-only account's access code, kept on the TV's browser (it signs the board in, nothing else). */
export const boardCode = {
  get: (): string | null => localStorage.getItem(BOARD_CODE_KEY),
  set: (code: string) => localStorage.setItem(BOARD_CODE_KEY, code),
  clear: () => localStorage.removeItem(BOARD_CODE_KEY),
};

export const boardKeys = {
  board: (vendorId: number | null, who: string) => ["pickup-board", vendorId, who] as const,
};

/**
 * GET /staff/board: order numbers only, preparing and ready. Signed in as staff (the stored token) or with a
 * board access code (sent as the bearer instead).
 */
export function fetchBoard(
  vendorId: number | null,
  accessCode: string | null,
  signal?: AbortSignal,
): Promise<BoardResponse> {
  const query = vendorId ? `?vendorId=${vendorId}` : "";
  return api.get(`/staff/board${query}`, boardResponseSchema, {
    signal,
    ...(accessCode ? { anonymous: true, headers: { Authorization: `Bearer ${accessCode}` } } : {}),
  });
}

/** Board-only accounts (park managers): a TV at a hatch signs in with one; revoking it stops the screen at once. */
export const boardAccountsKey = ["board-accounts"] as const;

export const fetchBoardAccounts = (signal?: AbortSignal) =>
  api.get("/staff/board-accounts", boardAccountListResponseSchema, { signal });

export const createBoardAccount = (name: string, vendorId: number | null) =>
  api.post("/staff/board-accounts", { name, vendorId }, boardAccountCreatedSchema);

export const revokeBoardAccount = (accountId: number) =>
  api.delete(`/staff/board-accounts/${accountId}`);
