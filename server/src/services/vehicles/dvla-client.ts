import {
  titleCase,
  type VehicleLookup,
  type VehicleLookupResult,
  vehicleFetchFailed,
  vehicleNotFound,
} from "./vehicle-lookup.js";

export const DVLA_TIMEOUT_MS = 5000;

export interface DvlaOptions {
  apiKey: string;
  url: string;
  timeoutMs?: number;
  /** Injected for logging what went wrong without leaking it to the customer. */
  onError?: (error: unknown, context: string) => void;
}

interface DvlaVehicle {
  registrationNumber?: unknown;
  make?: unknown;
  colour?: unknown;
}

interface DvlaErrorBody {
  errors?: { detail?: unknown; title?: unknown }[];
}

/** The DVLA Vehicle Enquiry Service: POST {registrationNumber} with the x-api-key header. */
export function createDvlaClient(options: DvlaOptions): VehicleLookup {
  const timeoutMs = options.timeoutMs ?? DVLA_TIMEOUT_MS;
  return {
    source: "dvla",
    async lookup(registrationNumber) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers: {
            "x-api-key": options.apiKey,
            "content-type": "application/json",
            accept: "application/json",
          },
          body: JSON.stringify({ registrationNumber }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        options.onError?.(error, "DVLA request failed");
        return vehicleFetchFailed();
      }
      const body: unknown = await response.json().catch(() => null);
      return mapDvlaResponse(response.status, body, registrationNumber, options.onError);
    },
  };
}

export function mapDvlaResponse(
  status: number,
  body: unknown,
  registrationNumber: string,
  onError?: (error: unknown, context: string) => void,
): VehicleLookupResult {
  if (status === 200) {
    const vehicle = (body ?? {}) as DvlaVehicle;
    if (typeof vehicle.make !== "string" && typeof vehicle.colour !== "string") {
      onError?.(new Error("DVLA answered 200 without make or colour"), "DVLA response");
      return vehicleFetchFailed();
    }
    return {
      success: true,
      data: {
        registrationNumber:
          typeof vehicle.registrationNumber === "string"
            ? vehicle.registrationNumber
            : registrationNumber,
        make: typeof vehicle.make === "string" ? titleCase(vehicle.make) : "",
        colour: typeof vehicle.colour === "string" ? titleCase(vehicle.colour) : "",
      },
    };
  }
  if (status === 404) return vehicleNotFound();
  if (status === 400) {
    const detail = firstErrorDetail(body);
    if (detail)
      return { success: false, status: 400, error: detail, details: { errors: [{ detail }] } };
    return { success: false, status: 400, error: "That registration number was not accepted." };
  }
  // 403 (bad key), 429 (quota), 5xx: the customer can only try again later.
  onError?.(new Error(`DVLA answered ${status}`), "DVLA response");
  return vehicleFetchFailed();
}

function firstErrorDetail(body: unknown): string | null {
  const first = (body as DvlaErrorBody | null)?.errors?.[0];
  if (typeof first?.detail === "string" && first.detail.trim()) return first.detail.trim();
  if (typeof first?.title === "string" && first.title.trim()) return first.title.trim();
  return null;
}
