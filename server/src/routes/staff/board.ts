import {
  boardAccountCreateSchema,
  boardAccountParamsSchema,
  boardQuerySchema,
} from "@contract/kitchen";
import { parseInput } from "@server/domain-errors.js";
import { bearerToken, requireRole } from "@server/plugins/auth.js";
import { type BoardViewer, isBoardCode } from "@server/services/kitchen/board-service.js";
import { staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

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

  app.get("/board", async (request, reply) => {
    const viewer = await viewerOf(request);
    const { vendorId } = parseInput(boardQuerySchema, request.query);
    reply.header("cache-control", "no-store");
    return board.board(viewer, vendorId);
  });

  app.get("/board-accounts", async (request) => {
    const staff = requireRole(request, "staff");
    return { data: await board.list(await staffScope(app.db, staff.id)) };
  });

  app.post("/board-accounts", async (request, reply) => {
    const staff = requireRole(request, "staff");
    const input = parseInput(boardAccountCreateSchema, request.body);
    const created = await board.create(await staffScope(app.db, staff.id), staff, input);
    return reply.status(201).send(created);
  });

  app.delete("/board-accounts/:accountId", async (request) => {
    const staff = requireRole(request, "staff");
    const { accountId } = parseInput(boardAccountParamsSchema, request.params);
    return { data: await board.revoke(await staffScope(app.db, staff.id), staff, accountId) };
  });
}
