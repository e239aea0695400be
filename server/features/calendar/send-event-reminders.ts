/**
 * The day-before reminder (decision 0109): each member going to an occurrence gets one
 * notification (inbox and push, by their preferences: kind `eventReminder`) once the occurrence
 * is EVENT_REMINDER_LEAD_HOURS away. Exactly once, on any number of instances: a batch of due
 * registrations is claimed with FOR UPDATE SKIP LOCKED and marked `remindedAt` in the same
 * transaction that writes the notifications, and the inbox's unique (member, kind, subject)
 * index, with the registration as the subject, refuses a second one anyway. A registration made
 * less than the lead before the start is not reminded (the member has just said yes).
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { EVENT_REMINDER_LEAD_HOURS } from "../../../contract/calendar";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import { announce, member, notify } from "../../notifications/notify";

const BATCH = 100;
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "10:00 AM" on the church's clock. */
function clock(tz: string, at: Date) {
  let f = timeFormats.get(tz);
  if (!f) timeFormats.set(tz, (f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit" })));
  return f.format(at).replace(/\u202f/g, " ");
}

/** One pass: how many reminders were written. */
export async function sendEventReminders(deps: Deps): Promise<number> {
  const tz = deps.church.timeZone;
  let total = 0;
  for (;;) {
    const now = deps.now();
    const lead = new Date(now.getTime() + EVENT_REMINDER_LEAD_HOURS * 3600_000);
    const { claimed, notified } = await deps.db.transaction(async (tx) => {
      const due = (await tx.execute(sql`
        with due as (
          select r.id from calendar_rsvps r
          where r.reminded_at is null and r.status = 'going'
            and r.occurrence_start > ${now.toISOString()}::timestamptz
            and r.occurrence_start <= ${lead.toISOString()}::timestamptz
          order by r.occurrence_start
          limit ${BATCH}
          for update skip locked
        )
        update calendar_rsvps r set reminded_at = ${now.toISOString()}::timestamptz
        from due, calendar_events e
        where r.id = due.id and e.id = r.event_id
        returning r.id, r.user_id as "userId", r.occurrence_start as "at", r.created_at as "createdAt", e.title`)) as unknown as {
        rows: { id: string; userId: string; at: string | Date; createdAt: string | Date; title: string }[];
      };
      let n = 0;
      for (const r of due.rows) {
        const at = new Date(r.at);
        if (at.getTime() - new Date(r.createdAt).getTime() < EVENT_REMINDER_LEAD_HOURS * 3600_000) continue;
        const msg = NOTIFICATION_MESSAGES.eventReminder(clock(tz, at), r.title);
        n += await notify(tx, { kind: "eventReminder", subjectId: r.id, ...msg, recipients: member(r.userId), at: now });
      }
      return { claimed: due.rows.length, notified: n };
    });
    total += notified;
    if (notified > 0) await announce(deps.bus, "eventReminder", notified);
    if (claimed < BATCH) return total;
  }
}
