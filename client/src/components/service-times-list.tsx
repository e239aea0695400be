import type { Church } from "@contract/church";
import { serviceTimesByDay } from "@contract/church-calendar";
import { useI18n } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";

/** "8:00AM" -> "8:00 AM" (the invite text and Visit Us write times this way). */
export const spacedTime = (t: string) => t.replace(/\s*([AP]M)$/i, " $1");

/** The church's service times, one row per day (Profile, Invite, Visit Us). */
export function ServiceTimesList({ church, format = (t) => t }: { church: Pick<Church, "serviceTimes">; format?: (t: string) => string }) {
  // English keeps the church's own wording ("Sundays"); another language names the weekday in it.
  const { locale } = useI18n();
  return (
    <ul className="grid gap-2">
      {serviceTimesByDay(church).map(({ day, times }) => (
        <li key={day} className="flex justify-between gap-4">
          <span className="font-medium">{locale === "en" ? day : weekdayName(day, locale)}</span>
          <span className="text-right text-muted-foreground">{times.map(format).join(", ")}</span>
        </li>
      ))}
    </ul>
  );
}
