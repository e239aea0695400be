import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../deps";
import type { LiveState } from "./live-state";
import { pollVotes, polls } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type PollResults } from "../../../contract/services";

/**
 * Counts per option, counted from the votes themselves (one row per member, by a unique
 * index), so they are exact however many members vote at once. One query gives the counts and
 * the member's own vote (bool_or over the option's rows), read from the poll_votes_tally index.
 */
export async function resultsFor(db: Db, list: { id: string; options: string[] }[], userId: string): Promise<Map<string, PollResults>> {
  const ids = list.map((p) => p.id);
  const out = new Map<string, PollResults>();
  if (!ids.length) return out;
  const counts = await db
    .select({
      pollId: pollVotes.pollId,
      optionIndex: pollVotes.optionIndex,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${pollVotes.userId} = ${userId})`,
    })
    .from(pollVotes)
    .where(inArray(pollVotes.pollId, ids))
    .groupBy(pollVotes.pollId, pollVotes.optionIndex);
  for (const p of list) {
    const perOption = p.options.map((_, i) => counts.find((c) => c.pollId === p.id && c.optionIndex === i)?.n ?? 0);
    out.set(p.id, {
      pollId: p.id,
      counts: perOption,
      total: perOption.reduce((a, b) => a + b, 0),
      myVote: counts.find((c) => c.pollId === p.id && c.mine)?.optionIndex ?? null,
    });
  }
  return out;
}

/**
 * GET /api/polls/{pollId}/results, refetched by every open screen after a poll-vote event: an
 * open poll of the live service is answered from its shared snapshot (refreshed by that very
 * event), so a congregation watching a poll costs one count per event, not one per member.
 * Any other poll (closed, or of another service) is counted from its votes.
 */
export async function getPollResults(deps: Deps, live: LiveState, pollId: string, userId: string): Promise<PollResults> {
  const fromSnapshot = await live.results(pollId, userId);
  if (fromSnapshot) return fromSnapshot;
  const [poll] = await deps.db.select({ id: polls.id, options: polls.options }).from(polls).where(eq(polls.id, pollId));
  if (!poll) throw notFound(SERVICES_TEXT.pollNotFound);
  return (await resultsFor(deps.db, [poll], userId)).get(poll.id)!;
}
