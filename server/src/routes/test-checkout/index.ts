import { parseInput } from "@server/domain-errors.js";
import { readAppName } from "@server/lib/app-name.js";
import { TEST_CHECKOUT_PATH } from "@server/services/payments/test-provider.js";
import type { FastifyInstance, FastifyReply } from "fastify";
import * as z from "zod/mini";
import { renderTestCheckoutPage, type TestCheckoutPageInput } from "./test-checkout-page.js";

const params = z.object({ paymentId: z.string().check(z.minLength(1), z.maxLength(200)) });
const formField = z._default(z.string().check(z.maxLength(100)), "");
const cardForm = z.object({
  number: formField,
  expiry: formField,
  cvc: formField,
  name: formField,
});

const closedMessage = (appName: string) =>
  `This payment session has expired. Go back to ${appName} and start the payment again.`;

function sendPage(reply: FastifyReply, status: number, page: TestCheckoutPageInput) {
  return reply
    .status(status)
    .header("Cache-Control", "no-store")
    .type("text/html; charset=utf-8")
    .send(renderTestCheckoutPage(page));
}

/** A page, not an API call: at the test provider's own address. */
export const mountAt = TEST_CHECKOUT_PATH;

/**
 * /pay/test-checkout/:paymentId — the test provider's hosted checkout page, only where card payments go to the
 * test provider (never with Stripe keys). The unguessable payment id is the capability, as with Stripe's own
 * checkout URLs.
 */
export default async function testCheckoutRoutes(app: FastifyInstance) {
  if (app.services.payments.cardPayments !== "test") return;
  const appName = readAppName(app.config.clientDir);
  const CLOSED_MESSAGE = closedMessage(appName);
  const payments = app.services.payments;

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get("/:paymentId", async (request, reply) => {
    const { paymentId } = parseInput(params, request.params);
    const view = await payments.testCheckout(paymentId);
    if (view.status === "paid") return reply.redirect(view.successUrl, 303);
    const closed = view.status === "canceled" || view.status === "failed";
    return sendPage(reply, 200, {
      ...view,
      appName,
      closedMessage: closed ? CLOSED_MESSAGE : null,
    });
  });

  app.post("/:paymentId", async (request, reply) => {
    const { paymentId } = parseInput(params, request.params);
    const card = parseInput(cardForm, request.body ?? {});
    const result = await payments.payTestCheckout(paymentId, card);
    if (result.paid) return reply.redirect(result.redirectTo, 303);
    const view = await payments.testCheckout(paymentId);
    const closed = view.status === "canceled" || view.status === "failed";
    return sendPage(reply, result.field === null ? 402 : 400, {
      ...view,
      values: { number: card.number, expiry: card.expiry, name: card.name },
      error: { message: closed ? CLOSED_MESSAGE : result.message, field: result.field },
      appName,
      closedMessage: closed ? CLOSED_MESSAGE : null,
    });
  });
}
