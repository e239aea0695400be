import { desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pollVotes, polls } from "../../db/schema/services";
import { testimonies } from "../../db/schema/testimonies";
import { prayerRequests } from "../../db/schema/prayer";
import { ACTIVITY_LIMIT, type ActivityItem } from "../../../contract/admin";

/**
 * The Dashboard's Recent Activity (spec section 2): the latest real events of the spec's three
 * kinds, merged newest first. Each source returns its own latest ACTIVITY_LIMIT items.
 * Extension point: another kind of activity is one more source function in this list.
 * Details never name a member: the list is about what happened, not who.
 */
export const ACTIVITY_SOURCES: ((db: Db, limit: number) => Promise<ActivityItem[]>)[] = [
  async (db, limit) => {
    const rows = await db
      .select({ id: prayerRequests.id, title: prayerRequests.title, createdAt: prayerRequests.createdAt })
      .from(prayerRequests)
      .where(isNull(prayerRequests.hiddenAt))
      .orderBy(desc(prayerRequests.createdAt))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, kind: "prayer" as const, detail: r.title, createdAt: r.createdAt.toISOString() }));
  },
  async (db, limit) => {
    const rows = await db
      .select({ id: pollVotes.id, question: polls.question, options: polls.options, optionIndex: pollVotes.optionIndex, createdAt: pollVotes.createdAt })
      .from(pollVotes)
      .innerJoin(polls, eq(polls.id, pollVotes.pollId))
      .orderBy(desc(pollVotes.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      kind: "poll-vote" as const,
      detail: `${r.question} → ${r.options[r.optionIndex] ?? ""}`,
      createdAt: r.createdAt.toISOString(),
    }));
  },
  async (db, limit) => {
    const rows = await db
      .select({ id: testimonies.id, text: testimonies.text, createdAt: testimonies.createdAt })
      .from(testimonies)
      .orderBy(desc(testimonies.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      kind: "testimony" as const,
      detail: r.text.length > 80 ? `${r.text.slice(0, 80)}...` : r.text,
      createdAt: r.createdAt.toISOString(),
    }));
  },
];

export async function getRecentActivity(db: Db, limit = ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  const all = (await Promise.all(ACTIVITY_SOURCES.map((s) => s(db, limit)))).flat();
  return all.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
}
