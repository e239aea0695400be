import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import type { AdminGroup, MyGroupStatus } from "../../../contract/groups";

/**
 * Groups as one member sees them: real member counts, whether the group is full, its leaders,
 * and the asker's own status (leader, member, a pending request, or none). Archived groups are
 * left out unless `includeArchived` (staff's Admin list, a staff roster). `staffView` gives the
 * pending count for every group; otherwise only the group's leaders get it.
 */
export async function loadGroups(
  db: Db | Tx,
  viewerId: string,
  opts: { ids?: string[]; mineOnly?: boolean; includeArchived?: boolean; staffView?: boolean } = {},
): Promise<AdminGroup[]> {
  // Written out with table names: inside a one-table select drizzle leaves columns unqualified,
  // and "id" in a subquery on group_join_requests would be that table's own id.
  const g = sql.raw(`"small_groups"."id"`);
  const memberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = ${g})`;
  const pendingCount = sql<number>`(select count(*)::int from group_join_requests r where r.group_id = ${g} and r.status = 'pending')`;
  const myStatus = sql<MyGroupStatus>`case
    when exists (select 1 from group_members gm where gm.group_id = ${g} and gm.user_id = ${viewerId} and gm.is_leader) then 'leader'
    when exists (select 1 from group_members gm where gm.group_id = ${g} and gm.user_id = ${viewerId}) then 'member'
    when exists (select 1 from group_join_requests r where r.group_id = ${g} and r.user_id = ${viewerId} and r.status = 'pending') then 'pending'
    else 'none' end`;
  const where: SQL[] = [];
  if (!opts.includeArchived) where.push(isNull(smallGroups.archivedAt));
  if (opts.ids) {
    if (!opts.ids.length) return [];
    where.push(inArray(smallGroups.id, opts.ids));
  }
  if (opts.mineOnly) where.push(sql`exists (select 1 from group_members gm where gm.group_id = ${g} and gm.user_id = ${viewerId})`);
  const rows = await db
    .select({
      id: smallGroups.id,
      name: smallGroups.name,
      description: smallGroups.description,
      meetingDay: smallGroups.meetingDay,
      meetingTime: smallGroups.meetingTime,
      meetingPlace: smallGroups.meetingPlace,
      meetingUrl: smallGroups.meetingUrl,
      capacity: smallGroups.capacity,
      joinPolicy: smallGroups.joinPolicy,
      archivedAt: smallGroups.archivedAt,
      memberCount,
      pendingCount,
      myStatus,
    })
    .from(smallGroups)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(smallGroups.name));
  if (!rows.length) return [];
  const leaders = await db
    .select({ groupId: groupMembers.groupId, id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.isLeader, true), inArray(groupMembers.groupId, rows.map((r) => r.id))))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => {
    const count = Number(r.memberCount);
    return {
      ...r,
      memberCount: count,
      // Only a leader (or staff, who see every group's Admin row) is told how many wait.
      pendingCount: opts.staffView || r.myStatus === "leader" ? Number(r.pendingCount) : null,
      isFull: r.capacity !== null && count >= r.capacity,
      archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
      leaders: leaders.filter((l) => l.groupId === r.id).map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
    };
  });
}

/** One group as the member sees it, or undefined (unknown or archived). */
export async function loadGroup(db: Db | Tx, viewerId: string, id: string, staffView = false): Promise<AdminGroup | undefined> {
  const [group] = await loadGroups(db, viewerId, { ids: [id], includeArchived: staffView, staffView });
  return group;
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

/** Members in the group now (leaders included), read under the group's lock. */
export async function countMembers(tx: Tx, groupId: string) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return Number(row?.n ?? 0);
}
