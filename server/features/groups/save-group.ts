import { and, eq, inArray, isNull, ne, notInArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { groupJoinRequests, groupMembers, smallGroups } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import type { AuthUser } from "../../http/auth";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { GROUPS_TEXT, type AdminGroup, type ZGroupChange, type ZNewGroup } from "../../../contract/groups";
import type { z } from "zod";
import { syncGroupCounts } from "../../shared/group-counts";
import { countMembers, loadGroup, lockGroup } from "./group-view";

type NewGroupData = z.output<typeof ZNewGroup>;
type GroupChangeData = z.output<typeof ZGroupChange>;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && (e.code === "23505" || isUniqueViolation(e.cause));
};

/**
 * Makes exactly `leaderIds` the group's leaders, under the group's lock: a named member who is
 * not in the group joins it (a seat, so a full group refuses with 409), a pending request of
 * theirs counts as approved; a former leader stays in the group as a member. Returns the
 * group's kept counts, synced (decision 0125).
 */
async function setLeaders(tx: Tx, staff: AuthUser, groupId: string, capacity: number | null, leaderIds: string[], now: Date) {
  const ids = [...new Set(leaderIds)];
  if (ids.length) {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (found.length !== ids.length) throw badRequest("body.leaderIds", GROUPS_TEXT.unknownLeader);
  }
  const current = await tx.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  const inGroup = new Set(current.map((m) => m.userId));
  const joining = ids.filter((id) => !inGroup.has(id));
  if (joining.length && capacity !== null && current.length + joining.length > capacity) throw conflict(GROUPS_TEXT.fullForLeaders);
  await tx
    .update(groupMembers)
    .set({ isLeader: false })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.isLeader, true), ids.length ? notInArray(groupMembers.userId, ids) : undefined));
  if (ids.length) {
    await tx.update(groupMembers).set({ isLeader: true }).where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.userId, ids)));
  }
  if (joining.length) {
    await tx.insert(groupMembers).values(joining.map((userId) => ({ groupId, userId, isLeader: true, joinedAt: now })));
    await tx
      .update(groupJoinRequests)
      .set({ status: "approved", decidedAt: now, decidedBy: staff.id })
      .where(and(eq(groupJoinRequests.groupId, groupId), inArray(groupJoinRequests.userId, joining), eq(groupJoinRequests.status, "pending")));
  }
  return (await syncGroupCounts(tx, [groupId])).get(groupId)!;
}

/** Staff create a group (and name its leaders) in one transaction. Names are unique, archived groups included. */
export async function createGroup(deps: Deps, staff: AuthUser, input: NewGroupData): Promise<AdminGroup> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(smallGroups)
        .values({
          name: input.name,
          description: input.description,
          meetingDay: input.meetingDay,
          meetingTime: input.meetingTime,
          meetingPlace: input.meetingPlace,
          meetingUrl: input.meetingUrl,
          capacity: input.capacity,
          joinPolicy: input.joinPolicy,
          createdBy: staff.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: smallGroups.name })
        .returning({ id: smallGroups.id });
      if (!row) throw conflict(GROUPS_TEXT.duplicateName);
      await setLeaders(tx, staff, row.id, input.capacity, input.leaderIds, now);
      return (await loadGroup(tx, staff.id, row.id, true))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(GROUPS_TEXT.duplicateName);
    throw err;
  }
}

/**
 * Staff change a group: only the fields sent. Capacity may not go below the members already in
 * the group (nobody is put out by a smaller number); under the group's lock, so a join at the
 * same moment is counted.
 */
export async function updateGroup(deps: Deps, staff: AuthUser, id: string, change: GroupChangeData): Promise<AdminGroup> {
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const group = await lockGroup(tx, id);
      if (!group) throw notFound(GROUP_TEXT.notFound);
      if (change.name !== undefined) {
        const [clash] = await tx.select({ id: smallGroups.id }).from(smallGroups).where(and(eq(smallGroups.name, change.name), ne(smallGroups.id, id)));
        if (clash) throw conflict(GROUPS_TEXT.duplicateName);
      }
      const capacity = change.capacity !== undefined ? change.capacity : group.capacity;
      const members = change.leaderIds !== undefined ? (await setLeaders(tx, staff, id, capacity, change.leaderIds, now)).memberCount : await countMembers(tx, id);
      if (capacity !== null && members > capacity) throw badRequest("body.capacity", GROUPS_TEXT.capacityBelowMembers);
      const { leaderIds: _leaders, ...fields } = change;
      await tx
        .update(smallGroups)
        .set({ ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)), updatedAt: now })
        .where(eq(smallGroups.id, id));
      return (await loadGroup(tx, staff.id, id, true))!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(GROUPS_TEXT.duplicateName);
    throw err;
  }
}

/**
 * Staff archive a group (DELETE): it leaves every member's list and can no longer be joined,
 * but nothing is deleted: its memberships, leaders and requests stay for the record. Archiving
 * again is a no-op.
 */
export async function archiveGroup(deps: Deps, staff: AuthUser, id: string): Promise<AdminGroup> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    if (!(await lockGroup(tx, id))) throw notFound(GROUP_TEXT.notFound);
    await tx.update(smallGroups).set({ archivedAt: now, updatedAt: now }).where(and(eq(smallGroups.id, id), isNull(smallGroups.archivedAt)));
    // Nobody leaves an archived group (its rows are its history); its counts are made fresh with the rest.
    await syncGroupCounts(tx, [id]);
    return (await loadGroup(tx, staff.id, id, true))!;
  });
}
