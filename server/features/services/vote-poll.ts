import type { Deps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { SERVICES_TEXT, type PollResults } from "../../../contract/services";
import type { LiveState } from "./live-state";
import { resultsFor } from "./get-poll-results";
import type { VoteBatch } from "./vote-batch";

/**
 * One vote per member per poll, final. Decision: a second vote (same or another option) is
 * refused with 409 "You have already voted in this poll" rather than changing the vote, so the
 * live results only ever grow, a tally shown on the big screen never jumps backwards, and
 * "one member, one vote" is enforced by the unique index poll_votes_one_per_member alone
 * (insert ... on conflict do nothing): exact under any concurrency, with no read-then-write race.
 *
 * The vote is written with the votes that arrive beside it, one statement and one commit for
 * them all (vote-batch.ts, decision 0127), and answered after that commit. The statement
 * share-locks the poll row (so a vote cannot slip in after staff close it), inserts only into an
 * open poll with a valid option, and says per vote which refusal applies. The results it
 * answers with come from the live service's shared snapshot, with this vote counted into it
 * (live-state.ts, voteRecorded); only a poll that is not an open poll of the live service has
 * its votes counted here. Counting the poll's votes in every vote's statement made a
 * 5,000-member burst cost O(n²) (bench/README.md, Poll burst).
 */
export async function votePoll(deps: Deps, live: LiveState, votes: VoteBatch, pollId: string, userId: string, optionIndex: number): Promise<PollResults> {
  const outcome = await votes.cast(pollId, userId, optionIndex);
  if (outcome.kind === "notFound") throw notFound(SERVICES_TEXT.pollNotFound);
  if (outcome.kind === "closed") throw conflict(SERVICES_TEXT.pollClosed);
  if (outcome.kind === "badOption") throw badRequest("body.optionIndex", SERVICES_TEXT.badOption);
  if (outcome.kind === "already") throw conflict(SERVICES_TEXT.alreadyVoted);
  const results = live.voteRecorded(pollId, userId, optionIndex);
  await live.publishVote(pollId);
  return results ?? (await resultsFor(deps.db, [{ id: pollId, options: outcome.options }], userId)).get(pollId)!;
}
