import {
  boardAccountCreatedSchema,
  boardAccountCreateSchema,
  boardAccountListResponseSchema,
  boardAccountParamsSchema,
  boardAccountSchema,
  boardQuerySchema,
  boardResponseSchema,
} from "@contract/kitchen";
import { parseInput } from "@server/domain-errors.js";
import { bearerToken, requireRole } from "@server/plugins/auth.js";
import { type BoardViewer, isBoardCode } from "@server/services/kitchen/board-service.js";
import { staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { declareRoute, errorAnswer } from "../route-contract.js";

const BOARD = { tag: "Board", access: "staff" } as const;

/**
 * The pickup board (order numbers only), read by staff or by a board account's access code; and the board
 * accounts a park manager creates and revokes. A board code opens the board and nothing else: every other route
 * takes it for a bad token (401).
 */
export default async function staffBoardRoutes(app: FastifyInstance) {
  const board = app.services.board;

  const viewerOf = async (request: FastifyRequest): Promise<BoardViewer> => {
    const token = bearerToken(request.headers.authorization);
    if (isBoardCode(token)) return { kind: "board", account: await board.authenticate(token) };
    const staff = requireRole(request, "staff");
    return { kind: "staff", scope: await staffScope(app.db, staff.id) };
  };

  const pickupBoard = {
    ...BOARD,
    access: "staff or board code",
    operationId: "pickupBoard",
    summary:
      "Order numbers under Preparing and Ready for collection (no names, emails, plates or notes)",
    description:
      "Read by staff (their trailers) or by a board account: `Authorization: Bearer fpboard_…`, its access code. A revoked code answers 401 at once.",
    query: boardQuerySchema,
    // Which viewer it is (a revoked code: 401) is known before the query is read.
    parsedByHandler: ["query"],
    responses: { 200: { description: "The board", schema: boardResponseSchema } },
  } as const;
  declareRoute(app, "GET", "/board", pickupBoard, async (request, reply) => {
    const viewer = await viewerOf(request);
    const { vendorId } = parseInput(pickupBoard.query, request.query);
    reply.header("cache-control", "no-store");
    return board.board(viewer, vendorId);
  });

  declareRoute(
    app,
    "GET",
    "/board-accounts",
    {
      ...BOARD,
      operationId: "boardAccounts",
      summary: "Board-only accounts (park managers)",
      responses: {
        200: { description: "The accounts", schema: boardAccountListResponseSchema },
      },
    },
    async (request) => {
      const staff = requireRole(request, "staff");
      return { data: await board.list(await staffScope(app.db, staff.id)) };
    },
  );

  declareRoute(
    app,
    "POST",
    "/board-accounts",
    {
      ...BOARD,
      operationId: "createBoardAccount",
      summary:
        "Create a board-only, read-only account; its access code is shown once (park managers)",
      body: boardAccountCreateSchema,
      responses: {
        201: { description: "Created", schema: boardAccountCreatedSchema },
        404: errorAnswer("No such trailer"),
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, "staff");
      const created = await board.create(await staffScope(app.db, staff.id), staff, request.body);
      return reply.status(201).send(created);
    },
  );

  declareRoute(
    app,
    "DELETE",
    "/board-accounts/:accountId",
    {
      ...BOARD,
      operationId: "revokeBoardAccount",
      summary: "Revoke a board account: its code stops working at once (park managers)",
      params: boardAccountParamsSchema,
      responses: {
        200: { description: "The revoked account", schema: z.object({ data: boardAccountSchema }) },
        404: errorAnswer("No such board account"),
      },
    },
    async (request) => {
      const staff = requireRole(request, "staff");
      const { accountId } = request.params;
      return { data: await board.revoke(await staffScope(app.db, staff.id), staff, accountId) };
    },
  );
}
