import * as z from "zod/mini";
import { PLATE_MAX_LENGTH } from "./limits";

/** Upper-case, no spaces: 'ab12 cde' → 'AB12CDE'. */
export const normalisePlate = (plate: string) => plate.replace(/\s+/g, "").toUpperCase();

// Current (AB12CDE), prefix (A123BCD), suffix (ABC123D), dateless (1-4 letters + 1-4 digits or reverse), NI (ABZ1234).
const UK_PLATE =
  /^([A-Z]{2}\d{2}[A-Z]{3}|[A-Z]\d{1,3}[A-Z]{3}|[A-Z]{3}\d{1,3}[A-Z]|[A-Z]{1,3}\d{1,4}|\d{1,4}[A-Z]{1,3}|[A-Z]{1,3}\d{1,4}[A-Z]?)$/;
export const isUkPlate = (plate: string) => UK_PLATE.test(normalisePlate(plate));

export const NOT_A_UK_PLATE = "That doesn't look like a UK registration number";

/**
 * Normalised and length-checked here; the UK format (`isUkPlate`) is checked by the server's vehicle service,
 * which keeps a regex check class out of the browser's start-up bundle.
 */
export const vehicleLookupRequestSchema = z.object({
  registrationNumber: z
    .pipe(
      z
        .string({ error: "Please enter a registration number" })
        .check(z.maxLength(PLATE_MAX_LENGTH + 4)),
      z.transform((value) => normalisePlate(value)),
    )
    .check(
      z.minLength(1, "Please enter a registration number"),
      z.maxLength(
        PLATE_MAX_LENGTH,
        `A registration number has at most ${PLATE_MAX_LENGTH} characters`,
      ),
    ),
});

export const vehicleLookupResponseSchema = z.object({
  success: z.boolean(),
  data: z.optional(
    z.object({ registrationNumber: z.string(), make: z.string(), colour: z.string() }),
  ),
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  details: z.optional(z.object({ errors: z.array(z.object({ detail: z.optional(z.string()) })) })),
});
export type VehicleLookupResponse = z.infer<typeof vehicleLookupResponseSchema>;
