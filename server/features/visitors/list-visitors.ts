import { eq, sql, type SQL } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import { preparedSql } from "../../db/prepared";
import { jsonText } from "../../db/json-sql";
import type { Db } from "../../db/client";
import { visitors } from "../../db/schema/visitors";
import { users } from "../../db/schema/users";
import { exactTs, pageFilters, readCursor, writeCursor } from "../../http/keyset";
import { VISITORS_PAGE_SIZE, type Visitor } from "../../../contract/visitors";
import { rowsOf } from "../../db/rows";

/** One card as staff see it (after a follow-up), or undefined. */
export async function getVisitor(db: Db, id: string): Promise<Visitor | undefined> {
  const [row] = await db
    .select({ v: visitors, firstName: users.firstName, lastName: users.lastName })
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.followedUpBy))
    .where(eq(visitors.id, id));
  if (!row) return undefined;
  const { v, firstName, lastName } = row;
  return {
    id: v.id,
    name: v.name,
    email: v.email,
    phone: v.phone,
    heardFrom: v.heardFrom,
    prayerRequest: v.prayerRequest,
    createdAt: v.createdAt.toISOString(),
    followedUpAt: v.followedUpAt?.toISOString() ?? null,
    followedUpBy: v.followedUpAt && firstName ? `${firstName} ${(lastName ?? "").slice(0, 1)}.` : null,
  };
}

const p = (name: string) => sql`${sql.placeholder(name)}`;

/** A page's cards as a JSON array, whether more follow, the last shown card's key, and (first page) the counts. */
interface PageRow {
  visitors: string;
  more: boolean;
  last_ts: string | null;
  last_id: string | null;
  total: number | null;
  waiting: number | null;
}

/**
 * Cards newest first after the key (`at`, `id`), on visitors_created_idx (created_at, id):
 * `limit + 1` of them, the first `limit` as the answer's JSON (ZVisitor, getVisitor's fields; who
 * followed a card up as "First L."), written by PostgreSQL (decision 0130), so no row is parsed,
 * no Date made per field and no response schema run on the server's thread (issue 23, decision
 * 0138). With `first`, every card and those waiting for follow-up too (each counted once).
 */
function pageStatement(first: boolean, at: SQL, id: SQL, limit: SQL) {
  const { shown, last: lastShown } = pageFilters(limit);
  const after: SQL = first ? sql`` : sql`where (v.created_at, v.id) < (${at}::timestamptz, ${id}::uuid)`;
  return sql`
    select ${jsonText(sql`coalesce(json_agg(x.item order by x.ord) ${shown}, '[]')`)} as visitors,
      count(*) > ${limit} as more,
      (array_agg(x.ts) ${lastShown})[1] as last_ts,
      (array_agg(x.id) ${lastShown})[1]::text as last_id,
      ${first ? sql`(select count(*)::int from visitors)` : sql`null::int`} as total,
      ${first ? sql`(select count(*)::int from visitors where followed_up_at is null)` : sql`null::int`} as waiting
    from (
      select item, v.id, ${exactTs("v.created_at")} as ts,
        row_number() over (order by v.created_at desc, v.id desc) as ord
      from visitors v
      left join users u on u.id = v.followed_up_by
      cross join lateral (select v.id, v.name, v.email, v.phone, v.heard_from as "heardFrom", v.prayer_request as "prayerRequest",
        ${isoSql("v.created_at")} as "createdAt", ${isoSql("v.followed_up_at")} as "followedUpAt",
        case when v.followed_up_at is not null and u.first_name <> '' then u.first_name || ' ' || left(coalesce(u.last_name, ''), 1) || '.' end as "followedUpBy") item
      ${after}
      order by v.created_at desc, v.id desc
      limit ${limit} + 1) x`;
}
/**
 * The screen's pages (VISITORS_PAGE_SIZE), each built and planned once (db/prepared.ts; issue 23)
 * with the size written in: with the size a parameter, PostgreSQL's generic plan took a tenth of
 * the cards to be read and lost to a plan for 21, so the statement was planned again on every
 * request (decision 0138). Another size is an ordinary statement.
 */
const SIZE = sql.raw(String(VISITORS_PAGE_SIZE));
const firstPage = preparedSql<PageRow>("visitors.first", () => pageStatement(true, sql``, sql``, SIZE));
const nextPage = preparedSql<PageRow>("visitors.next", () => pageStatement(false, p("at"), p("id"), SIZE));

async function readPage(db: Db, q: { cursor?: string; limit: number }): Promise<PageRow> {
  const [at, id] = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : ["", ""];
  if (q.limit === VISITORS_PAGE_SIZE) return (q.cursor ? await nextPage(db, { at, id }) : await firstPage(db))[0]!;
  const statement = pageStatement(!q.cursor, sql`${at}`, sql`${id}`, sql`${q.limit}::int`);
  return rowsOf<PageRow>(await db.execute(statement))[0]!;
}

/**
 * Admin → Visitors: the cards newest first, a keyset page at a time on (created_at, id)
 * (visitors_created_idx), so no answer grows with the church (issue 23; before, the newest 200
 * and nothing older). The first page also counts every card and those waiting for follow-up
 * (the summary above the list; visitors_waiting_idx), in the same statement. Answers the JSON
 * text (ZVisitorPage), sent as it is (visitors.test.ts parses it with the schema).
 */
export async function listVisitors(db: Db, q: { cursor?: string; limit: number }): Promise<string> {
  const row = await readPage(db, q);
  const nextCursor = row.more && row.last_ts && row.last_id ? writeCursor(row.last_ts, row.last_id) : null;
  const counts = q.cursor ? "null" : `{"total":${Number(row.total ?? 0)},"waiting":${Number(row.waiting ?? 0)}}`;
  return `{"visitors":${row.visitors},"nextCursor":${JSON.stringify(nextCursor)},"counts":${counts}}`;
}
