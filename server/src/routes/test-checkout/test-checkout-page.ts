import type { CheckoutSnapshot } from "@server/services/orders/snapshot.js";

export interface TestCheckoutPageInput {
  paymentId: string;
  amountPence: number;
  snapshot: CheckoutSnapshot;
  cancelUrl: string;
  /** What the customer typed, kept after a refused attempt (never the CVC). */
  values?: { number?: string; expiry?: string; name?: string };
  error?: { message: string; field: "number" | "expiry" | "cvc" | null } | null;
  /** Set when the session can no longer be paid. */
  closedMessage?: string | null;
  /** The brand's app name (server/src/lib/app-name.ts). */
  appName?: string;
}

const money = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const gbp = (pence: number) => money.format(pence / 100);

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

// Inline CSS only (our CSP allows inline styles, no scripts, nothing from other hosts).
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1f36;background:#f6f9fc}
.checkout{display:grid;max-width:960px;margin:0 auto;min-height:100vh}
.summary{padding:20px 20px 24px;background:#fff;border-bottom:1px solid #e3e8ee}
.pay{padding:24px 20px 40px}
.back{display:inline-flex;align-items:center;min-height:44px;color:#3c4257;font-weight:600;text-decoration:none}
.back:hover{text-decoration:underline}
.badge{display:inline-block;margin-left:8px;padding:2px 8px;border-radius:6px;background:#ffde92;color:#5e3b00;font-size:12px;font-weight:700;letter-spacing:.04em}
.merchant{margin:12px 0 0;color:#3c4257;font-weight:600;font-size:16px}
.amount{margin:4px 0 16px;font-size:36px;font-weight:700;letter-spacing:-.01em}
.lines{list-style:none;margin:0;padding:0;border-top:1px solid #e3e8ee}
.lines li{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid #e3e8ee}
.lines small{display:block;color:#4f566b}
.lines .price{white-space:nowrap;font-variant-numeric:tabular-nums}
.lines .total{font-weight:700;border-bottom:0}
h2{margin:0 0 16px;font-size:20px}
.field{display:grid;gap:6px;margin-bottom:14px}
label{font-weight:600;font-size:14px;color:#3c4257}
input{width:100%;min-height:48px;padding:10px 12px;border:1px solid #8792a2;border-radius:8px;background:#fff;font:inherit;color:inherit}
input:focus{outline:3px solid rgba(99,91,255,.35);border-color:#635bff}
input[aria-invalid=true]{border-color:#c0123c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#fdecee;color:#a4102f;font-weight:600;border:1px solid #f5b5c1}
.pay-button{width:100%;min-height:52px;margin-top:6px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font:inherit;font-weight:700;font-size:17px;cursor:pointer}
.pay-button:hover{background:#4338ca}
.pay-button:focus-visible,.back:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.hint{margin-top:24px;padding:14px 16px;border-radius:8px;background:#fff;border:1px dashed #8792a2;font-size:14px;color:#3c4257}
.hint h3{margin:0 0 6px;font-size:14px}.hint ul{margin:0 0 6px;padding-left:18px}.hint p{margin:0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:600;color:#1a1f36}
.closed{padding:16px;border-radius:8px;background:#fff;border:1px solid #e3e8ee}
.secure{display:flex;gap:6px;align-items:center;justify-content:center;margin-top:14px;color:#4f566b;font-size:13px}
@media (min-width:800px){.checkout{grid-template-columns:1fr 1fr;gap:0}.summary{padding:48px 40px;border-bottom:0;border-right:1px solid #e3e8ee}.pay{padding:48px 40px}}
`;

function summary(input: TestCheckoutPageInput): string {
  const { snapshot } = input;
  const lines = snapshot.lines
    .map((line) => {
      const addons = line.addons.map((addon) => escapeHtml(addon.name)).join(", ");
      return `<li><span>${line.quantity} × ${escapeHtml(line.name)}${addons ? `<small>${addons}</small>` : ""}</span><span class="price">${gbp(line.totalPence)}</span></li>`;
    })
    .join("");
  const charges = [
    snapshot.serviceChargePence > 0
      ? `<li><span>Service charge</span><span class="price">${gbp(snapshot.serviceChargePence)}</span></li>`
      : "",
    snapshot.deliveryFeePence > 0
      ? `<li><span>Delivery fee</span><span class="price">${gbp(snapshot.deliveryFeePence)}</span></li>`
      : "",
  ].join("");
  return `<section class="summary" aria-labelledby="merchant">
  <a class="back" href="${escapeHtml(input.cancelUrl)}">← Back to ${escapeHtml(input.appName ?? "Food Park")}</a><span class="badge">TEST MODE</span>
  <h1 class="merchant" id="merchant">Pay ${escapeHtml(snapshot.vendorName)} at ${escapeHtml(input.appName ?? "Food Park")}</h1>
  <p class="amount">${gbp(input.amountPence)}</p>
  <ul class="lines" aria-label="Order summary">${lines}${charges}<li class="total"><span>Total due</span><span class="price">${gbp(input.amountPence)}</span></li></ul>
</section>`;
}

function field(
  id: string,
  name: string,
  label: string,
  attrs: string,
  value: string,
  invalid: boolean,
): string {
  const described = invalid ? ` aria-invalid="true" aria-describedby="pay-error"` : "";
  return `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" ${attrs} value="${escapeHtml(value)}"${described}></div>`;
}

function form(input: TestCheckoutPageInput): string {
  const values = input.values ?? {};
  const error = input.error ?? null;
  const errorBox = error
    ? `<p class="error" id="pay-error" role="alert">${escapeHtml(error.message)}</p>`
    : "";
  return `<form method="post" action="/pay/test-checkout/${encodeURIComponent(input.paymentId)}" novalidate>
    ${errorBox}
    ${field("card-number", "number", "Card number", `inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required`, values.number ?? "", error?.field === "number")}
    <div class="row">
      ${field("card-expiry", "expiry", "Expiry (MM / YY)", `inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7" required`, values.expiry ?? "", error?.field === "expiry")}
      ${field("card-cvc", "cvc", "CVC", `inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required`, "", error?.field === "cvc")}
    </div>
    ${field("card-name", "name", "Name on card", `autocomplete="cc-name"`, values.name ?? "", false)}
    <button class="pay-button" type="submit">Pay ${gbp(input.amountPence)}</button>
    <p class="secure">No real money moves: this is ${escapeHtml(input.appName ?? "Food Park")}'s test checkout.</p>
  </form>
  <aside class="hint" aria-labelledby="test-cards">
    <h3 id="test-cards">Test cards</h3>
    <ul><li><code>4242 4242 4242 4242</code>: payment succeeds</li><li><code>4000 0000 0000 0002</code>: card declined</li></ul>
    <p>Use any future expiry date and any 3-digit CVC.</p>
  </aside>`;
}

/** Our stand-in for Stripe's hosted checkout: a plain HTML form, no scripts, no external assets. */
export function renderTestCheckoutPage(input: TestCheckoutPageInput): string {
  const body = input.closedMessage
    ? `<div class="closed"><p role="alert">${escapeHtml(input.closedMessage)}</p><a class="back" href="${escapeHtml(input.cancelUrl)}">Return to ${escapeHtml(input.appName ?? "Food Park")}</a></div>`
    : form(input);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${gbp(input.amountPence)} · ${escapeHtml(input.appName ?? "Food Park")} test checkout</title>
<style>${STYLE}</style>
</head>
<body>
<main class="checkout">
${summary(input)}
<section class="pay" aria-labelledby="pay-title">
  <h2 id="pay-title">Pay with card</h2>
  ${body}
</section>
</main>
</body>
</html>`;
}
