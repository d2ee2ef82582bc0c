import { trailerBusinessUpdateSchema, vatRateUpdateSchema } from "@contract/business";
import { idParam } from "@contract/common";
import { soldOutUpdateSchema, trailerUpdateSchema } from "@contract/park-operations";
import { itemIdParamsSchema, vendorIdParamsSchema } from "@contract/vendors";
import { requireRole } from "@server/plugins/auth.js";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { declareRoute, errorAnswer } from "../route-contract.js";
import {
  auditResponseSchema,
  soldOutAnswerSchema,
  staffTrailerSchema,
  vatRateAnswerSchema,
} from "./trailer-answers.js";

const addonIdParamsSchema = z.object({ addonId: idParam("addon") });
const STAFF = { tag: "Staff", access: "staff" } as const;

/** The staff board's Trailers view: run the day (status, hours, preparation, slot cap, sold out) and its record. */
export default async function staffTrailerRoutes(app: FastifyInstance) {
  const ops = app.services.parkOperations;

  declareRoute(
    app,
    "GET",
    "/trailers",
    {
      ...STAFF,
      operationId: "staffListTrailers",
      summary: "The trailers this staff member runs (every trailer for a park manager)",
      responses: {
        200: {
          description: "The trailers with their items and add-ons",
          schema: z.object({ data: z.array(staffTrailerSchema), allTrailers: z.boolean() }),
        },
      },
    },
    async (request) => ops.listTrailers(requireRole(request, "staff")),
  );

  declareRoute(
    app,
    "PATCH",
    "/trailers/:id",
    {
      ...STAFF,
      operationId: "staffUpdateTrailer",
      summary: "Open, pause or close a trailer; its hours, preparation time and slot cap",
      params: vendorIdParamsSchema,
      body: trailerUpdateSchema,
      responses: {
        200: { description: "The trailer after the change", schema: staffTrailerSchema },
        404: errorAnswer("No such trailer of yours"),
        422: errorAnswer(
          "Opening hours name a day other than mon, tue, wed, thu, fri, sat and sun (nothing changed)",
        ),
        409: errorAnswer(
          "These opening hours would close the trailer now: send confirmClose to save them",
        ),
      },
    },
    async (request) =>
      ops.updateTrailer(requireRole(request, "staff"), request.params.id, request.body),
  );

  declareRoute(
    app,
    "PATCH",
    "/trailers/:id/business",
    {
      ...STAFF,
      operationId: "staffUpdateTrailerBusiness",
      summary: "A trailer's legal name, address, VAT number and payout account (park manager only)",
      params: vendorIdParamsSchema,
      body: trailerBusinessUpdateSchema,
      responses: {
        200: { description: "The trailer after the change", schema: staffTrailerSchema },
        404: errorAnswer("No such trailer"),
      },
    },
    async (request) =>
      ops.updateBusiness(requireRole(request, "staff"), request.params.id, request.body),
  );

  declareRoute(
    app,
    "PATCH",
    "/menu-items/:itemId/vat-rate",
    {
      ...STAFF,
      operationId: "staffSetItemVatRate",
      summary: "An item's VAT rate, 20 or 0 per cent (park manager only)",
      params: itemIdParamsSchema,
      body: vatRateUpdateSchema,
      responses: {
        200: { description: "The item's new rate", schema: vatRateAnswerSchema },
        404: errorAnswer("No such item"),
      },
    },
    async (request) =>
      ops.setVatRate(
        requireRole(request, "staff"),
        "item",
        request.params.itemId,
        request.body.vatRate,
      ),
  );

  declareRoute(
    app,
    "PATCH",
    "/addons/:addonId/vat-rate",
    {
      ...STAFF,
      operationId: "staffSetAddonVatRate",
      summary: "An add-on's VAT rate, 20 or 0 per cent (park manager only)",
      params: addonIdParamsSchema,
      body: vatRateUpdateSchema,
      responses: {
        200: { description: "The add-on's new rate", schema: vatRateAnswerSchema },
        404: errorAnswer("No such add-on"),
      },
    },
    async (request) =>
      ops.setVatRate(
        requireRole(request, "staff"),
        "addon",
        request.params.addonId,
        request.body.vatRate,
      ),
  );

  declareRoute(
    app,
    "PATCH",
    "/menu-items/:itemId",
    {
      ...STAFF,
      operationId: "staffSetItemSoldOut",
      summary: "Mark an item sold out, or back",
      params: itemIdParamsSchema,
      body: soldOutUpdateSchema,
      responses: {
        200: { description: "The item's new state", schema: soldOutAnswerSchema },
        404: errorAnswer("No such item at a trailer of yours"),
      },
    },
    async (request) =>
      ops.setItemSoldOut(
        requireRole(request, "staff"),
        request.params.itemId,
        request.body.soldOut,
      ),
  );

  declareRoute(
    app,
    "PATCH",
    "/addons/:addonId",
    {
      ...STAFF,
      operationId: "staffSetAddonSoldOut",
      summary: "Mark an add-on sold out, or back",
      params: addonIdParamsSchema,
      body: soldOutUpdateSchema,
      responses: {
        200: { description: "The add-on's new state", schema: soldOutAnswerSchema },
        404: errorAnswer("No such add-on at a trailer of yours"),
      },
    },
    async (request) =>
      ops.setAddonSoldOut(
        requireRole(request, "staff"),
        request.params.addonId,
        request.body.soldOut,
      ),
  );

  declareRoute(
    app,
    "GET",
    "/audit",
    {
      ...STAFF,
      operationId: "staffAuditLog",
      summary: "What staff changed, newest first",
      responses: { 200: { description: "The record", schema: auditResponseSchema } },
    },
    async (request) => ({ data: await ops.auditLog(requireRole(request, "staff")) }),
  );
}
