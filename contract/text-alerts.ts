/**
 * "Text me when it's ready": a UK mobile number (stored as E.164, +447 and 9 digits) and the customer's opt-in,
 * set in Profile and at checkout. The server sends one text per order and status, only to an opted-in number.
 */
import * as z from "zod/mini";

export const MOBILE_FIELD = "mobile";
export const INVALID_MOBILE_MESSAGE =
  "mobile: Enter a UK mobile number, like 07700 900123 or +44 7700 900123";
export const OPT_IN_WITHOUT_MOBILE_MESSAGE =
  "mobile: Enter a UK mobile number to be texted when your order is ready";

/**
 * A UK mobile in E.164 (+447 and 9 digits), from the forms people type: '07700 900123', '07700-900-123',
 * '+44 7700 900123', '+44 (0)7700 900123', '447700900123', '0044 7700 900123'. Null when it is not one.
 */
export function normaliseUkMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, "");
  let national: string | null = null;
  if (/^\+44/.test(compact)) national = compact.slice(3);
  else if (/^0044/.test(compact)) national = compact.slice(4);
  else if (/^44\d{10}$/.test(compact)) national = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) national = compact.slice(1);
  if (national === null) return null;
  // '+44 (0)7700 …' leaves a 0 in front of the national number.
  if (/^07\d{9}$/.test(national)) national = national.slice(1);
  return /^7\d{9}$/.test(national) ? `+44${national}` : null;
}

/** '+447700900123' → '07700 900123' (how the Profile shows it). */
export function displayUkMobile(e164: string): string {
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 5)} ${national.slice(5)}`;
}

export const readyTextSettingsSchema = z.object({
  /** As typed; the server normalises it (an invalid number is refused with 422 naming `mobile`). Null: none. */
  mobile: z.nullable(z.string().check(z.maxLength(40, "mobile: Too long for a phone number"))),
  textWhenReady: z.boolean({ error: "textWhenReady must be true or false" }),
});
export type ReadyTextSettingsInput = z.infer<typeof readyTextSettingsSchema>;

export const readyTextSettingsResponseSchema = z.object({
  /** E.164, or null. */
  mobile: z.nullable(z.string()),
  textWhenReady: z.boolean(),
});
export type ReadyTextSettings = z.infer<typeof readyTextSettingsResponseSchema>;
