/**
 * A member's own profile (Profile → Edit, issue 20): PATCH /api/me and the member's own user.
 *
 * Phone numbers are parsed with libphonenumber-js. A number written without `+` is read in the
 * church's country when one is derivable from its profile (`churchRegion`); otherwise the member
 * must write the country code. What is stored, and shown back, is E.164 (+15551234567).
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { z } from "./zod-setup";
import { displayText } from "./display-text";
import { LOCALES } from "./i18n/locales";
import { AUTH_TEXT, NAME_MAX } from "./auth-text";
import { PHONE_INPUT_MAX, PROFILE_TEXT } from "./profile-text";

export * from "./profile-text";

const US_STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI".split(" "),
);
/** Time zones that name one country (a short list: the churches the app knows). */
const ZONE_COUNTRY: Record<string, CountryCode> = {
  "America/Mexico_City": "MX",
  "America/Monterrey": "MX",
  "America/Tijuana": "MX",
  "America/Bogota": "CO",
  "America/Lima": "PE",
  "America/Santiago": "CL",
  "America/Argentina/Buenos_Aires": "AR",
  "America/Guatemala": "GT",
  "America/El_Salvador": "SV",
  "America/Tegucigalpa": "HN",
  "America/Managua": "NI",
  "America/Costa_Rica": "CR",
  "America/Panama": "PA",
  "America/Santo_Domingo": "DO",
  "America/Caracas": "VE",
  "America/Sao_Paulo": "BR",
  "Europe/Madrid": "ES",
  "Europe/London": "GB",
  "America/Puerto_Rico": "PR",
};

/**
 * The church's country for phone numbers written without a country code: the United States
 * when the address has a US state and ZIP code, else the country of a single-country time
 * zone; undefined when neither says (then a number needs its `+` and country code).
 */
export function churchRegion(church: { address: { state: string; zip: string }; timeZone: string }): CountryCode | undefined {
  if (US_STATES.has(church.address.state.trim().toUpperCase()) && /^\d{5}(-\d{4})?$/.test(church.address.zip.trim())) return "US";
  return ZONE_COUNTRY[church.timeZone];
}

/** A typed phone number as E.164, or the message saying what is wrong. */
export function toE164(input: string, region: CountryCode | undefined): { phone: string } | { error: string } {
  const text = input.trim();
  if (!text.startsWith("+") && !region) return { error: PROFILE_TEXT.phoneNeedsCountry };
  const parsed = parsePhoneNumberFromString(text, region);
  if (!parsed || !parsed.isValid()) return { error: PROFILE_TEXT.phoneInvalid };
  return { phone: parsed.number };
}

/**
 * PATCH /api/me: any of the fields; `phone: null` (or an empty string) clears the phone. Names
 * pass through the display-text cleaner as at registration. The phone is checked and turned into
 * E.164 with `toE164` and the church's region on the server (the region is the church's, not
 * the schema's), a 400 on `phone` when it is not a number.
 */
export const ZProfilePatch = z.strictObject({
  firstName: displayText().trim().min(1, AUTH_TEXT.firstNameRequired).max(NAME_MAX, PROFILE_TEXT.nameTooLong).optional(),
  lastName: displayText().trim().min(1, AUTH_TEXT.lastNameRequired).max(NAME_MAX, PROFILE_TEXT.nameTooLong).optional(),
  phone: z.string({ error: PROFILE_TEXT.phoneInvalid }).trim().max(PHONE_INPUT_MAX, PROFILE_TEXT.phoneInvalid).nullable().optional(),
  locale: z.enum(LOCALES).optional(),
});
export type ProfilePatch = z.input<typeof ZProfilePatch>;
