import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { pollVotes, polls, questions, services } from "../../db/schema/services";
import type { AuthUser } from "../../http/auth";
import { sharedRead } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import type { LiveService } from "../../../contract/services";
import { toPoll, toQuestion, toService } from "./views";

export const LIVE_QUESTIONS_LIMIT = 50;

interface LiveShared {
  service: typeof services.$inferSelect;
  polls: (typeof polls.$inferSelect)[];
  /** Votes per option of each open poll. */
  counts: Map<string, number[]>;
  /** Each member's votes in the open polls: member id -> poll id -> option. */
  votesBy: Map<string, Map<string, number>>;
  questions: (typeof questions.$inferSelect)[];
}

/**
 * The part every member sees alike (the service, its open polls with their counts, the approved
 * questions) is read once and shared (server/http/shared-read.ts); the events below refresh it
 * on every instance, and `liveServiceChanged` at once on the instance that wrote. The same load
 * reads the open polls' votes (one row per voter, on the poll's index) and counts them, so a
 * member's own vote is looked up in memory: after a poll event thousands of members refetch for
 * the cost of one load.
 */
const liveRead = (deps: Deps) =>
  sharedRead<LiveShared | null>(deps, "live-service", ["service-status", "new-poll", "poll-closed", "poll-vote", "question-approved"]);

/** Called by every write that changes what GET /api/services/live shows. */
export const liveServiceChanged = (deps: Deps) => liveRead(deps).invalidate();

async function loadShared(db: Db): Promise<LiveShared | null> {
  const [row] = await db.select().from(services).where(eq(services.isLive, true)).limit(1);
  if (!row) return null;
  // Polls (then their counts) and questions side by side: two round trips after the service.
  const pollsWithCounts = db
    .select()
    .from(polls)
    .where(and(eq(polls.serviceId, row.id), eq(polls.isOpen, true)))
    .orderBy(asc(polls.createdAt))
    .then(async (list) => {
      const counts = new Map(list.map((p) => [p.id, p.options.map(() => 0)]));
      const votesBy = new Map<string, Map<string, number>>();
      if (list.length) {
        const rows = await db
          .select({ pollId: pollVotes.pollId, userId: pollVotes.userId, optionIndex: pollVotes.optionIndex })
          .from(pollVotes)
          .where(inArray(pollVotes.pollId, list.map((p) => p.id)));
        for (const r of rows) {
          const perOption = counts.get(r.pollId);
          if (perOption && r.optionIndex < perOption.length) perOption[r.optionIndex] += 1;
          let mine = votesBy.get(r.userId);
          if (!mine) votesBy.set(r.userId, (mine = new Map()));
          mine.set(r.pollId, r.optionIndex);
        }
      }
      return { list, counts, votesBy };
    });
  const approved = db
    .select()
    .from(questions)
    .where(and(eq(questions.serviceId, row.id), eq(questions.isApproved, true)))
    .orderBy(desc(questions.createdAt))
    .limit(LIVE_QUESTIONS_LIMIT);
  const [{ list, counts, votesBy }, qs] = await Promise.all([pollsWithCounts, approved]);
  return { service: row, polls: list, counts, votesBy, questions: qs };
}

/** The live service with its open polls (results and the asker's own vote) and approved questions, or null. */
export async function getLiveService(deps: Deps, user: AuthUser): Promise<LiveService> {
  const shared = await liveRead(deps).get(() => loadShared(deps.db));
  if (!shared) return { service: null };
  const mine = shared.votesBy.get(user.id);
  const viewer = { id: user.id, staff: isStaff(user.role) };
  return {
    service: {
      ...toService(shared.service),
      polls: shared.polls.map((p) => {
        const counts = shared.counts.get(p.id)!;
        return { ...toPoll(p), results: { pollId: p.id, counts: [...counts], total: counts.reduce((a, b) => a + b, 0), myVote: mine?.get(p.id) ?? null } };
      }),
      questions: shared.questions.map((q) => toQuestion(q, viewer)),
    },
  };
}
