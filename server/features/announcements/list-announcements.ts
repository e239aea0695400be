import { and, desc, eq, sql, type AnyColumn } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { announcements } from "../../db/schema/announcements";
import { users } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import type { AnnouncementList, AnnouncementListItem } from "../../../contract/announcements";

/** An instant as toISOString writes it (UTC, milliseconds), written by PostgreSQL: no Date made per field. */
const iso = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoOrNull = (column: AnyColumn) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What a row of the list shows, and no more (not the texts: ZAnnouncementListItem), with the
 * author's name and the exact send time as the cursor holds it. `list` names the part it is in.
 */
const item = (db: Db, list: "scheduled" | "sent") =>
  db
    .select({
      list: sql<"scheduled" | "sent">`${sql.raw(`'${list}'`)}`.as("list"),
      id: announcements.id,
      title: announcements.title,
      audienceKind: announcements.audienceKind,
      audienceGroupId: announcements.audienceGroupId,
      audienceGroupName: announcements.audienceGroupName,
      channels: announcements.channels,
      status: announcements.status,
      sendAt: iso(announcements.sendAt).as("send_at_iso"),
      startedAt: isoOrNull(announcements.startedAt).as("started_at_iso"),
      finishedAt: isoOrNull(announcements.finishedAt).as("finished_at_iso"),
      cancelledAt: isoOrNull(announcements.cancelledAt).as("cancelled_at_iso"),
      createdAt: iso(announcements.createdAt).as("created_at_iso"),
      recipients: announcements.recipients,
      reachedInbox: announcements.reachedInbox,
      reachedPush: announcements.reachedPush,
      reachedEmail: announcements.reachedEmail,
      authorFirst: users.firstName,
      authorLast: users.lastName,
      ts: exactTs(announcements.sendAt).as("ts"),
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy));

// Literal statuses, not parameters: a generic plan of a prepared statement could not match a
// parameter to the partial indexes' conditions (announcements_due_idx, announcements_sent_idx).
const SCHEDULED = sql`${announcements.status} = 'scheduled'`;
const SENT = sql`${announcements.status} <> 'scheduled'`;

/**
 * The first page: everything scheduled (soonest first; what staff planned, not one row per
 * member) and the newest sent, in one statement built once (db/prepared.ts).
 */
const firstPage = prepared("announcements.first", (db) =>
  unionAll(
    item(db, "scheduled").where(SCHEDULED),
    item(db, "sent").where(SENT).orderBy(desc(announcements.sendAt), desc(announcements.id)).limit(sql.placeholder("limit")),
    // A union's order may name only its columns: both parts newest first here, the scheduled
    // ones turned round below.
  ).orderBy(sql`"list"`, sql`"ts" desc`, sql`"id" desc`),
);

/** A later page of what was sent, from the cursor's (send_at, id) on announcements_sent_idx. */
const nextPage = prepared("announcements.next", (db) =>
  item(db, "sent")
    .where(and(SENT, sql`(${announcements.sendAt}, ${announcements.id}) < (${sql.placeholder("at")}::timestamptz, ${sql.placeholder("id")}::uuid)`))
    .orderBy(desc(announcements.sendAt), desc(announcements.id))
    .limit(sql.placeholder("limit")),
);

type Row = Awaited<ReturnType<typeof nextPage>>[number];

const toItem = (r: Row): AnnouncementListItem => ({
  id: r.id,
  audience: r.audienceKind === "group" ? { group: r.audienceGroupId! } : r.audienceKind,
  groupName: r.audienceGroupName,
  title: r.title,
  channels: r.channels,
  status: r.status,
  sendAt: r.sendAt,
  startedAt: r.startedAt,
  finishedAt: r.finishedAt,
  cancelledAt: r.cancelledAt,
  createdAt: r.createdAt,
  createdBy: r.authorFirst ? `${r.authorFirst} ${r.authorLast ?? ""}`.trim() : null,
  recipients: r.recipients,
  reached: { inbox: r.reachedInbox, push: r.reachedPush, email: r.reachedEmail },
});

const keyOf = (last: Row) => [last.ts, last.id];

/**
 * Admin → Announcements: what was sent or is sending or was cancelled, newest first, a keyset
 * page at a time on (send_at, id), so no answer grows with the church's history (issue 23; before,
 * the latest 50 whole, every text included, sorted from every row); the first page also carries
 * what is scheduled, soonest first, every one of them. How many members each channel reached
 * comes from counters kept with each batch, so there is no counting here.
 */
export async function listAnnouncements(db: Db, q: { cursor?: string; limit: number }): Promise<AnnouncementList> {
  if (q.cursor) {
    const [at, id] = readCursor(q.cursor, ["ts", "uuid"]);
    const { page, nextCursor } = pageOf(await nextPage(db, { at, id, limit: q.limit + 1 }), q.limit, keyOf);
    return { scheduled: null, sent: page.map(toItem), nextCursor };
  }
  const rows = (await firstPage(db, { limit: q.limit + 1 })) as Row[];
  const { page, nextCursor } = pageOf(
    rows.filter((r) => r.list === "sent"),
    q.limit,
    keyOf,
  );
  const scheduled = rows.filter((r) => r.list === "scheduled").reverse();
  return { scheduled: scheduled.map(toItem), sent: page.map(toItem), nextCursor };
}
