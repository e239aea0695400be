import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { groupJoinRequests, groupMembers } from "../../db/schema/connect";
import type { AuthUser } from "../../http/auth";
import { conflict, forbidden, notFound } from "../../http/app-error";
import { isStaff } from "../../../contract/roles";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { GROUP_ROSTER_PAGE_SIZE, GROUPS_TEXT, type AdminGroup, type GroupRoster } from "../../../contract/groups";
import { syncGroupCounts } from "../../shared/group-counts";
import { countMembers, groupSelect, loadGroup, lockGroup, toGroup, type GroupRow } from "./group-view";
import { readRosterCursor, writeCursor } from "./group-cursor";
import { announceGroupNotices, noticeJoinRequest, noticeRequestAnswered } from "./group-notices";

/**
 * Join (spec: "a card per group with a Join button"). An open group takes the member at once;
 * an "ask to join" group records a pending request for its leaders. A full group refuses both
 * with 409. Under the group's row lock, so concurrent joins never take more seats than the
 * capacity (decision 0107). Joining again, or asking again while a request waits, changes nothing.
 * A new request tells the group's leaders (group-notices.ts), in the same transaction.
 */
export async function joinGroup(deps: Deps, user: AuthUser, id: string): Promise<AdminGroup> {
  const now = deps.now();
  let notified = 0;
  const answer = await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group || group.archivedAt) throw notFound(GROUP_TEXT.notFound);
    const [already] = await tx.select().from(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
    if (!already) {
      const [waiting] = await tx
        .select({ id: groupJoinRequests.id })
        .from(groupJoinRequests)
        .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, user.id), eq(groupJoinRequests.status, "pending")));
      if (!waiting) {
        if (group.capacity !== null && (await countMembers(tx, id)) >= group.capacity) throw conflict(GROUPS_TEXT.full);
        if (group.joinPolicy === "ask") {
          const [request] = await tx
            .insert(groupJoinRequests)
            .values({ groupId: id, userId: user.id, createdAt: now })
            .onConflictDoNothing()
            .returning({ id: groupJoinRequests.id });
          if (request) notified = await noticeJoinRequest(tx, group, request.id, user.id, now);
        } else await tx.insert(groupMembers).values({ groupId: id, userId: user.id, joinedAt: now }).onConflictDoNothing();
        await syncGroupCounts(tx, [id]);
      }
    }
    return (await loadGroup(tx, user.id, id))!;
  });
  await announceGroupNotices(deps.bus, "groupJoinRequest", notified);
  return answer;
}

/**
 * Leave (POST /api/groups/:id/leave): the membership ends (a leader stops leading), or a pending
 * request is withdrawn. The request stays on record as withdrawn. Leaving a group one is not in
 * changes nothing.
 */
export async function leaveGroup(deps: Deps, user: AuthUser, id: string): Promise<AdminGroup> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group || group.archivedAt) throw notFound(GROUP_TEXT.notFound);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
    await tx
      .update(groupJoinRequests)
      .set({ status: "withdrawn", decidedAt: now, decidedBy: user.id })
      .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, user.id), eq(groupJoinRequests.status, "pending")));
    await syncGroupCounts(tx, [id]);
    return (await loadGroup(tx, user.id, id))!;
  });
}

/**
 * Who may see a group's roster and decide its requests: staff (any group, archived ones too) and
 * the group's own leaders (a live group). Anyone else: 403, or 404 for a group they cannot see.
 */
async function groupForLeader(deps: Deps, user: AuthUser, id: string) {
  const staff = isStaff(user.role);
  const group = await loadGroup(deps.db, user.id, id, staff);
  if (!group) throw notFound(GROUP_TEXT.notFound);
  if (!staff && group.myStatus !== "leader") throw forbidden(GROUPS_TEXT.rosterForbidden);
  return group;
}

type RosterMember = GroupRoster["members"][number];

/** The group as the asker sees it, and, for its leaders and staff only, a page of its members and (first page) its requests. */
interface RosterRow extends GroupRow {
  members: RosterMember[] | string | null;
  requests: GroupRoster["requests"] | string | null;
}
const p = (name: string) => sql.placeholder(name);
const may = sql`(${p("staff")}::boolean or me.is_leader)`;
const rank = sql`(case when m.is_leader then 0 else 1 end)`;

/**
 * A roster page in one statement (issue 23): the group with the asker's status (what the role
 * check needs), and only when the asker may see it (staff, or the group's leader: `may`), the
 * page of members after the key (leaders first, then first name, last name, id; the first page
 * starts before every key) and, on the first page, the pending requests, oldest first, each as
 * the answer's JSON. An archived group is found for staff only. Built and planned once.
 */
const rosterPage = preparedSql<RosterRow>(
  "groups.roster",
  groupSelect(
    sql`${p("viewer")}::uuid`,
    sql`g.id = ${p("id")}::uuid and (g.archived_at is null or ${p("staff")}::boolean)`,
    sql``,
    sql`,
        case when ${may} then (
          select coalesce(json_agg(json_build_object('userId', x.user_id, 'firstName', x.first_name, 'lastName', x.last_name, 'email', x.email, 'isLeader', x.is_leader, 'joinedAt', x.at)
            order by x.rank, x.first_name, x.last_name, x.user_id), '[]'::json)
          from (
            select ${rank} as rank, u.id as user_id, u.first_name, u.last_name, u.email, m.is_leader,
              to_char(m.joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
            from group_members m join users u on u.id = m.user_id
            where m.group_id = g.id and (${rank}, u.first_name, u.last_name, u.id) > (${p("rank")}::int, ${p("first")}::text, ${p("last")}::text, ${p("after")}::uuid)
            order by ${rank}, u.first_name, u.last_name, u.id
            limit ${p("limit")}) x) end as members,
        case when ${may} and ${p("withRequests")}::boolean then (
          select coalesce(json_agg(json_build_object('userId', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email,
              'requestedAt', to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by q.created_at, q.id), '[]'::json)
          from group_join_requests q join users u on u.id = q.user_id
          where q.group_id = g.id and q.status = 'pending') end as requests`,
  ),
);

const jsonArray = <T>(v: T[] | string | null): T[] => (v === null ? [] : typeof v === "string" ? (JSON.parse(v) as T[]) : v);

/**
 * A page of the roster (name and email; the app keeps no phone numbers): leaders first, then by
 * first name, last name and id, `limit` at a time after `cursor` (the previous page's
 * `nextCursor`, decision 0125). The first page also carries the pending requests, oldest first.
 * Who may see it: staff (any group, archived ones too) and the group's own leaders (a live
 * group); anyone else gets 403, or 404 for a group they cannot see.
 */
export async function getRoster(deps: Deps, user: AuthUser, id: string, page: { cursor?: string; limit: number } = { limit: GROUP_ROSTER_PAGE_SIZE }): Promise<GroupRoster> {
  const after = page.cursor ? readRosterCursor(page.cursor) : null;
  const staff = isStaff(user.role);
  const [row] = await rosterPage(deps.db, {
    viewer: user.id,
    id,
    staff,
    rank: after?.[0] ?? -1,
    first: after?.[1] ?? "",
    last: after?.[2] ?? "",
    after: after?.[3] ?? "00000000-0000-0000-0000-000000000000",
    limit: page.limit + 1,
    withRequests: !after,
  });
  if (!row) throw notFound(GROUP_TEXT.notFound);
  const group = toGroup(row, staff);
  if (!staff && group.myStatus !== "leader") throw forbidden(GROUPS_TEXT.rosterForbidden);
  const members = jsonArray(row.members);
  const shown = members.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    group,
    members: shown,
    requests: jsonArray(row.requests),
    nextCursor: members.length > page.limit && last ? writeCursor([last.isLeader ? 0 : 1, last.firstName, last.lastName, last.userId]) : null,
  };
}

/**
 * A leader (or staff) approves or declines a pending request. Approving takes a seat under the
 * group's lock: a group that filled up meanwhile refuses with 409 and the request stays pending.
 * The member is told the answer (group-notices.ts), in the same transaction. Answers with the
 * updated roster.
 */
export async function decideRequest(deps: Deps, user: AuthUser, id: string, memberId: string, action: "approve" | "decline"): Promise<GroupRoster> {
  await groupForLeader(deps, user, id);
  const now = deps.now();
  const notified = await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group) throw notFound(GROUP_TEXT.notFound);
    const [request] = await tx
      .select({ id: groupJoinRequests.id })
      .from(groupJoinRequests)
      .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, memberId), eq(groupJoinRequests.status, "pending")))
      .for("update");
    if (!request) throw notFound(GROUPS_TEXT.requestNotFound);
    if (action === "approve") {
      if (group.capacity !== null && (await countMembers(tx, id)) >= group.capacity) throw conflict(GROUPS_TEXT.full);
      await tx.insert(groupMembers).values({ groupId: id, userId: memberId, joinedAt: now }).onConflictDoNothing();
    }
    await tx
      .update(groupJoinRequests)
      .set({ status: action === "approve" ? "approved" : "declined", decidedAt: now, decidedBy: user.id })
      .where(eq(groupJoinRequests.id, request.id));
    await syncGroupCounts(tx, [id]);
    return noticeRequestAnswered(tx, group.name, request.id, memberId, action === "approve", now);
  });
  await announceGroupNotices(deps.bus, "groupRequestAnswered", notified);
  return getRoster(deps, user, id);
}
