import type { Deps } from "../../deps";
import { daysBetween } from "../../../contract/connect";
import { churchDay } from "../../shared/church-day";

/** Today's date in the church's time zone (kept until the day ends: shared/church-day.ts). */
export const churchToday = (deps: Pick<Deps, "now" | "church">) => churchDay(deps.church.timeZone, deps.now()).date;

/** A journey runs through its last day (`total`: the journey's day count); the day after, it is finished (and may be restarted). */
export const isFinished = (startDate: string, today: string, total: number) => daysBetween(startDate, today) >= total;

/** Postgres unique violation, whether or not the driver error is wrapped. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
