import { MESSAGES } from "@contract/messages";
import { BUILT_IN_VEHICLES } from "@server/services/vehicles/built-in-register.js";
import { createDvlaClient } from "@server/services/vehicles/dvla-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeHttpServer, startFakeHttpServer } from "./helpers/fake-http";
import { startTestServer, type TestServer } from "./helpers/test-server";

const DVLA_KEY = "test-dvla-key";

describe("DVLA client against a local fake DVLA", () => {
  let dvla: FakeHttpServer;
  beforeAll(async () => {
    dvla = await startFakeHttpServer(() => ({ status: 500 }));
  });
  afterAll(() => dvla.close());

  const client = (timeoutMs?: number) =>
    createDvlaClient({
      apiKey: DVLA_KEY,
      url: `${dvla.url}/vehicle-enquiry/v1/vehicles`,
      timeoutMs,
    });

  it("POSTs the plate with the x-api-key header and title-cases make and colour", async () => {
    dvla.respond(() => ({
      status: 200,
      body: {
        registrationNumber: "AB12CDE",
        make: "LAND ROVER",
        colour: "DARK GREY",
        yearOfManufacture: 2012,
      },
    }));
    const result = await client().lookup("AB12CDE");
    expect(result).toEqual({
      success: true,
      data: { registrationNumber: "AB12CDE", make: "Land Rover", colour: "Dark Grey" },
    });
    const sent = dvla.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/vehicle-enquiry/v1/vehicles");
    expect(sent.headers["x-api-key"]).toBe(DVLA_KEY);
    expect(JSON.parse(sent.body)).toEqual({ registrationNumber: "AB12CDE" });
  });

  it("maps 404 to the spec's not-found message", async () => {
    dvla.respond(() => ({
      status: 404,
      body: {
        errors: [
          { status: "404", title: "Vehicle Not Found", detail: "Record for vehicle not found" },
        ],
      },
    }));
    expect(await client().lookup("ZZ99ZZZ")).toMatchObject({
      success: false,
      status: 404,
      error: MESSAGES.vehicleNotFound,
    });
  });

  it("maps 400 to its first error detail", async () => {
    dvla.respond(() => ({
      status: 400,
      body: {
        errors: [
          {
            status: "400",
            title: "Bad Request",
            detail: "Invalid format for field - vehicle registration number",
          },
        ],
      },
    }));
    expect(await client().lookup("A1")).toEqual({
      success: false,
      status: 400,
      error: "Invalid format for field - vehicle registration number",
      details: { errors: [{ detail: "Invalid format for field - vehicle registration number" }] },
    });
  });

  it("maps server errors and a refused key to 'Failed to fetch vehicle details.'", async () => {
    for (const status of [403, 429, 500, 503]) {
      dvla.respond(() => ({ status, body: { message: "nope" } }));
      expect(await client().lookup("AB12CDE")).toMatchObject({
        success: false,
        status: 502,
        error: MESSAGES.vehicleFetchFailed,
      });
    }
  });

  it("maps a dropped connection and a timeout to 'Failed to fetch vehicle details.'", async () => {
    dvla.respond(() => "drop");
    // A dropped connection fails at once: the baseline for what this machine takes to fail a lookup.
    const dropStarted = Date.now();
    expect(await client().lookup("AB12CDE")).toMatchObject({
      success: false,
      error: MESSAGES.vehicleFetchFailed,
    });
    const dropMs = Date.now() - dropStarted;
    dvla.respond(() => "hang");
    const started = Date.now();
    expect(await client(300).lookup("AB12CDE")).toMatchObject({
      success: false,
      error: MESSAGES.vehicleFetchFailed,
    });
    // A hung DVLA is given up at the client's timeout (300 ms), not held for as long as it hangs.
    expect(Date.now() - started).toBeLessThan(dropMs + 10 * 300);
  });

  it("maps an unreachable host to 'Failed to fetch vehicle details.'", async () => {
    const unreachable = createDvlaClient({ apiKey: DVLA_KEY, url: "http://127.0.0.1:1/vehicles" });
    expect(await unreachable.lookup("AB12CDE")).toMatchObject({
      success: false,
      error: MESSAGES.vehicleFetchFailed,
    });
  });
});

interface LookupAnswer {
  success: boolean;
  data?: unknown;
  error: string;
  message: string;
  details?: unknown;
}

const lookup = async (server: TestServer, body: unknown) => {
  const response = await server.request<LookupAnswer>("/api/vehicle-lookup", { body });
  return { statusCode: response.status, json: () => response.body };
};

describe("POST /api/vehicle-lookup without a DVLA key (built-in register)", () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer();
  });
  afterAll(() => app.close());

  it("holds at least 10 plates that pass the contract's UK plate check", () => {
    expect(BUILT_IN_VEHICLES.length).toBeGreaterThanOrEqual(10);
  });

  it("finds a known plate typed with spaces and lower case, without a bearer token", async () => {
    const response = await lookup(app, { registrationNumber: "ab12 cde" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { registrationNumber: "AB12CDE", make: "Ford", colour: "Blue" },
    });
  });

  it("answers every built-in plate", async () => {
    for (const vehicle of BUILT_IN_VEHICLES) {
      const response = await lookup(app, { registrationNumber: vehicle.registrationNumber });
      expect(response.json()).toEqual({ success: true, data: vehicle });
    }
  });

  it("answers 404 with the spec's message for an unknown plate", async () => {
    const response = await lookup(app, { registrationNumber: "ZZ99ZZZ" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: MESSAGES.vehicleNotFound,
      message: MESSAGES.vehicleNotFound,
    });
  });

  it("refuses empty, too long and non-UK plates with a clear 400", async () => {
    for (const registrationNumber of ["", "   ", "AB12CDEFG", "!!!", "ABCDEFG"]) {
      const response = await lookup(app, { registrationNumber });
      expect(response.statusCode, registrationNumber).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.message).toBe(body.error);
      expect(body.error.length).toBeGreaterThan(5);
    }
    expect((await lookup(app, {})).statusCode).toBe(400);
  });
});

describe("POST /api/vehicle-lookup with a DVLA key", () => {
  let app: TestServer;
  let dvla: FakeHttpServer;
  beforeAll(async () => {
    dvla = await startFakeHttpServer(() => ({
      status: 200,
      body: { registrationNumber: "BD51SMR", make: "VAUXHALL", colour: "SILVER" },
    }));
    app = await startTestServer({
      config: { dvlaApiKey: DVLA_KEY, dvlaApiUrl: `${dvla.url}/vehicles` },
    });
  });
  afterAll(async () => {
    await app.close();
    await dvla.close();
  });

  it("sends the normalised plate to the DVLA and answers its vehicle", async () => {
    const response = await lookup(app, { registrationNumber: "bd51 smr" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { registrationNumber: "BD51SMR", make: "Vauxhall", colour: "Silver" },
    });
    expect(JSON.parse(dvla.requests.at(-1)!.body)).toEqual({ registrationNumber: "BD51SMR" });
  });

  it("passes the DVLA's 400 detail on in the spec's shape", async () => {
    dvla.respond(() => ({
      status: 400,
      body: { errors: [{ detail: "Invalid format for field - vehicle registration number" }] },
    }));
    const response = await lookup(app, { registrationNumber: "AB12CDE" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: "Invalid format for field - vehicle registration number",
      details: { errors: [{ detail: "Invalid format for field - vehicle registration number" }] },
    });
  });

  it("answers 404 and 502 with the spec's messages", async () => {
    dvla.respond(() => ({
      status: 404,
      body: { errors: [{ detail: "Record for vehicle not found" }] },
    }));
    expect((await lookup(app, { registrationNumber: "AB12CDE" })).json()).toMatchObject({
      error: MESSAGES.vehicleNotFound,
    });
    dvla.respond(() => "drop");
    const failed = await lookup(app, { registrationNumber: "AB12CDE" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ success: false, error: MESSAGES.vehicleFetchFailed });
  });

  it("never calls the DVLA with an invalid plate", async () => {
    const before = dvla.requests.length;
    expect((await lookup(app, { registrationNumber: "NOT A PLATE" })).statusCode).toBe(400);
    expect(dvla.requests.length).toBe(before);
  });
});
