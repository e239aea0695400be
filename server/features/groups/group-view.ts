import { eq, sql, type SQL } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { Db, Tx } from "../../db/client";
import { preparedSql, runtimeValue } from "../../db/prepared";
import { jsonArrayOfTexts, jsonOrNull } from "../../db/json-sql";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import { GROUPS_PAGE_MAX, type AdminGroup, type JoinPolicy, type MyGroupStatus } from "../../../contract/groups";
import { readGroupCursor, writeCursor } from "./group-cursor";
import { pageFilters } from "../../http/keyset";
import { rowsOf } from "../../db/rows";
import { VersionedAnswers } from "../../http/versioned-answers";

interface GroupRow {
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

const p = (name: string) => sql.placeholder(name);

/**
 * Groups as one member sees them, in one statement (decision 0125): the kept member and pending
 * counts from the group's row (server/shared/group-counts.ts), the asker's own status from one
 * index lookup of their memberships and one of their pending requests (joined to the page's
 * groups), and the leaders as the group's row keeps them (decision 0141). For a write's answer (loadGroup,
 * in its transaction); the lists' reads below write their JSON in PostgreSQL instead.
 */
const groupSelect = (viewer: string, where: SQL) => sql`
      select g.id, g.name, g.description, g.meeting_day, g.meeting_time, g.meeting_place, g.meeting_url, g.capacity, g.join_policy,
        ${isoSql("g.archived_at")} as archived_at,
        g.member_count, g.pending_count,
        case when me.is_leader then 'leader' when me.user_id is not null then 'member' when r.id is not null then 'pending' else 'none' end as my_status,
        g.leaders
      from small_groups g
      left join group_members me on me.group_id = g.id and me.user_id = ${viewer}::uuid
      left join group_join_requests r on r.group_id = g.id and r.user_id = ${viewer}::uuid and r.status = 'pending'
      where ${where}`;

/**
 * Group `g` as the answer's JSON object, written by PostgreSQL as text (ZGroup; with `admin`,
 * ZAdminGroup's `archivedAt` too): the group's own fields are its kept `json_head` (every field
 * from `id` to `leaders`, written from the row on each insert and update by the trigger of
 * migration 0051, decision 0146), closed here with the asker's: the lateral row `item` has the
 * object (`item.json`) and the asker's status (`item."myStatus"`, what a roster's role check
 * reads). After `groupJoins` (`me`: the asker's membership, `r`: their pending request). Only
 * staff (`staffView`) and the group's leaders are told how many requests wait. The lists send
 * this text as it is: no row is parsed into objects, checked against the response schema and
 * serialized again on the server's thread (issue 23; groups.test.ts parses every such answer with
 * its strict contract schema).
 */
const myStatus = sql`(case when me.is_leader then 'leader' when me.user_id is not null then 'member' when r.id is not null then 'pending' else 'none' end)`;
export const groupItem = (staffView: SQL, admin = false) => sql`
      cross join lateral (select ${myStatus} as "myStatus",
        (g.json_head || ',"myStatus":"' || ${myStatus} || '"'
        || ',"pendingCount":' || ${jsonOrNull(sql`case when ${staffView} or me.is_leader then g.pending_count end`)}
        ${admin ? sql`|| ',"archivedAt":' || ${jsonOrNull(isoSql("g.archived_at"))}` : sql``}
        || '}') as json) item`;

const viewer = sql`${p("viewer")}::uuid`;
export const groupJoins = sql`
      from small_groups g
      left join group_members me on me.group_id = g.id and me.user_id = ${viewer}
      left join group_join_requests r on r.group_id = g.id and r.user_id = ${viewer} and r.status = 'pending'`;

/** A page's groups as a JSON array, whether more follow, and the last shown group's key. */
interface PageRow {
  groups: string;
  more: boolean;
  last_archived: boolean | null;
  last_name: string | null;
}

/**
 * A page of the members' list (live groups by name) or Admin's (live, then archived, by name),
 * after the key (archived, name): `limit + 1` groups by the list's index, the first `limit` as
 * the answer's JSON. Built and planned once each (db/prepared.ts); a first page starts after
 * (live, "").
 *
 * Admin's page finds its keys first, in two index ranges (live groups after the key's name, when
 * the key is a live group's; then archived ones), and only then reads those groups. As one row
 * comparison `((archived_at is not null), name) > (key)`, PostgreSQL judged a first page to hold
 * one group (the share of archived groups, 0, taken for the whole comparison's), so a plan for
 * one group beat the statement's generic plan and the statement was planned again on every
 * request: 2 ms of the database's time for 0.6 ms of work (decision 0138).
 *
 * The members' page gives its bound and size as runtime values (decision 0137): with a group's
 * kept head on its row (decision 0146), its rows are wider, and at 800 groups PostgreSQL took a
 * plan for the values at hand to beat the generic plan (the generic one guesses a tenth of the
 * groups for an unknown limit), so it planned the page again on every request (0.3 ms for 0.1 ms
 * of work; the growth run's 0.51 → 0.29 from 1,000 to 20,000 members).
 */
function pageStatement(admin: boolean) {
  const order = admin ? sql`(g.archived_at is not null), g.name` : sql`g.name`;
  const { shown, last: lastShown } = pageFilters(sql`${p("limit")}::int`);
  const keys = sql`
    with keys as (
      select k.id from (
        (select g.id, false as archived, g.name from small_groups g
         where g.archived_at is null and not ${p("archived")}::boolean and g.name > ${p("name")}::text
         order by g.name limit ${p("limit")}::int + 1)
        union all
        (select g.id, true, g.name from small_groups g
         where g.archived_at is not null and g.name > (case when ${p("archived")}::boolean then ${p("name")}::text else '' end)
         order by g.name limit ${p("limit")}::int + 1)) k
      order by k.archived, k.name
      limit ${p("limit")}::int + 1)`;
  return sql`
    ${admin ? keys : sql``}
    select ${jsonArrayOfTexts(sql`x.item`, sql`x.ord`, shown)} as groups,
      count(*) > ${p("limit")}::int as more,
      (array_agg(x.archived) ${lastShown})[1] as last_archived,
      (array_agg(x.name) ${lastShown})[1] as last_name
    from (
      select item.json as item, g.name, g.archived_at is not null as archived, row_number() over (order by ${order}) as ord
      ${groupJoins}
      ${admin ? sql`join keys k on k.id = g.id` : sql``}
      ${groupItem(sql.raw(String(admin)), admin)}
      ${admin ? sql`` : sql`where g.archived_at is null and g.name > ${runtimeValue("name", "text")}`}
      order by ${order}
      ${admin ? sql`` : sql`limit ${runtimeValue("limit", "int")} + 1`}) x`;
}
const livePage = preparedSql<PageRow>("groups.live", () => pageStatement(false));
const adminPage = preparedSql<PageRow>("groups.admin", () => pageStatement(true));
const myGroups = preparedSql<{ groups: string }>(
  "groups.mine",
  () => sql`
    select ${jsonArrayOfTexts(sql`x.item`, sql`x.name`)} as groups
    from (select item.json as item, g.name ${groupJoins} ${groupItem(sql`false`)} where me.user_id is not null and g.archived_at is null) x`,
);

/**
 * The members' first page as every member sees it alike (decision 0151): each group's id, kept
 * head and pending count, by name, and the next page's cursor. What a member adds is their own
 * status in each group (`firstPageFor`).
 */
export interface SharedFirstPage {
  groups: [id: string, head: string, pendingCount: number][];
  nextCursor: string | null;
}

/**
 * The members' first pages of groups kept per process (decision 0151), by the page's size, served
 * again only while the groups' version (migration 0055) is the one they were read with.
 */
export const keptGroupPages = () => new VersionedAnswers<SharedFirstPage>(GROUPS_PAGE_MAX);

/** The groups' version, as text (null without its row: then nothing is kept). */
const GROUPS_VERSION = sql`(select v.version from groups_version v where v.id = 1)::text`;

/**
 * The asker's own part of a first page, as JSON arrays: their memberships ([group, leads it],
 * one index range of group_members_user_idx) and the groups they asked to join and wait for
 * (group_join_requests_user_idx). Read on every request, with the version, in one snapshot.
 */
const askerGroups = sql`
    (select coalesce(json_agg(json_build_array(m.group_id, m.is_leader)), '[]')::text from group_members m where m.user_id = ${viewer}) as mine,
    (select coalesce(json_agg(q.group_id), '[]')::text from group_join_requests q where q.user_id = ${viewer} and q.status = 'pending') as asked`;

interface AskerRow {
  version: string | null;
  mine: string;
  asked: string;
}

/** What a request for a kept first page reads: the version and the asker's own groups. Built and planned once. */
const askerHead = preparedSql<AskerRow>("groups.live-asker", () => sql`select ${GROUPS_VERSION} as version, ${askerGroups}`);

/**
 * A first page read afresh: the version, the asker's own groups, and the first `limit + 1` live
 * groups by name on small_groups_live_name_idx ([id, head, pending count, name] each), in one
 * snapshot. Every column of small_groups it reads raises the version (the test of migration 0055's
 * trigger reads this statement).
 */
export const sharedFirstPageSql = () => sql`
    select ${GROUPS_VERSION} as version, ${askerGroups},
      (select coalesce(json_agg(json_build_array(g.id, g.json_head, g.pending_count, g.name) order by g.name), '[]')::text
       from (select g.id, g.json_head, g.pending_count, g.name from small_groups g
             where g.archived_at is null order by g.name limit ${runtimeValue("limit", "int")} + 1) g) as groups`;
const sharedFirstPage = preparedSql<AskerRow & { groups: string }>("groups.live-first", sharedFirstPageSql);

/**
 * A first page for one asker: each group's head closed with their status and, where they lead
 * it, its pending count: the same text `groupItem` writes for them (group-view-kept.test.ts
 * compares the two for every status).
 */
function firstPageFor(page: SharedFirstPage, asker: AskerRow): string {
  const leads = new Map(JSON.parse(asker.mine) as [string, boolean][]);
  const asked = new Set(JSON.parse(asker.asked) as string[]);
  const items = page.groups.map(([id, head, pending]) => {
    const lead = leads.get(id);
    const status = lead === undefined ? (asked.has(id) ? "pending" : "none") : lead ? "leader" : "member";
    return `${head},"myStatus":"${status}","pendingCount":${status === "leader" ? pending : "null"}}`;
  });
  return `{"groups":[${items.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** The members' first page of `limit` groups: from `kept` while the version holds, else read afresh (and kept). */
async function firstPage(db: Db, viewerId: string, limit: number, kept: VersionedAnswers<SharedFirstPage>): Promise<string> {
  const key = String(limit);
  if (kept.holds(key)) {
    const [asker] = await askerHead(db, { viewer: viewerId });
    const page = kept.get(key, asker!.version);
    if (page) return firstPageFor(page, asker!);
  }
  const [row] = await sharedFirstPage(db, { viewer: viewerId, limit });
  const read = JSON.parse(row!.groups) as [string, string, number, string][];
  const shown = read.slice(0, limit);
  const page: SharedFirstPage = {
    groups: shown.map(([id, head, pending]) => [id, head, pending]),
    nextCursor: read.length > limit ? writeCursor([0, shown[shown.length - 1]![3]]) : null,
  };
  kept.set(key, row!.version, page);
  return firstPageFor(page, row!);
}

/** One group (any, or live only), for a write's answer inside its transaction. */
async function groupRows(db: Db | Tx, viewerId: string, where: SQL): Promise<GroupRow[]> {
  return rowsOf<GroupRow>(await db.execute(groupSelect(viewerId, where)));
}

/** A row as the answer's group. Only a leader (or staff, `staffView`) is told how many requests wait. */
function toGroup(r: GroupRow, staffView: boolean): AdminGroup {
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
 * live ones, then archived ones, with every group's pending count), as the answer's JSON text
 * (ZGroupPage, ZAdminGroupPage). `cursor` is the previous page's `nextCursor` (400 on `cursor`
 * if it is not one). With `kept` (the route's), the members' first page comes from it while the
 * groups' version holds (decision 0151); each member's own status is read every time.
 */
export async function listGroups(
  db: Db,
  viewerId: string,
  page: { cursor?: string; limit: number },
  admin = false,
  kept?: VersionedAnswers<SharedFirstPage>,
): Promise<string> {
  const after = page.cursor ? readGroupCursor(page.cursor) : null;
  if (kept && !admin && !after) return firstPage(db, viewerId, page.limit, kept);
  const key = { viewer: viewerId, name: after?.[1] ?? "", limit: page.limit };
  const [row] = admin ? await adminPage(db, { ...key, archived: after?.[0] === 1 }) : await livePage(db, key);
  const nextCursor = row!.more ? writeCursor([row!.last_archived ? 1 : 0, row!.last_name]) : null;
  return `{"groups":${row!.groups},"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** GET /api/groups/mine: the live groups the member is in, by name (as many as they joined: not paged), as JSON text (ZGroup[]). */
export async function listMyGroups(db: Db, viewerId: string): Promise<string> {
  const [row] = await myGroups(db, { viewer: viewerId });
  return row!.groups;
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
