import { and, asc, desc, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { groupJoinRequests, groupMembers } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import type { AuthUser } from "../../http/auth";
import { conflict, forbidden, notFound } from "../../http/app-error";
import { isStaff } from "../../../contract/roles";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { GROUPS_TEXT, type AdminGroup, type GroupRoster } from "../../../contract/groups";
import { countMembers, loadGroup, lockGroup } from "./group-view";
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

/** The roster (name and email; the app keeps no phone numbers) and the pending requests, oldest first. */
export async function getRoster(deps: Deps, user: AuthUser, id: string): Promise<GroupRoster> {
  const group = await groupForLeader(deps, user, id);
  const members = await deps.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, isLeader: groupMembers.isLeader, joinedAt: groupMembers.joinedAt })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, id))
    .orderBy(desc(groupMembers.isLeader), asc(users.firstName), asc(users.lastName));
  const requests = await deps.db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, requestedAt: groupJoinRequests.createdAt })
    .from(groupJoinRequests)
    .innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.status, "pending")))
    .orderBy(asc(groupJoinRequests.createdAt));
  return {
    group,
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    requests: requests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
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
    return noticeRequestAnswered(tx, group.name, request.id, memberId, action === "approve", now);
  });
  await announceGroupNotices(deps.bus, "groupRequestAnswered", notified);
  return getRoster(deps, user, id);
}
