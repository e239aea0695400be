import { desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import type { Db } from "../../db/client";
import { visitors } from "../../db/schema/visitors";
import { users } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import type { Visitor, VisitorPage } from "../../../contract/visitors";

/** Every card, and those waiting for follow-up: each an InitPlan, computed once per statement. */
const total = sql<number>`(select count(*)::int from ${visitors})`;
const waiting = sql<number>`(select count(*)::int from ${visitors} where ${visitors.followedUpAt} is null)`;

/** Visitor cards newest first (staff), with who followed each up; `where` picks them. */
function selectVisitors(db: Db, where: SQL | undefined, limit: number | Placeholder) {
  return db
    .select({ v: visitors, ts: exactTs(visitors.createdAt), firstName: users.firstName, lastName: users.lastName, total, waiting })
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.followedUpBy))
    .where(where)
    .orderBy(desc(visitors.createdAt), desc(visitors.id))
    .limit(limit);
}

const toVisitor = ({ v, firstName, lastName }: Awaited<ReturnType<typeof selectVisitors>>[number]): Visitor => ({
  id: v.id,
  name: v.name,
  email: v.email,
  phone: v.phone,
  heardFrom: v.heardFrom,
  prayerRequest: v.prayerRequest,
  createdAt: v.createdAt.toISOString(),
  followedUpAt: v.followedUpAt?.toISOString() ?? null,
  followedUpBy: v.followedUpAt && firstName ? `${firstName} ${(lastName ?? "").slice(0, 1)}.` : null,
});

/** One card as staff see it (after a follow-up), or undefined. */
export async function getVisitor(db: Db, id: string): Promise<Visitor | undefined> {
  const [row] = await selectVisitors(db, eq(visitors.id, id), 1);
  return row && toVisitor(row);
}

/** The first page with the counts, and a later page from its cursor: each built once (db/prepared.ts; issue 23). */
const firstPage = prepared("visitors.first", (db) => selectVisitors(db, undefined, sql.placeholder("limit")));
const nextPage = prepared("visitors.next", (db) =>
  selectVisitors(db, sql`(${visitors.createdAt}, ${visitors.id}) < (${sql.placeholder("at")}::timestamptz, ${sql.placeholder("id")}::uuid)`, sql.placeholder("limit")),
);

/**
 * Admin → Visitors: the cards newest first, a keyset page at a time on (created_at, id)
 * (visitors_created_idx), so no answer grows with the church (issue 23; before, the newest 200
 * and nothing older). The first page also counts every card and those waiting for follow-up
 * (the summary above the list; visitors_waiting_idx), in the same statement.
 */
export async function listVisitors(db: Db, q: { cursor?: string; limit: number }): Promise<VisitorPage> {
  if (q.cursor) {
    const [at, id] = readCursor(q.cursor, ["ts", "uuid"]);
    const rows = await nextPage(db, { at, id, limit: q.limit + 1 });
    const { page, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.v.id]);
    return { visitors: page.map(toVisitor), nextCursor, counts: null };
  }
  // The first page with the counts in one statement (no row: no card at all, so none waiting).
  const rows = await firstPage(db, { limit: q.limit + 1 });
  const { page, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.v.id]);
  const counts = rows[0] ? { total: Number(rows[0].total), waiting: Number(rows[0].waiting) } : { total: 0, waiting: 0 };
  return { visitors: page.map(toVisitor), nextCursor, counts };
}
