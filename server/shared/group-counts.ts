/**
 * A small group's kept counts (decision 0125): `small_groups.member_count` (its group_members
 * rows, leaders included) and `pending_count` (its pending join requests), read by every group
 * list instead of counting. The one function that writes them: every change to who is in a
 * group or asks to be (join, ask, leave, withdraw, approve, decline, naming leaders, account
 * deletion, archiving) calls it in its own transaction, after the change and under the group's
 * row lock that every such change takes first (decision 0107), so two changes never interleave
 * and the counts are a fresh count of the rows at each commit. It recounts rather than adding
 * one, so a caller cannot get the arithmetic wrong, and costs one index range of the group.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";

export interface GroupCounts {
  memberCount: number;
  pendingCount: number;
}

/** Recounts the groups' members and pending requests into their rows; returns the counts by group id. */
export async function syncGroupCounts(tx: Tx | Db, groupIds: string[]): Promise<Map<string, GroupCounts>> {
  const counts = new Map<string, GroupCounts>();
  if (!groupIds.length) return counts;
  const ids = sql.join(
    [...new Set(groupIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update small_groups g set
      member_count = (select count(*) from group_members m where m.group_id = g.id),
      pending_count = (select count(*) from group_join_requests r where r.group_id = g.id and r.status = 'pending')
    where g.id in (${ids})
    returning g.id, g.member_count, g.pending_count`);
  for (const r of (result as unknown as { rows: { id: string; member_count: number; pending_count: number }[] }).rows) {
    counts.set(r.id, { memberCount: Number(r.member_count), pendingCount: Number(r.pending_count) });
  }
  return counts;
}

/** The kept counts of every group, recounted: for the seeds, which write memberships in bulk. */
export async function syncAllGroupCounts(db: Tx | Db) {
  await db.execute(sql`
    update small_groups g set
      member_count = (select count(*) from group_members m where m.group_id = g.id),
      pending_count = (select count(*) from group_join_requests r where r.group_id = g.id and r.status = 'pending')`);
}
