import { asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import type { Group } from "../../../contract/connect";

/** Small groups with their real member counts; `mineOnly` keeps the member's own groups. */
export async function listGroups(deps: Deps, user: AuthUser, opts: { mineOnly?: boolean; groupId?: string } = {}): Promise<Group[]> {
  const isMember = sql<boolean>`exists (select 1 from ${groupMembers} where ${groupMembers.groupId} = ${smallGroups.id} and ${groupMembers.userId} = ${user.id})`;
  const rows = await deps.db
    .select({
      id: smallGroups.id,
      name: smallGroups.name,
      description: smallGroups.description,
      meetingInfo: smallGroups.meetingInfo,
      memberCount: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${smallGroups.id})`,
    })
    .from(smallGroups)
    .where(opts.groupId ? eq(smallGroups.id, opts.groupId) : opts.mineOnly ? isMember : undefined)
    .orderBy(asc(smallGroups.name));
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}
