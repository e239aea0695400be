/**
 * A small group's kept values (decisions 0125, 0141): `small_groups.member_count` (its
 * group_members rows, leaders included), `pending_count` (its pending join requests) and
 * `leaders` (its leaders as every group answer lists them: id, first and last name, by name, as
 * the JSON PostgreSQL writes), read by every group list instead of counting and joining. The one
 * function that writes them: every change to who is in a group or asks to be (join, ask, leave,
 * withdraw, approve, decline, naming leaders, account deletion, archiving) calls it in its own
 * transaction, after the change and under the group's row lock that every such change takes
 * first (decision 0107), so two changes never interleave and the values are a fresh read of the
 * rows at each commit. It recounts rather than adding one, so a caller cannot get the
 * arithmetic wrong, and costs one index range of the group.
 *
 * A leader's name is the other input of `leaders`: a member's new name is written through
 * `renameKeepingLeaders`, which rewrites the groups they lead in the same transaction. The two
 * meet on the users row: a sync takes FOR KEY SHARE on the group's leaders before it reads their
 * names, a rename takes FOR UPDATE on the member before it changes the name (after the locks of
 * the groups they lead: groups first, then people, on both sides, so neither waits for the other
 * in a circle; the rename's first FOR NO KEY UPDATE on its own row conflicts with no KEY SHARE).
 * Whichever commits second reads what the first wrote.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows";

export interface GroupCounts {
  memberCount: number;
  pendingCount: number;
}

/** The leaders of group `g` as the answers list them: a JSON array, by first name, last name (and id, so equal names keep one order). */
export const leadersJson = sql`coalesce((
        select json_agg(leader) from (
          select u.id, u.first_name as "firstName", u.last_name as "lastName"
          from group_members l join users u on u.id = l.user_id
          where l.group_id = g.id and l.is_leader
          order by u.first_name, u.last_name, u.id) leader), '[]'::json)`;

const idList = (ids: string[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Recounts the groups' members and pending requests, and lists their leaders, into their rows; returns the counts by group id. */
export async function syncGroupCounts(tx: Tx | Db, groupIds: string[]): Promise<Map<string, GroupCounts>> {
  const counts = new Map<string, GroupCounts>();
  if (!groupIds.length) return counts;
  const ids = idList(groupIds);
  // The leaders' users rows, so a rename in flight commits before their names are read, or waits for this.
  await tx.execute(sql`
    select u.id from group_members l join users u on u.id = l.user_id
    where l.group_id in (${ids}) and l.is_leader order by u.id for key share of u`);
  const result = await tx.execute(sql`
    update small_groups g set
      member_count = (select count(*) from group_members m where m.group_id = g.id),
      pending_count = (select count(*) from group_join_requests r where r.group_id = g.id and r.status = 'pending'),
      leaders = ${leadersJson}
    where g.id in (${ids})
    returning g.id, g.member_count, g.pending_count`);
  for (const r of rowsOf<{ id: string; member_count: number; pending_count: number }>(result)) {
    counts.set(r.id, { memberCount: Number(r.member_count), pendingCount: Number(r.pending_count) });
  }
  return counts;
}

/** The kept values of every group, made fresh: for the seeds, which write memberships in bulk. */
export async function syncAllGroupCounts(db: Tx | Db) {
  await db.execute(sql`
    update small_groups g set
      member_count = (select count(*) from group_members m where m.group_id = g.id),
      pending_count = (select count(*) from group_join_requests r where r.group_id = g.id and r.status = 'pending'),
      leaders = ${leadersJson}`);
}

const ledBy = (userId: string) => sql`select group_id from group_members where user_id = ${userId}::uuid and is_leader`;
class LeadershipMoved extends Error {}

/**
 * Changes a member's name (`rename`, a statement on their users row run in the transaction) and
 * the kept `leaders` of every group they lead, in one transaction: the member's row is taken
 * FOR NO KEY UPDATE (the lock their account's deletion takes first), then the groups they lead
 * are locked, in id order (as every multi-group change locks them), then the member's row
 * FOR UPDATE, which waits for any group change that has already read their name (it holds
 * FOR KEY SHARE) and makes any later one wait for this commit. If such a change made them a
 * leader of another group meanwhile, that group was not locked first: the transaction is rolled
 * back and run again (its last try locks the group where it stands).
 */
export async function renameKeepingLeaders(db: Db, userId: string, rename: (tx: Tx) => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // The member's own row first, FOR NO KEY UPDATE, as their account's deletion takes it
        // before the groups it leaves: the two then queue here instead of each holding what the
        // other waits for. It lets group changes' FOR KEY SHARE through (no circle with them).
        await tx.execute(sql`select 1 from users where id = ${userId}::uuid for no key update`);
        const locked = rowsOf<{ id: string }>(await tx.execute(sql`select g.id from small_groups g where g.id in (${ledBy(userId)}) order by g.id for update of g`)).map((r) => r.id);
        await tx.execute(sql`select 1 from users where id = ${userId}::uuid for update`);
        await rename(tx);
        const leading = rowsOf<{ group_id: string }>(await tx.execute(ledBy(userId))).map((r) => r.group_id);
        const moved = leading.filter((id) => !locked.includes(id)).sort();
        if (moved.length && attempt < 3) throw new LeadershipMoved();
        if (moved.length) await tx.execute(sql`select g.id from small_groups g where g.id in (${idList(moved)}) order by g.id for update of g`);
        await rewriteLeaders(tx, [...locked, ...moved]);
      });
    } catch (err) {
      if (!(err instanceof LeadershipMoved)) throw err;
    }
  }
}

async function rewriteLeaders(tx: Tx, groupIds: string[]) {
  if (!groupIds.length) return;
  await tx.execute(sql`update small_groups g set leaders = ${leadersJson} where g.id in (${idList(groupIds)})`);
}
