/**
 * A property-based fuzzer driven by the OpenAPI document: fast-check arbitraries generated from each operation's
 * JSON Schemas, sent to a started park as a customer, as staff and signed out. Every answer must have a status
 * the operation documents and a body matching that status's schema, never a 5xx; a request made to break its
 * schema must never be accepted. Linked sequences follow sign up → cart → order → staff status change → order.
 * `npm run soak` may raise OPENAPI_FUZZ_RUNS; OPENAPI_FUZZ_SEED replays a run.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoIds } from "./helpers/checkout-fixtures";
import { breakingArbitrary, type JsonSchema, validArbitrary } from "./helpers/openapi-arbitraries";
import type { ContractChecker } from "./helpers/openapi-contract";
import { contract, startTestServer, type TestServer } from "./helpers/test-server";

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS || 20);
const SEED = Number(process.env.OPENAPI_FUZZ_SEED || 25);

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
}

interface DocumentOperation {
  method: string;
  path: string;
  operationId: string;
  security: Record<string, unknown>[];
  parameters: Parameter[];
  body: JsonSchema | null;
  bodyRequired: boolean;
  raw: boolean;
  staffOnly: boolean;
}

interface SentRequest {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  token?: string | null;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

/** The failing request and what was wrong with its answer. */
function failureOf(run: { errorInstance: unknown; counterexample: unknown }): string {
  const cause =
    run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
  return `${cause}\n  request: ${JSON.stringify(run.counterexample).slice(0, 400)}`;
}

describe("OpenAPI fuzz: the server against its own document", () => {
  let server: TestServer;
  let checker: ContractChecker;
  let operations: DocumentOperation[];
  let customerToken: string;
  let staffToken: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const stats = {
    requests: 0,
    byOperation: new Map<string, number>(),
    byStatus: new Map<number, number>(),
  };

  beforeAll(async () => {
    server = await startTestServer({ config: { paymentsTestMode: true } });
    checker = contract(server.app);
    ids = await demoIds(server);
    customerToken = (await server.registerCustomer()).token;
    staffToken = await server.login("staff@foodpark.test", "staff-password");
    operations = Object.entries(checker.document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const content = (
          operation.requestBody as
            | { required?: boolean; content: Record<string, { schema?: JsonSchema }> }
            | undefined
        )?.content["application/json"]?.schema;
        return {
          method: method.toUpperCase(),
          path,
          operationId: String(operation.operationId),
          security: operation.security as Record<string, unknown>[],
          parameters: (operation.parameters ?? []) as Parameter[],
          body: content ?? null,
          bodyRequired: Boolean((operation.requestBody as { required?: boolean })?.required),
          raw: content !== undefined && Object.keys(content).length === 0,
          staffOnly: operation["x-role"] === "staff",
        };
      }),
    );
  }, 300_000);
  afterAll(async () => {
    const top = [...stats.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`);
    console.log(
      `openapi fuzz: ${stats.requests} requests over ${stats.byOperation.size} operations, seed ${SEED} — ${top.join(", ")}`,
    );
    await server?.close();
  });

  /** Sends one request and checks the answer against the document: the failure message, or null. */
  async function send(request: SentRequest): Promise<Answer & { problem: string | null }> {
    let url = request.path;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value === undefined) continue;
      for (const item of [value].flat())
        search.append(key, typeof item === "object" ? JSON.stringify(item) : String(item));
    }
    if ([...search.keys()].length > 0) url += `?${search}`;
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await response.text();
    stats.requests += 1;
    const key = `${request.method} ${checker.operationFor(request.method, url)?.template ?? "(no operation)"}`;
    stats.byOperation.set(key, (stats.byOperation.get(key) ?? 0) + 1);
    stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
    let problem = checker.problem(
      request.method,
      url,
      response.status,
      response.headers.get("content-type") ?? "",
      text,
    );
    if (!problem && response.status >= 500)
      problem = `${request.method} ${url} answered ${response.status}: ${text.slice(0, 200)}`;
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, text, body, problem };
  }

  /** Known-good values for fields that name park rows, mixed with whatever the schema allows. */
  function pinned(): Record<string, fc.Arbitrary<unknown>> {
    const known = (values: unknown[], schema: JsonSchema) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...values) },
        { weight: 1, arbitrary: validArbitrary(schema) },
      );
    const idSchema = { type: ["number", "string"] };
    return {
      vendorId: known([ids.forno, `vendor_${ids.forno}`, ids.smash], idSchema),
      id: known([ids.forno, `vendor_${ids.forno}`], idSchema),
      itemId: known([ids.limonata, `item_${ids.limonata}`, ids.margherita], idSchema),
      menu_item_id: known([ids.limonata], idSchema),
      vendorIds: fc.constantFrom([ids.forno], [ids.forno, ids.smash], [`vendor_${ids.smash}`]),
    };
  }

  function pathFor(operation: DocumentOperation, params: Record<string, unknown>): string {
    return operation.path.replace(/\{([A-Za-z]+)\}/g, (_match, name: string) =>
      encodeURIComponent(String(params[name])),
    );
  }

  function requestArbitrary(operation: DocumentOperation): fc.Arbitrary<SentRequest> {
    const pins = pinned();
    const byPlace = (place: Parameter["in"]) => {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const parameter of operation.parameters.filter((item) => item.in === place)) {
        const value = pins[parameter.name] ?? validArbitrary(parameter.schema);
        // An empty path segment is another URL (another route), not this operation with an odd value.
        record[parameter.name] =
          place === "path" ? value.filter((item) => String(item).trim() !== "") : value;
        if (parameter.required) required.push(parameter.name);
      }
      return fc.record(record, { requiredKeys: required });
    };
    const identity = fc.constantFrom<string | null>(customerToken, staffToken, null);
    const headers = operation.parameters.some((item) => item.name === "Idempotency-Key")
      ? fc.oneof(
          fc.constant({}),
          fc.stringMatching(/^[A-Za-z0-9._:-]{8,40}$/).map((key) => ({ "idempotency-key": key })),
        )
      : fc.constant({});
    const body =
      operation.body && !operation.raw
        ? operation.bodyRequired
          ? validArbitrary(operation.body, pins)
          : fc.option(validArbitrary(operation.body, pins), { nil: undefined })
        : fc.constant(undefined);
    return fc
      .record({ params: byPlace("path"), query: byPlace("query"), body, token: identity, headers })
      .map(({ params, query, body: sentBody, token, headers: sentHeaders }) => ({
        method: operation.method,
        path: pathFor(operation, params as Record<string, unknown>),
        query: query as Record<string, unknown>,
        body: sentBody,
        token,
        headers: sentHeaders as Record<string, string>,
      }));
  }

  // First, while the park is as seeded: the per-operation run below closes trailers and marks items sold out.
  it("follows linked sequences: sign up → cart → order → staff status change → order page", {
    timeout: 900_000,
  }, async () => {
    const register = operations.find((operation) => operation.operationId === "register")!;
    const signUp = validArbitrary(register.body!).filter((value) =>
      checker.accepts(register.body!, value),
    );
    const cartLine = fc.record({
      itemId: fc.constantFrom(ids.limonata, `item_${ids.limonata}`),
      quantity: fc.integer({ min: 1, max: 5 }),
    });
    const orderType = fc.constantFrom("dine_in", "takeaway");
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(
        signUp,
        fc.array(cartLine, { minLength: 1, maxLength: 3 }),
        orderType,
        async (account, lines, type) => {
          const fail = (answer: Answer & { problem: string | null }) => {
            if (answer.problem) throw new Error(answer.problem);
          };
          const signed = await send({ method: "POST", path: "/auth/register", body: account });
          fail(signed);
          // A generated email may already exist (409) or be one the server's stricter check refuses: sign up a fresh one.
          let token = (signed.body as { token?: string }).token;
          if (signed.status !== 201) token = (await server.registerCustomer()).token;
          for (const line of lines) {
            const added = await send({
              method: "POST",
              path: "/api/cart/add",
              body: { ...line, vendorId: ids.forno, orderType: type },
              token,
            });
            fail(added);
            expect(added.status, added.text).toBe(200);
          }
          const order = await send({
            method: "POST",
            path: "/api/orders",
            body: {
              vendorId: ids.forno,
              orderType: type,
              items: [],
              paymentMethod: "cash_at_counter",
            },
            token,
          });
          fail(order);
          expect(order.status, order.text).toBe(201);
          const orderId = (order.body as { id: number }).id;
          placed += 1;
          for (const status of ["confirmed", "preparing", "ready"]) {
            const moved = await send({
              method: "PATCH",
              path: `/api/staff/orders/${orderId}`,
              body: { status },
              token: staffToken,
            });
            fail(moved);
            expect(moved.status, moved.text).toBe(200);
            const seen = await send({ method: "GET", path: `/api/orders/${orderId}`, token });
            fail(seen);
            expect((seen.body as { status: string }).status).toBe(status);
          }
          // Someone else's order is not theirs to read.
          const other = await send({
            method: "GET",
            path: `/api/orders/${orderId}`,
            token: customerToken,
          });
          fail(other);
          expect(other.status).toBe(404);
        },
      ),
      { numRuns: Math.max(5, Math.ceil(RUNS / 2)), seed: SEED, endOnFailure: true },
    );
    expect(placed).toBeGreaterThan(4);
  });

  it(`answers requests generated from every operation's schemas with documented statuses and bodies (${RUNS} per operation)`, {
    timeout: 900_000,
  }, async () => {
    expect(operations.length).toBeGreaterThan(35);
    const failures: string[] = [];
    for (const operation of operations) {
      const run = await fc.check(
        fc.asyncProperty(requestArbitrary(operation), async (request) => {
          const answer = await send(request);
          if (answer.problem) throw new Error(answer.problem);
          // The customer deleted their own account: later operations are tried as a new customer.
          if (operation.operationId === "deleteAccount" && answer.status === 200)
            customerToken = (await server.registerCustomer()).token;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (run.failed) failures.push(failureOf(run));
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
  });

  it("accepts no request whose body or query breaks the operation's schema", {
    timeout: 900_000,
  }, async () => {
    let checked = 0;
    const failures: string[] = [];
    for (const operation of operations) {
      const token = operation.staffOnly
        ? staffToken
        : operation.security.length > 0
          ? customerToken
          : null;
      const params = Object.fromEntries(
        operation.parameters
          .filter((item) => item.in === "path")
          .map((item) => [item.name, item.name === "id" ? ids.forno : 1]),
      );
      const path = pathFor(operation, params);
      const sends: fc.Arbitrary<SentRequest>[] = [];
      if (operation.body && !operation.raw) {
        const valid = validArbitrary(operation.body, pinned()).filter((value) =>
          checker.accepts(operation.body!, value),
        );
        const breaking = breakingArbitrary(operation.body, valid);
        if (breaking)
          sends.push(
            breaking
              .filter((broken) => !checker.accepts(operation.body!, broken.value))
              .map((broken) => ({ method: operation.method, path, body: broken.value, token })),
          );
      }
      for (const parameter of operation.parameters.filter((item) => item.in === "query")) {
        const { schema } = parameter;
        const types = [schema.type].flat();
        const bad = Array.isArray(schema.enum)
          ? "not-a-listed-value"
          : types.includes("number") || types.includes("integer")
            ? "not-a-number"
            : null;
        if (bad === null) continue;
        const required = operation.parameters.filter(
          (item) => item.in === "query" && item.required && item.name !== parameter.name,
        );
        const others = Object.fromEntries(
          required.map((item) => [item.name, item.name === "q" ? "pizza" : ids.forno]),
        );
        sends.push(
          fc.constant({
            method: operation.method,
            path,
            query: { ...others, [parameter.name]: bad },
            token,
          }),
        );
      }
      for (const arbitrary of sends) {
        const run = await fc.check(
          fc.asyncProperty(arbitrary, async (request) => {
            const answer = await send(request);
            checked += 1;
            if (answer.problem) throw new Error(answer.problem);
            if (answer.status < 400 || answer.status >= 500)
              throw new Error(
                `${request.method} ${request.path} accepted a request that breaks its schema (${answer.status}): ${JSON.stringify(request.body ?? request.query).slice(0, 300)}`,
              );
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        if (run.failed) failures.push(failureOf(run));
      }
    }
    expect(failures, failures.join("\n\n")).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
