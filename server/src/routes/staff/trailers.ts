import { trailerBusinessUpdateSchema, vatRateUpdateSchema } from "@contract/business";
import { idParam } from "@contract/common";
import { soldOutUpdateSchema, trailerUpdateSchema } from "@contract/park-operations";
import { itemIdParamsSchema, vendorIdParamsSchema } from "@contract/vendors";
import { parseInput } from "@server/domain-errors.js";
import { requireRole } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";

const addonIdParamsSchema = z.object({ addonId: idParam("addon") });

/** The staff board's Trailers view: run the day (status, hours, preparation, slot cap, sold out) and its record. */
export default async function staffTrailerRoutes(app: FastifyInstance) {
  const ops = app.services.parkOperations;

  app.get("/trailers", async (request) => ops.listTrailers(requireRole(request, "staff")));

  app.patch("/trailers/:id", async (request) => {
    const staff = requireRole(request, "staff");
    const { id } = parseInput(vendorIdParamsSchema, request.params);
    return ops.updateTrailer(staff, id, parseInput(trailerUpdateSchema, request.body));
  });

  app.patch("/trailers/:id/business", async (request) => {
    const staff = requireRole(request, "staff");
    const { id } = parseInput(vendorIdParamsSchema, request.params);
    return ops.updateBusiness(staff, id, parseInput(trailerBusinessUpdateSchema, request.body));
  });

  app.patch("/menu-items/:itemId/vat-rate", async (request) => {
    const staff = requireRole(request, "staff");
    const { itemId } = parseInput(itemIdParamsSchema, request.params);
    const { vatRate } = parseInput(vatRateUpdateSchema, request.body);
    return ops.setVatRate(staff, "item", itemId, vatRate);
  });

  app.patch("/addons/:addonId/vat-rate", async (request) => {
    const staff = requireRole(request, "staff");
    const { addonId } = parseInput(addonIdParamsSchema, request.params);
    const { vatRate } = parseInput(vatRateUpdateSchema, request.body);
    return ops.setVatRate(staff, "addon", addonId, vatRate);
  });

  app.patch("/menu-items/:itemId", async (request) => {
    const staff = requireRole(request, "staff");
    const { itemId } = parseInput(itemIdParamsSchema, request.params);
    const { soldOut } = parseInput(soldOutUpdateSchema, request.body);
    return ops.setItemSoldOut(staff, itemId, soldOut);
  });

  app.patch("/addons/:addonId", async (request) => {
    const staff = requireRole(request, "staff");
    const { addonId } = parseInput(addonIdParamsSchema, request.params);
    const { soldOut } = parseInput(soldOutUpdateSchema, request.body);
    return ops.setAddonSoldOut(staff, addonId, soldOut);
  });

  app.get("/audit", async (request) => ({
    data: await ops.auditLog(requireRole(request, "staff")),
  }));
}
