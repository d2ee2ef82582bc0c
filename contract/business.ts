/**
 * A trailer as a business (and the park as one): its legal name, postal address with a UK postcode, optional VAT
 * number (checked with HMRC's check digits), its payout account, and the VAT rates its items and add-ons carry.
 * One home for these rules: the park file, the Trailers view and the receipts all use them.
 */
import * as z from "zod/mini";

/** The UK rates a food trailer uses: 20 % standard (hot food, cold soft drinks, confectionery, crisps, ice cream), 0 % (cold takeaway food). */
export const VAT_RATES = [0, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 20;
/** The standard rate: delivery and a compulsory service charge follow it. */
export const STANDARD_VAT_RATE: VatRate = 20;

export const vatRateSchema = z.union([z.literal(0), z.literal(20)], {
  error: "must be 20 or 0 (per cent VAT: 20 standard-rated, 0 zero-rated)",
});

/**
 * HMRC's check on the 9 digits of a GB/XI VAT number: the first 7 digits weighted 8…2, plus the last 2 as a number,
 * is a multiple of 97 (numbers issued before 2010), or is after adding 55 (the "9755" numbers issued since).
 */
export function vatCheckDigitsValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  let sum = 0;
  for (let index = 0; index < 7; index += 1) sum += Number(nineDigits[index]) * (8 - index);
  sum += Number(nineDigits.slice(7));
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
}

/** "gb 123 4567 82" → "GB123456782"; spaces are allowed, nothing else is changed. */
export const normaliseVatNumber = (value: string): string =>
  value.replace(/\s+/g, "").toUpperCase();

/** GB or XI, then 9 digits (or 12: a branch's 3 after them), whose check digits verify. */
export function isValidVatNumber(value: string): boolean {
  const match = /^(GB|XI)(\d{9})(\d{3})?$/.exec(normaliseVatNumber(value));
  return match !== null && vatCheckDigitsValid(match[2]!);
}

export const VAT_NUMBER_MESSAGE =
  "must be a UK VAT number: GB or XI then 9 or 12 digits whose check digits verify (e.g. GB123456782)";

const UK_POSTCODE =
  /^(GIR ?0AA|[A-PR-UWYZ]([0-9]{1,2}|[A-HK-Y][0-9]([0-9ABEHMNPRV-Y])?|[0-9][A-HJKPS-UW]) ?[0-9][ABD-HJLNP-UW-Z]{2})$/;

/** A UK postcode in its written form: upper case, one space before the inward code ("bs1 5th" → "BS1 5TH"). */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export const isUkPostcode = (value: string): boolean => UK_POSTCODE.test(normalisePostcode(value));

export const POSTCODE_MESSAGE = "must be a UK postcode (e.g. BS1 5TH)";
export const PAYOUT_ACCOUNT_MESSAGE = "must be a Stripe connected account id (acct_…)";
export const isPayoutAccount = (value: string): boolean => /^acct_[A-Za-z0-9]{6,64}$/.test(value);

const requiredText = (max: number) =>
  z
    .string({ error: "must be text" })
    .check(
      z.trim(),
      z.minLength(1, "must not be empty"),
      z.maxLength(max, `must be at most ${max} characters`),
    );

/** A trailer's business details as the park file and the Trailers view write them. */
export const businessDetailsSchema = z.strictObject({
  legalName: requiredText(120),
  /** The address lines before the postcode (street, town), at least one. */
  address: z
    .array(requiredText(120), { error: "must be a list of address lines" })
    .check(
      z.minLength(1, "must have at least one address line"),
      z.maxLength(5, "must have at most 5 address lines"),
    ),
  postcode: z
    .string({ error: "must be text" })
    .check(z.refine(isUkPostcode, POSTCODE_MESSAGE), z.overwrite(normalisePostcode)),
  vatNumber: z.optional(
    z.nullable(
      z
        .string({ error: "must be text" })
        .check(z.refine(isValidVatNumber, VAT_NUMBER_MESSAGE), z.overwrite(normaliseVatNumber)),
    ),
  ),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export const payoutAccountSchema = z.nullable(
  z.string({ error: "must be text" }).check(z.refine(isPayoutAccount, PAYOUT_ACCOUNT_MESSAGE)),
);

/** A trailer's business as the Trailers view shows it. */
export interface TrailerBusiness {
  legalName: string | null;
  address: string[];
  postcode: string | null;
  vatNumber: string | null;
  payoutAccount: string | null;
}

/** PATCH /staff/trailers/:id/business — a park manager's change to a trailer's business details and payout account. */
export const trailerBusinessUpdateSchema = z
  .object({
    business: z.optional(businessDetailsSchema),
    payoutAccount: z.optional(payoutAccountSchema),
  })
  .check(
    z.refine((body) => body.business !== undefined || body.payoutAccount !== undefined, {
      message: "Nothing to change was sent",
    }),
  );
export type TrailerBusinessUpdate = z.infer<typeof trailerBusinessUpdateSchema>;

export const vatRateUpdateSchema = z.object({ vatRate: vatRateSchema });
