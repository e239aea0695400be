import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { groupJoinRequests, groupMembers } from "../../db/schema/connect";
import type { AuthUser } from "../../http/auth";
import { conflict, forbidden, notFound } from "../../http/app-error";
import { isStaff } from "../../../contract/roles";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { GROUP_ROSTER_PAGE_SIZE, GROUPS_TEXT, type AdminGroup, type GroupRoster } from "../../../contract/groups";
import { syncGroupCounts } from "../../shared/group-counts";
import { countMembers, loadGroup, lockGroup } from "./group-view";
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

/** A roster row: a member (kind 0, `at` joined) or a pending request (kind 1, `at` asked). */
interface RosterRow {
  kind: 0 | 1;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_leader: boolean;
  at: string;
}
const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const isoOf = (column: ReturnType<typeof sql.raw>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the roster (name and email; the app keeps no phone numbers): leaders first, then by
 * first name, last name and id, `limit` at a time after `cursor` (the previous page's
 * `nextCursor`, decision 0125). The first page also carries the pending requests, oldest first:
 * members and requests in one statement, after the role check.
 */
export async function getRoster(deps: Deps, user: AuthUser, id: string, page: { cursor?: string; limit: number } = { limit: GROUP_ROSTER_PAGE_SIZE }): Promise<GroupRoster> {
  const after = page.cursor ? readRosterCursor(page.cursor) : null;
  const group = await groupForLeader(deps, user, id);
  const rank = sql`(case when m.is_leader then 0 else 1 end)`;
  const requests = sql`
    union all
    (select 1, u.id, u.first_name, u.last_name, u.email, false, ${isoOf(sql.raw("r.created_at"))}, row_number() over (order by r.created_at, r.id)
     from group_join_requests r join users u on u.id = r.user_id
     where r.group_id = ${id}::uuid and r.status = 'pending')`;
  const rows = rowsOf<RosterRow>(
    await deps.db.execute(sql`
      select kind, user_id, first_name, last_name, email, is_leader, at from (
        (select 0 as kind, u.id as user_id, u.first_name, u.last_name, u.email, m.is_leader, ${isoOf(sql.raw("m.joined_at"))} as at,
           row_number() over (order by ${rank}, u.first_name, u.last_name, u.id) as ord
         from group_members m join users u on u.id = m.user_id
         where m.group_id = ${id}::uuid
           ${after ? sql`and (${rank}, u.first_name, u.last_name, u.id) > (${after[0]}::int, ${after[1]}, ${after[2]}, ${after[3]}::uuid)` : sql``}
         order by ${rank}, u.first_name, u.last_name, u.id
         limit ${page.limit + 1})
        ${after ? sql`` : requests}
      ) roster
      order by kind, ord`),
  );
  const members = rows.filter((r) => Number(r.kind) === 0);
  const shown = members.slice(0, page.limit);
  const last = shown[shown.length - 1];
  return {
    group,
    members: shown.map((m) => ({ userId: m.user_id, firstName: m.first_name, lastName: m.last_name, email: m.email, isLeader: m.is_leader, joinedAt: m.at })),
    requests: rows
      .filter((r) => Number(r.kind) === 1)
      .map((r) => ({ userId: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email, requestedAt: r.at })),
    nextCursor: members.length > page.limit && last ? writeCursor([last.is_leader ? 0 : 1, last.first_name, last.last_name, last.user_id]) : null,
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
