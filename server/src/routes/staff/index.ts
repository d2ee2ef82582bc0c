import {
  orderIdParamsSchema,
  staffOrdersQuerySchema,
  staffStatusUpdateSchema,
} from "@contract/orders";
import { parseInput } from "@server/domain-errors.js";
import { requireRole } from "@server/plugins/auth.js";
import { scopeVendorIds, staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance } from "fastify";
import staffBoardRoutes from "./board.js";
import staffKitchenRoutes from "./kitchen.js";
import staffTrailerRoutes from "./trailers.js";

/**
 * The staff board's calls: today's orders and moving an order along (role staff only), each narrowed to the
 * trailers the account runs (trailer staff see only theirs; another trailer's order cannot be moved: 403).
 */
export default async function staffRoutes(app: FastifyInstance) {
  await app.register(staffTrailerRoutes);
  await app.register(staffKitchenRoutes);
  await app.register(staffBoardRoutes);

  app.get("/orders", async (request) => {
    const staff = requireRole(request, "staff");
    const filter = parseInput(staffOrdersQuerySchema, request.query);
    const vendorIds = scopeVendorIds(await staffScope(app.db, staff.id));
    return { data: await app.services.orders.listForStaff({ ...filter, vendorIds }) };
  });

  app.patch("/orders/:orderId", async (request) => {
    const staff = requireRole(request, "staff");
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    const { status } = parseInput(staffStatusUpdateSchema, request.body);
    const scope = await staffScope(app.db, staff.id);
    return app.services.orderStatus.changeStatus({ orderId, status, changedBy: staff.id, scope });
  });
}
