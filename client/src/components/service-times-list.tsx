import { serviceTimesByDay, type Church } from "@contract/church";

/** "8:00AM" -> "8:00 AM" (the invite text and Visit Us write times this way). */
export const spacedTime = (t: string) => t.replace(/\s*([AP]M)$/i, " $1");

/** The church's service times, one row per day (Profile, Invite, Visit Us). */
export function ServiceTimesList({ church, format = (t) => t }: { church: Pick<Church, "serviceTimes">; format?: (t: string) => string }) {
  return (
    <ul className="grid gap-2">
      {serviceTimesByDay(church).map(({ day, times }) => (
        <li key={day} className="flex justify-between gap-4">
          <span className="font-medium">{day}</span>
          <span className="text-right text-muted-foreground">{times.map(format).join(", ")}</span>
        </li>
      ))}
    </ul>
  );
}
