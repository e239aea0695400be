/**
 * Stores notifications and queues their pushes, inside the caller's transaction, so a
 * notification exists exactly when its action committed (a rolled-back approval notifies no one).
 *
 * Fan-out is one set-based statement, whatever the audience: the recipients are a SQL query
 * (e.g. every member, for a service that starts), never a list loaded into memory, and the
 * inbox rows and their push deliveries (one per recipient device) are written by
 * `INSERT ... SELECT` in a single round trip. Members who turned the kind off are skipped in
 * the same statement. The unique (member, kind, subject) index makes a repeated action notify
 * once. The pushes themselves go out from the delivery job (server/jobs/push-delivery.ts),
 * never in the member's request.
 *
 * Shared by the services, testimonies and prayer features (like server/events, it sits outside
 * server/features because features do not import each other).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import type { EventBus } from "../events/bus";
import { STAFF_ROLES } from "../../contract/roles";
import type { NotificationKind } from "../../contract/notifications";
import { rowsOf } from "../db/rows";

export interface NotifyInput {
  kind: NotificationKind;
  /** The service, testimony, prayer or question it is about. */
  subjectId: string;
  title: string;
  body: string;
  url: string;
  /** A query whose rows have one column, `user_id`: who receives it. */
  recipients: SQL;
  at: Date;
}

/** Writes the notifications and queues their pushes. Returns how many members were notified. */
export async function notify(tx: Tx, n: NotifyInput): Promise<number> {
  const result = await tx.execute(sql`
    with recipients as (${n.recipients}),
    inserted as (
      insert into notifications (user_id, kind, subject_id, title, body, url, created_at)
      select distinct r.user_id, ${n.kind}, ${n.subjectId}::uuid, ${n.title}, ${n.body}, ${n.url}, ${n.at.toISOString()}::timestamptz
      from recipients r
      where r.user_id is not null
        and not exists (select 1 from notification_opt_outs o where o.user_id = r.user_id and o.kind = ${n.kind})
      on conflict (user_id, kind, subject_id) do nothing
      returning id, user_id
    ),
    queued as (
      insert into push_deliveries (notification_id, subscription_id, next_attempt_at, created_at)
      select i.id, s.id, ${n.at.toISOString()}::timestamptz, ${n.at.toISOString()}::timestamptz
      from inserted i join push_subscriptions s on s.user_id = i.user_id
      returning 1
    )
    select (select count(*) from inserted)::int as notified, (select count(*) from queued)::int as queued
  `);
  const row = rowsOf<{ notified: number }>(result)[0];
  return Number(row?.notified ?? 0);
}

/** Every member except `exceptUserId` (e.g. the staff member who started the service). */
export const everyone = (exceptUserId: string | null) =>
  exceptUserId ? sql`select id as user_id from users where id <> ${exceptUserId}::uuid` : sql`select id as user_id from users`;

/** OWNER, PASTOR and STAFF (spec section 6: moderation notices), except `exceptUserId`. */
export const staffMembers = (exceptUserId: string | null) => {
  const roles = sql.join(
    STAFF_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  return exceptUserId
    ? sql`select id as user_id from users where role in (${roles}) and id <> ${exceptUserId}::uuid`
    : sql`select id as user_id from users where role in (${roles})`;
};

/** One member. */
export const member = (userId: string) => sql`select ${userId}::uuid as user_id`;

/** After the commit: tells every server instance (and the members' inboxes) that notifications of `kind` exist. */
export async function announce(bus: EventBus, kind: NotificationKind, notified: number) {
  if (notified > 0) await bus.publish("notification", { kind });
}
