import {
  orderIdParamsSchema,
  staffOrdersQuerySchema,
  staffStatusUpdateSchema,
} from "@contract/orders";
import { parseInput } from "@server/domain-errors.js";
import { requireRole } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import staffTrailerRoutes from "./trailers.js";

/** The staff board's calls: today's orders and moving an order along (role staff only). */
export default async function staffRoutes(app: FastifyInstance) {
  await app.register(staffTrailerRoutes);

  app.get("/orders", async (request) => {
    requireRole(request, "staff");
    const filter = parseInput(staffOrdersQuerySchema, request.query);
    return { data: await app.services.orders.listForStaff(filter) };
  });

  app.patch("/orders/:orderId", async (request) => {
    const staff = requireRole(request, "staff");
    const { orderId } = parseInput(orderIdParamsSchema, request.params);
    const { status } = parseInput(staffStatusUpdateSchema, request.body);
    return app.services.orderStatus.changeStatus({ orderId, status, changedBy: staff.id });
  });
}
