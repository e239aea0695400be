/** A service's date and time as members read it, e.g. "Sun, Nov 29, 9:30 AM" (in the church's time zone when given). */
export const serviceWhen = (iso: string, timeZone?: string) =>
  new Date(iso).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
