import { INTL_LOCALE, type Locale } from "@contract/i18n/locales";
import { currentLocale } from "./i18n";

/** A service's date and time as members read it, e.g. "Sun, Nov 29, 9:30 AM" (in the church's time zone when given), in the member's language. */
export const serviceWhen = (iso: string, timeZone?: string, locale: Locale = currentLocale()) =>
  new Date(iso).toLocaleString(INTL_LOCALE[locale], { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
