/**
 * Shared display formatting (spec section 9): video durations, relative publish dates and
 * comment times, in the member's language (contract/i18n, area `time`; dates and numbers by
 * Intl in that language's locale). Pure functions of their inputs: pass `now` for a fixed clock
 * and `locale` for a fixed language (the current one by default).
 */
import { INTL_LOCALE, type Locale } from "@contract/i18n/locales";
import { messagesFor } from "@contract/i18n/messages";
import { currentLocale } from "./i18n";

/** Seconds as m:ss, or h:mm:ss from one hour (video library). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "";
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A short date such as "Mar 9, 2025" (English) or "9 mar 2025" (Spanish). */
export const shortDate = (d: Date, locale: Locale = currentLocale()) =>
  d.toLocaleDateString(INTL_LOCALE[locale], { month: "short", day: "numeric", year: "numeric" });

/** A calendar date ("2026-03-31", already in the church's zone) as "Mar 31, 2026", whatever the device's zone. */
export function calendarDate(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return shortDate(new Date(y, m - 1, d));
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** Today, Yesterday, N days ago (under 7), N weeks ago (under 30 days), otherwise a short date. */
export function formatRelativeDate(iso: string, now: Date = new Date(), locale: Locale = currentLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const t = messagesFor(locale).time;
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days <= 0) return t.today;
  if (days === 1) return t.yesterday;
  if (days < 7) return t.daysAgo(days);
  if (days < 30) return t.weeksAgo(Math.floor(days / 7));
  return shortDate(d, locale);
}

/** just now, Nm ago (under 60 minutes), Nh ago (under 24 hours), otherwise a short date. */
export function formatCommentTime(iso: string, now: Date = new Date(), locale: Locale = currentLocale()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const t = messagesFor(locale).time;
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (minutes < 1) return t.justNow;
  if (minutes < 60) return t.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t.hoursAgo(hours);
  return shortDate(d, locale);
}

/** 1532 -> "1,532 views"; 1 -> "1 view". */
export const formatViews = (n: number, locale: Locale = currentLocale()) => messagesFor(locale).time.views(n);

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** A weekday the church config names in English ("Sunday", or "Sundays"), in the member's language. */
export function weekdayName(english: string, locale: Locale = currentLocale()): string {
  const i = WEEKDAYS.indexOf(english.replace(/s$/, ""));
  if (i < 0) return english;
  // 1 January 2023 was a Sunday.
  const name = new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2023, 0, 1 + i));
  return name.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + name.slice(1);
}
