import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  mode: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  client_secret: null;
  metadata: Record<string, string>;
  /** An id until a card is tried; expanded (`expand[]=payment_intent`) it is the intent itself. */
  payment_intent: FakePaymentIntent | null;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  status: "requires_payment_method" | "succeeded";
  last_payment_error: { type: "card_error"; code: string; message: string } | null;
  /** The charge once paid (Connect transfers name it as their `source_transaction`). */
  latest_charge: string | null;
}

export interface FakeTransferReversal {
  id: string;
  object: "transfer_reversal";
  amount: number;
  transfer: string;
  metadata: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
  reversals: { object: "list"; data: FakeTransferReversal[]; has_more: false; url: string };
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface FakeRefund {
  id: string;
  amount: number;
  payment_intent: string | null;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  host: string;
  port: number;
  requests: FakeStripeRequest[];
  /** Refunds made: as Stripe does, a request repeating an earlier Idempotency-Key makes none (it gets the first). */
  refunds: FakeRefund[];
  sessions: Map<string, FakeSession>;
  /** Connect transfers made (each with its reversals), by id. */
  transfers: Map<string, FakeTransfer>;
  /** Refuses reversals as Stripe does when the connected account's balance is short. */
  failReversals: boolean;
  /** Answers every call with this status until cleared (simulates an outage). */
  failWith: number | null;
  pay(sessionId: string): FakeSession;
  /** The customer's card is declined on the hosted page: the session stays open. */
  decline(sessionId: string, message: string): FakeSession;
  close(): Promise<void>;
}

/** Sums Stripe's form-encoded line_items[n][price_data][unit_amount] × line_items[n][quantity]. */
function amountTotal(form: URLSearchParams): number {
  let total = 0;
  for (let index = 0; form.has(`line_items[${index}][quantity]`); index += 1) {
    total +=
      Number(form.get(`line_items[${index}][price_data][unit_amount]`)) *
      Number(form.get(`line_items[${index}][quantity]`));
  }
  return total;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/**
 * Just enough of api.stripe.com for Checkout Sessions (create, retrieve, expire), refunds of their payments, and
 * Connect transfers with their reversals (idempotency keys answered with the first answer, as Stripe does).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const requests: FakeStripeRequest[] = [];
  const refunds: FakeRefund[] = [];
  const transfers = new Map<string, FakeTransfer>();
  /** Stripe answers a repeated Idempotency-Key with the first answer. */
  const idempotent = new Map<string, unknown>();
  let counter = 0;
  const fake: Omit<FakeStripe, "host" | "port" | "close"> = {
    requests,
    refunds,
    sessions,
    transfers,
    failReversals: false,
    failWith: null,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = {
        id: `pi_fake_${sessionId}`,
        object: "payment_intent",
        status: "succeeded",
        last_payment_error: null,
        latest_charge: `ch_fake_${sessionId}`,
      };
      return session;
    },
    decline(sessionId, message) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      session.payment_intent = {
        id: `pi_fake_${sessionId}`,
        object: "payment_intent",
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "card_declined", message },
        latest_charge: null,
      };
      return session;
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      requests.push({
        method: req.method ?? "",
        path,
        authorization: header("authorization"),
        idempotencyKey: header("idempotency-key"),
        form,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${counter}`,
        });
        res.end(JSON.stringify(body));
      };
      if (fake.failWith !== null)
        return send(fake.failWith, { error: { type: "api_error", message: "Fake outage" } });

      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        counter += 1;
        const id = `cs_test_fake${counter}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: amountTotal(form),
          currency:
            form.get("currency") ?? form.get("line_items[0][price_data][currency]") ?? "gbp",
          mode: form.get("mode") ?? "",
          success_url: form.get("success_url") ?? "",
          cancel_url: form.get("cancel_url") ?? "",
          client_reference_id: form.get("client_reference_id"),
          client_secret: null,
          metadata: metadataOf(form),
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const key = header("idempotency-key");
      const once = (make: () => unknown) => {
        if (key && idempotent.has(key)) return send(200, idempotent.get(key));
        const body = make();
        if (key) idempotent.set(key, body);
        return send(200, body);
      };
      if (path === "/v1/transfers" && req.method === "POST")
        return once(() => {
          counter += 1;
          const id = `tr_fake${counter}`;
          const transfer: FakeTransfer = {
            id,
            object: "transfer",
            amount: Number(form.get("amount")),
            amount_reversed: 0,
            currency: form.get("currency") ?? "gbp",
            destination: form.get("destination") ?? "",
            source_transaction: form.get("source_transaction"),
            transfer_group: form.get("transfer_group"),
            metadata: metadataOf(form),
            reversals: {
              object: "list",
              data: [],
              has_more: false,
              url: `/v1/transfers/${id}/reversals`,
            },
          };
          transfers.set(id, transfer);
          return transfer;
        });
      if (path === "/v1/transfers" && req.method === "GET") {
        const group = new URLSearchParams((req.url ?? "").split("?")[1] ?? "").get(
          "transfer_group",
        );
        const data = [...transfers.values()].filter(
          (entry) => !group || entry.transfer_group === group,
        );
        return send(200, { object: "list", data, has_more: false, url: "/v1/transfers" });
      }
      const reversals = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
      if (reversals) {
        const transfer = transfers.get(reversals[1]!);
        if (!transfer)
          return send(404, {
            error: { type: "invalid_request_error", message: "No such transfer" },
          });
        if (req.method === "GET") return send(200, transfer.reversals);
        if (key && idempotent.has(key)) return send(200, idempotent.get(key));
        const amount = Number(form.get("amount") ?? transfer.amount - transfer.amount_reversed);
        if (fake.failReversals)
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "balance_insufficient",
              message: "Insufficient funds in the connected account to reverse this transfer.",
            },
          });
        if (amount > transfer.amount - transfer.amount_reversed)
          return send(400, {
            error: { type: "invalid_request_error", message: "Reversal exceeds the transfer" },
          });
        return once(() => {
          counter += 1;
          const reversal: FakeTransferReversal = {
            id: `trr_fake${counter}`,
            object: "transfer_reversal",
            amount,
            transfer: transfer.id,
            metadata: metadataOf(form),
          };
          transfer.reversals.data.push(reversal);
          transfer.amount_reversed += amount;
          return reversal;
        });
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        const key = header("idempotency-key");
        let refund = key ? refunds.find((earlier) => earlier.idempotencyKey === key) : undefined;
        if (!refund) {
          counter += 1;
          refund = {
            id: `re_fake${counter}`,
            amount: Number(form.get("amount")),
            payment_intent: form.get("payment_intent"),
            idempotencyKey: key,
          };
          refunds.push(refund);
        }
        return send(200, {
          id: refund.id,
          object: "refund",
          amount: refund.amount,
          payment_intent: refund.payment_intent,
          status: "succeeded",
        });
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (!session)
        return send(404, {
          error: { type: "invalid_request_error", message: "No such checkout.session" },
        });
      if (req.method === "POST" && match?.[2]) {
        if (session.status !== "open")
          return send(400, {
            error: { type: "invalid_request_error", message: "Session is not open" },
          });
        session.status = "expired";
        return send(200, session);
      }
      // Stripe answers an id unless asked to expand the intent.
      const query = [...new URLSearchParams((req.url ?? "").split("?")[1] ?? "")];
      const expanded = query.some(
        ([key, value]) => /^expand\[\d*\]$/.test(key) && value === "payment_intent",
      );
      return send(
        200,
        expanded ? session : { ...session, payment_intent: session.payment_intent?.id ?? null },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake as FakeStripe, {
    host: "127.0.0.1",
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
