import { sql, type SQL } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import { exactTs, pageFilters, readCursor, writeCursor } from "../../http/keyset";

const p = (name: string) => sql.placeholder(name);
/** An instant as toISOString writes it (UTC, milliseconds), written by PostgreSQL. */

/**
 * Announcement `a` (its author `u`, left joined) as the list shows it, a lateral row `item` whose
 * columns are ZAnnouncementListItem's fields in its order: what its row shows, not the texts
 * (the message, the link, the Spanish). The author is "First Last" (names are stored trimmed),
 * or null once that account is gone. Nested objects are lateral rows too: row_to_json writes
 * them compact, json_build_object would write " : " between key and value.
 */
const listItem = (item: "item" | "planned") => sql`
  left join users u on u.id = a.created_by
  cross join lateral (select a.audience_group_id as "group") audience_group
  cross join lateral (select a.reached_inbox as inbox, a.reached_push as push, a.reached_email as email) reached
  cross join lateral (select a.id, a.title,
    case when a.audience_kind = 'group' then row_to_json(audience_group) else to_json(a.audience_kind) end as audience,
    a.audience_group_name as "groupName", a.channels, a.status,
    ${isoSql("a.send_at")} as "sendAt", ${isoSql("a.started_at")} as "startedAt", ${isoSql("a.finished_at")} as "finishedAt",
    ${isoSql("a.cancelled_at")} as "cancelledAt", ${isoSql("a.created_at")} as "createdAt",
    case when u.first_name <> '' then btrim(u.first_name || ' ' || coalesce(u.last_name, '')) end as "createdBy",
    a.recipients, reached) ${sql.raw(item)}`;

/** A page's sent announcements as a JSON array, whether more follow, and the last shown one's key (exact send time, id). */
interface PageRow {
  scheduled: string | null;
  sent: string;
  more: boolean;
  last_ts: string | null;
  last_id: string | null;
}

/**
 * What was sent (or is sending, or was cancelled) after the key, newest first on
 * `announcements_sent_idx` (send_at, id), `limit + 1` of them, the first `limit` as the answer's
 * JSON, written by PostgreSQL (decision 0130); with `first`, also everything scheduled, soonest
 * first (staff plan a few ahead: not a list that grows with members). The statuses are literals,
 * not parameters: a generic plan could not match a parameter to the partial indexes' conditions.
 */
function pageStatement(first: boolean) {
  const { shown, last: lastShown } = pageFilters(sql`${p("limit")}::int`);
  const after: SQL = first ? sql`` : sql`and (a.send_at, a.id) < (${p("at")}::timestamptz, ${p("id")}::uuid)`;
  const scheduled = first
    ? // Its own alias: inside the outer aggregate, "item" would name the outer rows' column.
      sql`(select ${jsonText(sql`coalesce(json_agg(planned order by a.send_at, a.id), '[]')`)} from announcements a ${listItem("planned")} where a.status = 'scheduled')`
    : sql`null::text`;
  return sql`
    select ${scheduled} as scheduled,
      ${jsonText(sql`coalesce(json_agg(x.item order by x.ord) ${shown}, '[]')`)} as sent,
      count(*) > ${p("limit")}::int as more,
      (array_agg(x.ts) ${lastShown})[1] as last_ts,
      (array_agg(x.id) ${lastShown})[1]::text as last_id
    from (
      select item, a.id, ${exactTs("a.send_at")} as ts,
        row_number() over (order by a.send_at desc, a.id desc) as ord
      from announcements a ${listItem("item")}
      where a.status <> 'scheduled' ${after}
      order by a.send_at desc, a.id desc
      limit ${p("limit")}::int + 1) x`;
}
/** Built and planned once each (db/prepared.ts): the first page, and a later one from its cursor. */
const firstPage = preparedSql<PageRow>("announcements.first", () => pageStatement(true));
const nextPage = preparedSql<PageRow>("announcements.next", () => pageStatement(false));

/**
 * Admin → Announcements: what was sent or is sending or was cancelled, newest first, a keyset
 * page at a time on (send_at, id), so no answer grows with the church's history (issue 23); the
 * first page also carries what is scheduled, soonest first, every one of them. How many members
 * each channel reached comes from counters kept with each batch, so there is no counting here.
 * Answers the JSON text (ZAnnouncementList), written by PostgreSQL and sent as it is (decision
 * 0138; announcements.test.ts parses it with the schema).
 */
export async function listAnnouncements(db: Db, q: { cursor?: string; limit: number }): Promise<string> {
  let row: PageRow | undefined;
  if (q.cursor) {
    const [at, id] = readCursor(q.cursor, ["ts", "uuid"]);
    [row] = await nextPage(db, { at, id, limit: q.limit });
  } else [row] = await firstPage(db, { limit: q.limit });
  const nextCursor = row!.more && row!.last_ts && row!.last_id ? writeCursor(row!.last_ts, row!.last_id) : null;
  return `{"scheduled":${row!.scheduled ?? "null"},"sent":${row!.sent},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
