import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { SERVICES_TEXT, type PollResults } from "../../../contract/services";
import type { LiveState } from "./live-state";
import { resultsFor } from "./get-poll-results";

/**
 * One vote per member per poll, final. Decision: a second vote (same or another option) is
 * refused with 409 "You have already voted in this poll" rather than changing the vote, so the
 * live results only ever grow, a tally shown on the big screen never jumps backwards, and
 * "one member, one vote" is enforced by the unique index poll_votes_one_per_member alone
 * (insert ... on conflict do nothing): exact under any concurrency, with no read-then-write race.
 *
 * The vote is one statement: it share-locks the poll row (so a vote cannot slip in after staff
 * close it), inserts only into an open poll with a valid option, and the row it returns says
 * which refusal applies. The results it answers with come from the live service's shared
 * snapshot, with this vote counted into it (live-state.ts, voteRecorded); only a poll
 * that is not an open poll of the live service has its votes counted here. Counting the poll's
 * votes in every vote's statement made a 5,000-member burst cost O(n²) (bench/README.md, Poll
 * burst).
 */
export async function votePoll(deps: Deps, live: LiveState, pollId: string, userId: string, optionIndex: number): Promise<PollResults> {
  const res = (await deps.db.execute(sql`
    with p as (select id, options, is_open from polls where id = ${pollId} for share),
    ins as (
      insert into poll_votes (poll_id, user_id, option_index)
      select id, ${userId}, ${optionIndex} from p where is_open and ${optionIndex} < cardinality(options)
      on conflict do nothing
      returning id
    )
    select p.options, p.is_open, (select count(*)::int from ins) as inserted from p`)) as unknown as {
    rows: { options: string[] | string; is_open: boolean; inserted: number }[];
  };
  const [row] = res.rows;
  if (!row) throw notFound(SERVICES_TEXT.pollNotFound);
  if (!row.is_open) throw conflict(SERVICES_TEXT.pollClosed);
  const options = parseTextArray(row.options);
  if (optionIndex >= options.length) throw badRequest("body.optionIndex", SERVICES_TEXT.badOption);
  if (!Number(row.inserted)) throw conflict(SERVICES_TEXT.alreadyVoted);
  const results = live.voteRecorded(pollId, userId, optionIndex);
  await live.publishVote(pollId);
  return results ?? (await resultsFor(deps.db, [{ id: pollId, options }], userId)).get(pollId)!;
}

/** node-postgres parses text[]; a raw PGlite row may carry the array literal. */
function parseTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]));
}
