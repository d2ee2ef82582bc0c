import {
  orderIdParamsSchema,
  orderListResponseSchema,
  orderSchema,
  staffOrdersQuerySchema,
  staffStatusUpdateSchema,
} from "@contract/orders";
import { reportCsv, reportQuerySchema, reportSchema } from "@contract/report";
import { requireRole } from "@server/plugins/auth.js";
import { scopeVendorIds, staffScope } from "@server/services/staff-scope.js";
import type { FastifyInstance } from "fastify";
import { declareRoute, errorAnswer } from "../route-contract.js";
import staffBoardRoutes from "./board.js";
import staffKitchenRoutes from "./kitchen.js";
import staffTrailerRoutes from "./trailers.js";

const STAFF = { tag: "Staff", access: "staff" } as const;

/**
 * The staff board's calls: today's orders and moving an order along (role staff only), each narrowed to the
 * trailers the account runs (trailer staff see only theirs; another trailer's order cannot be moved: 403).
 */
export default async function staffRoutes(app: FastifyInstance) {
  await app.register(staffTrailerRoutes);
  await app.register(staffKitchenRoutes);
  await app.register(staffBoardRoutes);

  /** The park manager's report (trailer staff: their trailers), as JSON or (`format=csv`) the CSV export. */
  declareRoute(
    app,
    "GET",
    "/report",
    {
      ...STAFF,
      operationId: "staffReport",
      summary:
        "Per trailer for a day or range (UK time): orders, items, takings, refunds, service charges, VAT, owed, transferred, prep time, minutes paused or sold out",
      query: reportQuerySchema,
      responses: {
        200: {
          description:
            "The report and the park's totals; with format=csv the same columns as a CSV file (text/csv, UTF-8, one header row, pounds with two decimals)",
          schema: reportSchema,
        },
        422: errorAnswer("The range is longer than 366 days (named in the message)"),
      },
    },
    async (request, reply) => {
      const staff = requireRole(request, "staff");
      const query = request.query;
      const report = await app.services.reports.report(staff, query);
      if (query.format !== "csv")
        return reply.header("cache-control", "private, no-store").send(report);
      const name = report.from === report.to ? report.from : `${report.from}_to_${report.to}`;
      return reply
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename="food-park-report-${name}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(reportCsv(report));
    },
  );

  declareRoute(
    app,
    "GET",
    "/orders",
    {
      ...STAFF,
      operationId: "staffListOrders",
      summary:
        "Today's orders of the trailers this staff member runs (every trailer for a park manager)",
      query: staffOrdersQuerySchema,
      responses: { 200: { description: "The orders", schema: orderListResponseSchema } },
    },
    async (request) => {
      const staff = requireRole(request, "staff");
      const vendorIds = scopeVendorIds(await staffScope(app.db, staff.id));
      return { data: await app.services.orders.listForStaff({ ...request.query, vendorIds }) };
    },
  );

  declareRoute(
    app,
    "PATCH",
    "/orders/:orderId",
    {
      ...STAFF,
      operationId: "staffChangeStatus",
      summary: "Move an order to its next status",
      params: orderIdParamsSchema,
      body: staffStatusUpdateSchema,
      responses: {
        200: { description: "The order after the change", schema: orderSchema },
        403: errorAnswer("Not staff, or the order is at a trailer this staff member does not run"),
        404: errorAnswer("No such order"),
        409: errorAnswer("That move is not allowed from the order's status"),
      },
    },
    async (request) => {
      const staff = requireRole(request, "staff");
      const { status, reason } = request.body;
      const scope = await staffScope(app.db, staff.id);
      return app.services.orderStatus.changeStatus({
        orderId: request.params.orderId,
        status,
        reason,
        changedBy: staff.id,
        scope,
      });
    },
  );
}
