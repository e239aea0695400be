import { INTL_LOCALE, type Locale } from "@contract/i18n/locales";
import { messagesFor } from "@contract/i18n/messages";
import type { Group } from "@contract/groups";

// When a small group meets, in the member's language: Connect's group cards and Admin (groups
// feature) and the week screen (calendar feature) show it alike.
import { currentLocale } from "@/lib/i18n";

/** Day 0 = Sunday ... 6 = Saturday, as the member's language names it ("Thursday", "jueves"). */
export function weekdayNameOf(day: number, locale: Locale = currentLocale()) {
  // 1 January 2023 was a Sunday.
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2023, 0, 1 + day));
}

/** "19:30" as the member's clock shows it: "7:30 PM" (English), "7:30 p.m." (Spanish). */
export function formatClock(hhmm: string, locale: Locale = currentLocale()) {
  const [h, m] = hhmm.split(":").map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2023, 0, 1, h, m));
}

/** When a group meets, in the member's language: "Every Thursday · 7:00 PM"; empty when it has no day or time. */
export function meetingWhen(g: Pick<Group, "meetingDay" | "meetingTime">, locale: Locale = currentLocale()) {
  const t = messagesFor(locale).groups;
  const parts = [];
  if (g.meetingDay !== null) parts.push(t.every(weekdayNameOf(g.meetingDay, locale)));
  if (g.meetingTime) parts.push(formatClock(g.meetingTime, locale));
  return parts.join(" · ");
}
