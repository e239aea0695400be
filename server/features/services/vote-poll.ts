import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { pollVotes, polls } from "../../db/schema/services";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { SERVICES_TEXT, type PollResults } from "../../../contract/services";
import { getPollResults } from "./get-poll-results";

/**
 * One vote per member per poll, final. Decision: a second vote (same or another option) is
 * refused with 409 "You have already voted in this poll" rather than changing the vote, so the
 * live results only ever grow, a tally shown on the big screen never jumps backwards, and
 * "one member, one vote" is enforced by the unique index poll_votes_one_per_member alone
 * (insert ... on conflict do nothing): exact under any concurrency, with no read-then-write race.
 * The poll row is share-locked while voting, so a vote cannot slip in after staff close it.
 */
export async function votePoll(deps: Deps, pollId: string, userId: string, optionIndex: number): Promise<PollResults> {
  await deps.db.transaction(async (tx) => {
    const [poll] = await tx.select().from(polls).where(eq(polls.id, pollId)).for("share");
    if (!poll) throw notFound(SERVICES_TEXT.pollNotFound);
    if (!poll.isOpen) throw conflict(SERVICES_TEXT.pollClosed);
    if (optionIndex >= poll.options.length) throw badRequest("body.optionIndex", SERVICES_TEXT.badOption);
    const inserted = await tx.insert(pollVotes).values({ pollId, userId, optionIndex }).onConflictDoNothing().returning({ id: pollVotes.id });
    if (!inserted.length) throw conflict(SERVICES_TEXT.alreadyVoted);
  });
  await deps.bus.publish("poll-vote", { pollId });
  return getPollResults(deps.db, pollId, userId);
}
