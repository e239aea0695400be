import { eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import type { AdminGroup, AdminGroupPage, JoinPolicy, MyGroupStatus } from "../../../contract/groups";
import { readGroupCursor, writeCursor } from "./group-cursor";

export interface GroupRow {
  id: string;
  name: string;
  description: string;
  meeting_day: number | null;
  meeting_time: string | null;
  meeting_place: string | null;
  meeting_url: string | null;
  capacity: number | null;
  join_policy: JoinPolicy;
  archived_at: string | null;
  member_count: number;
  pending_count: number;
  my_status: MyGroupStatus;
  leaders: AdminGroup["leaders"] | string;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const p = (name: string) => sql.placeholder(name);

/**
 * Groups as one member sees them, in one statement (decision 0125): the kept member and pending
 * counts from the group's row (server/shared/group-counts.ts), the asker's own status from one
 * index lookup of their memberships and one of their pending requests (joined to the page's
 * groups), and the leaders from the partial index of leaders. `viewer` is the asker's id, `where`
 * and `tail` (order, limit) choose the groups, `extra` adds columns.
 */
export const groupSelect = (viewer: SQL, where: SQL, tail: SQL = sql``, extra: SQL = sql``) => sql`
      select g.id, g.name, g.description, g.meeting_day, g.meeting_time, g.meeting_place, g.meeting_url, g.capacity, g.join_policy,
        to_char(g.archived_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as archived_at,
        g.member_count, g.pending_count,
        case when me.is_leader then 'leader' when me.user_id is not null then 'member' when r.id is not null then 'pending' else 'none' end as my_status,
        coalesce((
          select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) order by u.first_name, u.last_name)
          from group_members l join users u on u.id = l.user_id
          where l.group_id = g.id and l.is_leader
        ), '[]'::json) as leaders
        ${extra}
      from small_groups g
      left join group_members me on me.group_id = g.id and me.user_id = ${viewer}
      left join group_join_requests r on r.group_id = g.id and r.user_id = ${viewer} and r.status = 'pending'
      where ${where}
      ${tail}`;

/** The hot lists, each built and planned once (db/prepared.ts; issue 23). A first page starts after the key ("", live). */
const livePage = preparedSql<GroupRow>(
  "groups.live",
  groupSelect(sql`${p("viewer")}::uuid`, sql`g.archived_at is null and g.name > ${p("name")}`, sql`order by g.name limit ${p("limit")}`),
);
const adminPage = preparedSql<GroupRow>(
  "groups.admin",
  groupSelect(
    sql`${p("viewer")}::uuid`,
    sql`((g.archived_at is not null), g.name) > (${p("archived")}::boolean, ${p("name")}::text)`,
    sql`order by (g.archived_at is not null), g.name limit ${p("limit")}`,
  ),
);
const myGroups = preparedSql<GroupRow>("groups.mine", groupSelect(sql`${p("viewer")}::uuid`, sql`me.user_id is not null and g.archived_at is null`, sql`order by g.name`));

/** One group (any, or live only), for a write's answer inside its transaction. */
async function groupRows(db: Db | Tx, viewerId: string, where: SQL): Promise<GroupRow[]> {
  return rowsOf<GroupRow>(await db.execute(groupSelect(sql`${viewerId}::uuid`, where)));
}

/** A row as the answer's group. Only a leader (or staff, `staffView`) is told how many requests wait. */
export function toGroup(r: GroupRow, staffView: boolean): AdminGroup {
  const memberCount = Number(r.member_count);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    meetingDay: r.meeting_day,
    meetingTime: r.meeting_time,
    meetingPlace: r.meeting_place,
    meetingUrl: r.meeting_url,
    capacity: r.capacity,
    joinPolicy: r.join_policy,
    memberCount,
    isFull: r.capacity !== null && memberCount >= r.capacity,
    // json: node-postgres and PGlite parse it; a driver that does not leaves the text.
    leaders: typeof r.leaders === "string" ? (JSON.parse(r.leaders) as AdminGroup["leaders"]) : r.leaders,
    myStatus: r.my_status,
    pendingCount: staffView || r.my_status === "leader" ? Number(r.pending_count) : null,
    archivedAt: r.archived_at,
  };
}

/**
 * A page of groups by name (GET /api/groups: live ones; GET /api/admin/groups with `admin`:
 * live ones, then archived ones, with every group's pending count). `cursor` is the previous
 * page's `nextCursor` (400 on `cursor` if it is not one).
 */
export async function listGroups(db: Db, viewerId: string, page: { cursor?: string; limit: number }, admin = false): Promise<AdminGroupPage> {
  const after = page.cursor ? readGroupCursor(page.cursor) : null;
  const key = { viewer: viewerId, name: after?.[1] ?? "", limit: page.limit + 1 };
  const rows = admin ? await adminPage(db, { ...key, archived: after?.[0] === 1 }) : await livePage(db, key);
  const groups = rows.slice(0, page.limit).map((r) => toGroup(r, admin));
  const last = groups[groups.length - 1];
  return { groups, nextCursor: rows.length > page.limit && last ? writeCursor([last.archivedAt ? 1 : 0, last.name]) : null };
}

/** GET /api/groups/mine: the live groups the member is in, by name (as many as they joined: not paged). */
export async function listMyGroups(db: Db, viewerId: string): Promise<AdminGroup[]> {
  const rows = await myGroups(db, { viewer: viewerId });
  return rows.map((r) => toGroup(r, false));
}

/** One group as the member sees it, or undefined (unknown, or archived unless `staffView`). */
export async function loadGroup(db: Db | Tx, viewerId: string, id: string, staffView = false): Promise<AdminGroup | undefined> {
  const [row] = await groupRows(db, viewerId, staffView ? sql`g.id = ${id}::uuid` : sql`g.id = ${id}::uuid and g.archived_at is null`);
  return row && toGroup(row, staffView);
}

/**
 * Locks the group's row for the rest of the transaction: every change to who is in a group
 * (join, approve, naming a leader, a new capacity) takes this lock first, so two of them never
 * count the same free seat (decision 0107). Returns the row, or undefined if there is none.
 */
export async function lockGroup(tx: Tx, id: string) {
  const [row] = await tx.select().from(smallGroups).where(eq(smallGroups.id, id)).for("update");
  return row;
}

/** Members in the group now (leaders included), counted from the rows under the group's lock: what a seat is checked against. */
export async function countMembers(tx: Tx, groupId: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return Number(row?.n ?? 0);
}
