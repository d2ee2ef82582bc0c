import {
  allDayResponseSchema,
  kitchenLineMadeRequestSchema,
  kitchenLineParamsSchema,
  kitchenMoveRequestSchema,
  kitchenMoveResponseSchema,
  kitchenQuerySchema,
  kitchenSettingsUpdateSchema,
  kitchenTicketSchema,
  kitchenTicketsResponseSchema,
  kitchenTrailerSchema,
  recallListResponseSchema,
} from "@contract/kitchen";
import { orderIdParamsSchema } from "@contract/orders";
import { vendorIdParamsSchema } from "@contract/vendors";
import { requireRole } from "@server/plugins/auth.js";
import { staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { declareRoute, errorAnswer } from "../route-contract.js";

const KITCHEN = { tag: "Kitchen", access: "staff" } as const;
const ticketAnswer = z.object({ data: kitchenTicketSchema });

/**
 * The kitchen screen's calls (role staff only), each narrowed to the trailers the account runs: open tickets,
 * one-tap moves with a version (a repeat is answered, not applied twice), line check-off, the recall list,
 * all-day counts and the trailer's lateness thresholds.
 */
export default async function staffKitchenRoutes(app: FastifyInstance) {
  const kitchen = app.services.kitchen;
  const staffOf = async (request: FastifyRequest) => {
    const staff = requireRole(request, "staff");
    return { staff, scope: await staffScope(app.db, staff.id) };
  };

  declareRoute(
    app,
    "GET",
    "/kitchen/tickets",
    {
      ...KITCHEN,
      operationId: "kitchenTickets",
      summary:
        "Open tickets of the trailers this staff member runs, by promised time, with lateness thresholds",
      query: kitchenQuerySchema,
      responses: { 200: { description: "The tickets", schema: kitchenTicketsResponseSchema } },
    },
    async (request) => {
      const { scope } = await staffOf(request);
      return kitchen.tickets(scope, request.query.vendorId);
    },
  );

  declareRoute(
    app,
    "GET",
    "/kitchen/tickets/:orderId",
    {
      ...KITCHEN,
      operationId: "kitchenTicket",
      summary: "One ticket (open or finished)",
      params: orderIdParamsSchema,
      responses: {
        200: { description: "The ticket", schema: ticketAnswer },
        404: errorAnswer("No such order"),
      },
    },
    async (request) => {
      const { scope } = await staffOf(request);
      return { data: await kitchen.ticket(scope, request.params.orderId) };
    },
  );

  declareRoute(
    app,
    "POST",
    "/kitchen/tickets/:orderId/moves",
    {
      ...KITCHEN,
      operationId: "kitchenMove",
      summary: "One staff move on the version shown: a step, an undo (5 s) or a recall (15 min)",
      description:
        "A repeat of a step already made (the ticket is at the status sent, on a newer version) answers the ticket with applied false. Every applied move is audited in the order's status history.",
      params: orderIdParamsSchema,
      body: kitchenMoveRequestSchema,
      responses: {
        200: { description: "The ticket after the move", schema: kitchenMoveResponseSchema },
        404: errorAnswer("No such order"),
        409: errorAnswer(
          "Stale version, undo or recall window passed, a cancelled order, or a move the status graph refuses",
        ),
      },
    },
    async (request) => {
      const { staff, scope } = await staffOf(request);
      return kitchen.move(staff.id, scope, request.params.orderId, request.body);
    },
  );

  declareRoute(
    app,
    "PUT",
    "/kitchen/tickets/:orderId/lines/:lineId",
    {
      ...KITCHEN,
      operationId: "kitchenLineMade",
      summary: "Strike a line when it is made (or un-strike it)",
      params: kitchenLineParamsSchema,
      body: kitchenLineMadeRequestSchema,
      responses: {
        200: { description: "The ticket after the change", schema: ticketAnswer },
        404: errorAnswer("No such order or line"),
      },
    },
    async (request) => {
      const { scope } = await staffOf(request);
      const { orderId, lineId } = request.params;
      return { data: await kitchen.setLineMade(scope, orderId, lineId, request.body.made) };
    },
  );

  declareRoute(
    app,
    "GET",
    "/kitchen/recall",
    {
      ...KITCHEN,
      operationId: "kitchenRecallList",
      summary: "The last 10 tickets that left the screen within 15 minutes (never cancelled ones)",
      query: kitchenQuerySchema,
      responses: { 200: { description: "Recallable tickets", schema: recallListResponseSchema } },
    },
    async (request) => {
      const { scope } = await staffOf(request);
      return { data: await kitchen.recallList(scope, request.query.vendorId) };
    },
  );

  declareRoute(
    app,
    "GET",
    "/kitchen/all-day",
    {
      ...KITCHEN,
      operationId: "kitchenAllDay",
      summary: "What the open tickets still need, summed by dish and the add-ons cooked with it",
      query: kitchenQuerySchema,
      responses: { 200: { description: "All-day counts", schema: allDayResponseSchema } },
    },
    async (request) => {
      const { scope } = await staffOf(request);
      return { data: await kitchen.allDay(scope, request.query.vendorId) };
    },
  );

  declareRoute(
    app,
    "PUT",
    "/kitchen/trailers/:id/settings",
    {
      ...KITCHEN,
      operationId: "kitchenSettings",
      summary: "A trailer's lateness thresholds for ticket ages (null: the defaults)",
      params: vendorIdParamsSchema,
      body: kitchenSettingsUpdateSchema,
      responses: {
        200: {
          description: "The thresholds now",
          schema: z.object({ data: kitchenTrailerSchema }),
        },
        404: errorAnswer("No such trailer"),
      },
    },
    async (request) => {
      const { staff, scope } = await staffOf(request);
      return { data: await kitchen.updateSettings(staff, scope, request.params.id, request.body) };
    },
  );
}
