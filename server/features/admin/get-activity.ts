import { desc, eq, isNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { pollVotes, polls } from "../../db/schema/services";
import { testimonies } from "../../db/schema/testimonies";
import { prayerRequests } from "../../db/schema/prayer";
import { ACTIVITY_LIMIT, type ActivityItem, type ActivityKind } from "../../../contract/admin";

/** A testimony's detail: its first 80 characters (UTF-16 units, as JavaScript counts them), then "...". */
const TESTIMONY_DETAIL = 80;

/**
 * The Dashboard's Recent Activity (spec section 2): the latest real events of the spec's three
 * kinds, merged newest first. Each kind is read on its own index for its newest `limit`
 * (prayer_requests_created_idx, poll_votes_created_idx, testimonies_created_idx), and the three
 * are merged and cut by PostgreSQL in one statement built once (db/prepared.ts; issue 23: before,
 * three statements on three pooled connections, the testimonies sorted whole, and a sort in JS).
 * Extension point: another kind of activity is one more branch of this union.
 * Details never name a member: the list is about what happened, not who.
 */
const recentActivity = prepared("admin.activity", (db) =>
  unionAll(
    db
      .select({ id: prayerRequests.id, kind: sql<ActivityKind>`'prayer'`.as("kind"), detail: sql<string>`${prayerRequests.title}`.as("detail"), createdAt: prayerRequests.createdAt })
      .from(prayerRequests)
      .where(isNull(prayerRequests.hiddenAt))
      .orderBy(desc(prayerRequests.createdAt))
      .limit(sql.placeholder("limit")),
    db
      .select({
        id: pollVotes.id,
        kind: sql<ActivityKind>`'poll-vote'`.as("kind"),
        // The option's text as JavaScript's options[i] ?? "" gave it (PostgreSQL's arrays count from 1).
        detail: sql<string>`${polls.question} || ' → ' || coalesce(${polls.options}[${pollVotes.optionIndex} + 1], '')`.as("detail"),
        createdAt: pollVotes.createdAt,
      })
      .from(pollVotes)
      .innerJoin(polls, eq(polls.id, pollVotes.pollId))
      .orderBy(desc(pollVotes.createdAt))
      .limit(sql.placeholder("limit")),
    db
      .select({
        id: testimonies.id,
        kind: sql<ActivityKind>`'testimony'`.as("kind"),
        // One character more than the detail shows: enough to know it was cut (see toItem), never the whole text.
        detail: sql<string>`left(${testimonies.text}, ${TESTIMONY_DETAIL + 1})`.as("detail"),
        createdAt: testimonies.createdAt,
      })
      .from(testimonies)
      .orderBy(desc(testimonies.createdAt))
      .limit(sql.placeholder("limit")),
  )
    .orderBy(desc(sql.identifier("created_at")))
    .limit(sql.placeholder("limit")),
);

/**
 * A testimony's first 81 code points hold at least its first 80 UTF-16 units, so cutting them
 * here is what cutting the whole text gave.
 */
const toItem = (r: { id: string; kind: ActivityKind; detail: string; createdAt: Date | string }): ActivityItem => ({
  id: r.id,
  kind: r.kind,
  detail: r.kind === "testimony" && r.detail.length > TESTIMONY_DETAIL ? `${r.detail.slice(0, TESTIMONY_DETAIL)}...` : r.detail,
  // A set operation's rows come back as the driver gives them (drizzle maps only a plain select's columns).
  createdAt: (r.createdAt instanceof Date ? r.createdAt : new Date(r.createdAt)).toISOString(),
});

export async function getRecentActivity(db: Db, limit = ACTIVITY_LIMIT): Promise<ActivityItem[]> {
  return (await recentActivity(db, { limit })).map(toItem);
}
