import {
  orderIdParamsSchema,
  staffOrdersQuerySchema,
  staffStatusUpdateSchema,
} from "@contract/orders";
import { reportCsv, reportQuerySchema } from "@contract/report";
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

  /** The park manager's report (trailer staff: their trailers), as JSON or (`format=csv`) the CSV export. */
  app.get("/report", async (request, reply) => {
    const staff = requireRole(request, "staff");
    const query = parseInput(reportQuerySchema, request.query);
    const report = await app.services.reports.report(staff, query);
    if (query.format !== "csv")
      return reply.header("cache-control", "private, no-store").send(report);
    const name = report.from === report.to ? report.from : `${report.from}_to_${report.to}`;
    return reply
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="food-park-report-${name}.csv"`)
      .type("text/csv; charset=utf-8")
      .send(reportCsv(report));
  });

  app.get("/orders", async (request) => {
    const staff = requireRole(request, "staff");
    const filter = parseInput(staffOrdersQuerySchema, request.query);
    const vendorIds = scopeVendorIds(await staffScope(app.db, staff.id));
    return { data: await app.services.orders.listForStaff({ ...filter, vendorIds }) };
  });

  app.patch("/orders/:orderId", async (request) => {
    const staff = requireRole(request, "staff");
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    const { status, reason } = parseInput(staffStatusUpdateSchema, request.body);
    const scope = await staffScope(app.db, staff.id);
    return app.services.orderStatus.changeStatus({
      orderId,
      status,
      reason,
      changedBy: staff.id,
      scope,
    });
  });
}
