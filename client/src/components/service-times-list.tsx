import type { Church } from "@contract/church";
import { useI18n } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";

/** "8:00AM" -> "8:00 AM" (the invite text and Visit Us write times this way). */
export const spacedTime = (t: string) => t.replace(/\s*([AP]M)$/i, " $1");

/**
 * The church's service times, one row per day in the church's order (Profile, Invite, Visit Us),
 * each time with its name when staff gave one ("10:30 AM · Worship"), in the member's language
 * (the Spanish name when there is one).
 */
export function ServiceTimesList({ church, format = (t) => t }: { church: Pick<Church, "serviceTimes">; format?: (t: string) => string }) {
  // English keeps the church's own wording ("Sundays"); another language names the weekday in it.
  const { locale } = useI18n();
  const days: { day: string; times: string[] }[] = [];
  for (const s of church.serviceTimes) {
    const name = locale === "es" ? (s.nameEs ?? s.name) : s.name;
    const text = name ? `${format(s.time)} · ${name}` : format(s.time);
    const row = days.find((d) => d.day === s.day);
    if (row) row.times.push(text);
    else days.push({ day: s.day, times: [text] });
  }
  return (
    <ul className="grid gap-2">
      {days.map(({ day, times }) => (
        <li key={day} className="flex justify-between gap-4">
          <span className="font-medium">{locale === "en" ? day : weekdayName(day, locale)}</span>
          <span className="text-right text-muted-foreground">{times.join(", ")}</span>
        </li>
      ))}
    </ul>
  );
}
