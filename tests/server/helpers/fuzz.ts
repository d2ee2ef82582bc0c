/**
 * Malformed requests against every route the app registered (Fastify's route table, so new routes are covered
 * without touching this file): bad JSON, wrong types, huge/negative/float numbers, NUL and broken Unicode,
 * oversized bodies, unknown ids, prototype keys, wrong content types, path traversal; as a signed-in customer,
 * as staff and signed out. Seeded: the same seed sends the same requests.
 */
import http from "node:http";

export interface FuzzRoute {
  method: string;
  url: string;
}

export interface FuzzCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  label: string;
}

export interface FuzzResult {
  sent: number;
  byStatus: Map<number, number>;
  /** Requests answered 5xx (or not answered at all): must stay empty. */
  failures: { label: string; method: string; path: string; status: number; body: string }[];
  /** 4xx answers from /api or /auth without a JSON `{ message }`. */
  shapeless: { method: string; path: string; status: number; body: string }[];
}

/** mulberry32: small, fast, good enough to pick cases reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** Raw path segments, already as they go on the wire. */
const PATH_VALUES = [
  "0",
  "-1",
  "1",
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999",
  "1.5",
  "1e3",
  "0x10",
  "NaN",
  "Infinity",
  "abc",
  "%00",
  "1%00",
  "item_%00",
  "item_2147483648",
  "vendor_-1",
  "order_99999",
  "99999",
  "%ED%A0%80",
  "%C0%AF",
  "%FF%FE",
  "%F0%9F%98%80",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "..",
  "%252e%252e%252f",
  "__proto__",
  "constructor",
  "prototype",
  "%20",
  "a".repeat(3000),
  "pay_%00x",
  "pi_mock_%ED%B0%80",
  "%E2%80%AE",
  "null",
  "undefined",
  "true",
  "[]",
  "%7B%7D",
];

const STRINGS = [
  "",
  " ",
  "a",
  "\u0000",
  "x\u0000y",
  "\ud800",
  "a\udc00b",
  "😀",
  "\u202e",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "../../etc/passwd",
  "%00",
  "a".repeat(600),
  "b".repeat(70_000),
  "item_1",
  "vendor_1",
  "2147483648",
  "-1",
  "1.5",
  "NaN",
  "demo@foodpark.test",
  "x@y",
  "https://127.0.0.1/x",
  "http://10.0.0.1/",
  "https://2130706433/",
  "__proto__",
  "constructor",
  "dine_in",
  "cash_at_counter",
  "stripe",
  "gbp",
  "mock",
];

const NUMBERS = [
  0,
  -1,
  1,
  1.5,
  -0.5,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  50,
  51,
  100,
  99999,
];

const FIELDS = [
  "itemId",
  "vendorId",
  "quantity",
  "lineId",
  "addonSelections",
  "allergyInformation",
  "instructions",
  "mutationId",
  "email",
  "password",
  "name",
  "role",
  "orderType",
  "paymentMethod",
  "items",
  "amount",
  "currency",
  "metadata",
  "orderData",
  "orderId",
  "endpoint",
  "keys",
  "status",
  "registrationNumber",
  "deliveryInstructions",
  "vehicleData",
  "stripePaymentIntentId",
  "expirationTime",
  "number",
  "expiry",
  "cvc",
  "allergyNote",
  "page",
  "limit",
];

function value(random: () => number, depth: number): unknown {
  const kind = random();
  if (kind < 0.3) return pick(random, NUMBERS);
  if (kind < 0.6) return pick(random, STRINGS);
  if (kind < 0.68) return pick(random, [true, false, null]);
  if (depth > 2) return pick(random, STRINGS);
  if (kind < 0.82)
    return Array.from({ length: Math.floor(random() * 4) }, () => value(random, depth + 1));
  return object(random, depth + 1);
}

function object(random: () => number, depth = 0): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 6);
  for (let index = 0; index < count; index += 1)
    result[pick(random, FIELDS)] = value(random, depth);
  return result;
}

/** A plausible body for the route with one to three fields made wrong. */
function mutatedBody(random: () => number, ids: FuzzIds): Record<string, unknown> {
  const base: Record<string, unknown> = {
    itemId: ids.itemId,
    vendorId: ids.vendorId,
    quantity: 1,
    orderType: "dine_in",
    paymentMethod: "cash_at_counter",
    email: "demo@foodpark.test",
    password: "wrong-password-123",
    name: "Fuzz",
    amount: 1,
    currency: "gbp",
    status: "preparing",
    instructions: "By the gate",
    allergyInformation: "none",
    registrationNumber: "AB12CDE",
    endpoint: "https://fcm.googleapis.com/fcm/send/x",
    keys: { p256dh: "BAAA", auth: "AAAA" },
    orderData: { vendorId: ids.vendorId, orderType: "dine_in", items: [] },
    addonSelections: [{ addonGroupId: 1, addonId: 1, quantity: 1 }],
    items: [{ menu_item_id: ids.itemId, quantity: 1 }],
  };
  const changes = 1 + Math.floor(random() * 3);
  for (let index = 0; index < changes; index += 1) base[pick(random, FIELDS)] = value(random, 1);
  return base;
}

const PROTO_BODIES = [
  '{"__proto__":{"isAdmin":true},"email":"a@b.c","password":"x"}',
  '{"constructor":{"prototype":{"polluted":1}},"itemId":1}',
  '{"a":{"__proto__":{"role":"staff"}}}',
  '{"itemId":1,"vendorId":1,"__proto__":null}',
];

const BAD_JSON = [
  "{",
  "[1,",
  '{"a":}',
  "nul",
  "{'a':1}",
  '{"itemId":1,}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  "1e999999",
  '{"quantity":1e400}',
  "[]",
  "null",
  "0",
  '"text"',
  "\u0000",
  "{".repeat(5000),
];

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/json; charset=utf-16",
  "application/octet-stream",
  "image/png",
  "application/jsonx",
  "",
];

export interface FuzzIds {
  vendorId: number;
  itemId: number;
}

export interface FuzzIdentity {
  name: string;
  token: string | null;
}

/** Fills `:param` segments (and `*`) of a route with one malformed or unknown value each. */
function pathFor(random: () => number, url: string): string {
  let path = url
    .replace(/:[A-Za-z]+/g, () => pick(random, PATH_VALUES))
    .replace(/\*/g, () => pick(random, PATH_VALUES));
  if (random() < 0.15)
    path =
      path.replace(/\/$/, "") +
      pick(random, ["/..", "/../../etc/passwd", "/%2e%2e/%2e%2e/", "//", "/.%00"]);
  if (random() < 0.3) {
    const key = pick(random, [
      "vendorId",
      "orderType",
      "page",
      "limit",
      "status",
      "token",
      "__proto__",
      "itemId",
    ]);
    path += `?${key}=${pick(random, PATH_VALUES)}`;
    if (random() < 0.3) path += `&${key}=${pick(random, PATH_VALUES)}`; // repeated key: an array
  }
  return path;
}

export function generateCases(
  routes: readonly FuzzRoute[],
  count: number,
  seed: number,
  identities: readonly FuzzIdentity[],
  ids: FuzzIds,
): FuzzCase[] {
  const random = seededRandom(seed);
  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index += 1) {
    // Round-robin over routes first so every route gets its share, then a random kind of bad request.
    const route = routes[index % routes.length]!;
    const identity = identities[Math.floor(index / routes.length) % identities.length]!;
    const headers: Record<string, string> = { accept: "application/json" };
    if (identity.token) headers.authorization = `Bearer ${identity.token}`;
    const kind = random();
    let body: Buffer | undefined;
    let label: string;
    if (kind < 0.35) {
      label = "mutated body";
      headers["content-type"] = "application/json";
      body = Buffer.from(
        JSON.stringify(random() < 0.5 ? mutatedBody(random, ids) : object(random)),
      );
    } else if (kind < 0.45) {
      label = "bad json";
      headers["content-type"] = "application/json";
      body = Buffer.from(pick(random, BAD_JSON));
    } else if (kind < 0.52) {
      label = "prototype keys";
      headers["content-type"] = "application/json";
      body = Buffer.from(pick(random, PROTO_BODIES));
    } else if (kind < 0.6) {
      label = "wrong content type";
      const type = pick(random, CONTENT_TYPES);
      if (type) headers["content-type"] = type;
      body = Buffer.from(random() < 0.5 ? "itemId=1&vendorId=1" : "<xml/>");
    } else if (kind < 0.65) {
      label = "oversized body";
      headers["content-type"] = "application/json";
      body = Buffer.from(
        JSON.stringify({ itemId: 1, pad: "x".repeat(70_000 + Math.floor(random() * 200_000)) }),
      );
    } else if (kind < 0.7) {
      label = "invalid utf-8 bytes";
      headers["content-type"] = "application/json";
      body = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xff]),
        Buffer.from('"}'),
      ]);
    } else if (kind < 0.75) {
      label = "bad headers";
      headers["idempotency-key"] = pick(random, [
        "",
        "a",
        "x".repeat(500),
        "key with spaces",
        "ok-key-12345",
      ]);
      headers.authorization = pick(random, [
        "Bearer",
        "Bearer x.y.z",
        "Basic YTpi",
        `Bearer ${"a".repeat(5000)}`,
      ]);
      headers["content-type"] = "application/json";
      body = Buffer.from(JSON.stringify(mutatedBody(random, ids)));
    } else {
      label = "path and query";
    }
    const method = route.method === "HEAD" ? "HEAD" : route.method;
    if (method === "GET" || method === "HEAD") {
      body = undefined;
      delete headers["content-type"];
    }
    cases.push({ method, path: pathFor(random, route.url), headers, body, label });
  }
  return cases;
}

function send(
  baseUrl: string,
  fuzzCase: FuzzCase,
): Promise<{ status: number; body: string; type: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: fuzzCase.method,
        path: fuzzCase.path, // exactly as written: no normalisation of `..` or `%2e`
        headers: {
          ...fuzzCase.headers,
          ...(fuzzCase.body ? { "content-length": String(fuzzCase.body.length) } : {}),
        },
        agent: false,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8").slice(0, 300),
            type: String(response.headers["content-type"] ?? ""),
          }),
        );
        response.on("error", () => resolve({ status: 0, body: "response error", type: "" }));
      },
    );
    // The server may answer 413 and close before reading a huge body: that is an answer, not a failure.
    request.on("error", (error) => resolve({ status: -1, body: error.message, type: "" }));
    request.on("timeout", () => request.destroy(new Error("no answer in 30 s")));
    request.end(fuzzCase.body);
  });
}

export async function runCases(
  baseUrl: string,
  cases: readonly FuzzCase[],
  concurrency = 8,
): Promise<FuzzResult> {
  const result: FuzzResult = { sent: 0, byStatus: new Map(), failures: [], shapeless: [] };
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      let answer = await send(baseUrl, fuzzCase);
      // A connection reset while we were still writing an oversized body: the server refused it early.
      if (answer.status === -1 && fuzzCase.label === "oversized body")
        answer = { status: 413, body: "", type: "" };
      result.sent += 1;
      result.byStatus.set(answer.status, (result.byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500 || answer.status <= 0) {
        result.failures.push({
          label: fuzzCase.label,
          method: fuzzCase.method,
          path: fuzzCase.path.slice(0, 120),
          status: answer.status,
          body: answer.body,
        });
      } else if (
        answer.status >= 400 &&
        fuzzCase.method !== "HEAD" &&
        /^\/(api|auth)\//.test(fuzzCase.path) &&
        !/"message":"/.test(answer.body)
      ) {
        result.shapeless.push({
          method: fuzzCase.method,
          path: fuzzCase.path.slice(0, 120),
          status: answer.status,
          body: answer.body,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}
