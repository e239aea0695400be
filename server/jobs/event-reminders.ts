/**
 * Sends the day-before event reminders (features/calendar/send-event-reminders.ts) every few
 * minutes: claimed rows and the inbox's unique index make it once per member per occurrence,
 * whatever the number of instances.
 */
import type { Deps } from "../deps";
import { sendEventReminders } from "../features/calendar/send-event-reminders";
import { startInterval } from "./interval";

export const runEventReminders = (deps: Deps) => sendEventReminders(deps);

export function startEventRemindersScheduler(deps: Deps, intervalMs = 5 * 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runEventReminders(deps), intervalMs, onError);
}
