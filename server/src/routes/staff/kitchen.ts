import {
  kitchenLineMadeRequestSchema,
  kitchenLineParamsSchema,
  kitchenMoveRequestSchema,
  kitchenQuerySchema,
  kitchenSettingsUpdateSchema,
} from "@contract/kitchen";
import { orderIdParamsSchema } from "@contract/orders";
import { vendorIdParamsSchema } from "@contract/vendors";
import { parseInput } from "@server/domain-errors.js";
import { requireRole } from "@server/plugins/auth.js";
import { staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance, FastifyRequest } from "fastify";

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

  app.get("/kitchen/tickets", async (request) => {
    const { scope } = await staffOf(request);
    const { vendorId } = parseInput(kitchenQuerySchema, request.query);
    return kitchen.tickets(scope, vendorId);
  });

  app.get("/kitchen/tickets/:orderId", async (request) => {
    const { scope } = await staffOf(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    return { data: await kitchen.ticket(scope, orderId) };
  });

  app.post("/kitchen/tickets/:orderId/moves", async (request) => {
    const { staff, scope } = await staffOf(request);
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    const move = parseInput(kitchenMoveRequestSchema, request.body);
    return kitchen.move(staff.id, scope, orderId, move);
  });

  app.put("/kitchen/tickets/:orderId/lines/:lineId", async (request) => {
    const { scope } = await staffOf(request);
    const { orderId, lineId } = parseInput(kitchenLineParamsSchema, request.params);
    const { made } = parseInput(kitchenLineMadeRequestSchema, request.body);
    return { data: await kitchen.setLineMade(scope, orderId, lineId, made) };
  });

  app.get("/kitchen/recall", async (request) => {
    const { scope } = await staffOf(request);
    const { vendorId } = parseInput(kitchenQuerySchema, request.query);
    return { data: await kitchen.recallList(scope, vendorId) };
  });

  app.get("/kitchen/all-day", async (request) => {
    const { scope } = await staffOf(request);
    const { vendorId } = parseInput(kitchenQuerySchema, request.query);
    return { data: await kitchen.allDay(scope, vendorId) };
  });

  app.put("/kitchen/trailers/:id/settings", async (request) => {
    const { staff, scope } = await staffOf(request);
    const { id } = parseInput(vendorIdParamsSchema, request.params);
    const update = parseInput(kitchenSettingsUpdateSchema, request.body);
    return { data: await kitchen.updateSettings(staff, scope, id, update) };
  });
}
