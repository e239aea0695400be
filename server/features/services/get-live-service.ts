import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { pollVotes, polls, questions, services } from "../../db/schema/services";
import type { AuthUser } from "../../http/auth";
import { sharedRead } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import { ZLiveService, type LiveService, type PollResults } from "../../../contract/services";
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

/**
 * Called by every write that changes what GET /api/services/live shows (but a vote:
 * `liveVoteRecorded`). The fresh snapshot is read at once, not on the next request: after a
 * service starts or a poll opens, the rush of reads and votes finds it ready.
 */
export const liveServiceChanged = (deps: Deps) => {
  liveRead(deps).invalidate();
  currentLive(deps).catch(() => undefined);
};

/** The shared part, loaded (or being loaded) once for all, with this instance's latest votes in it. */
const currentLive = (deps: Deps) =>
  liveRead(deps).get(() =>
    loadShared(deps.db).then((shared) => {
      if (shared) for (const v of recentVotesOf(deps, performance.now())) applyVote(shared, v);
      return shared;
    }),
  );

interface RecordedVote {
  pollId: string;
  userId: string;
  optionIndex: number;
  at: number;
}
/**
 * Votes this instance recorded in the last RECENT_VOTE_MS: a load that began before one was
 * committed may not have it, so each load has them applied when it completes (at most once
 * each, by the member's own entry in votesBy).
 */
const RECENT_VOTE_MS = 30_000;
/** How old a snapshot a vote's answer may be counted into (it is fresher in practice: events and SHARED_READ_MS reload it). */
const VOTE_SNAPSHOT_MAX_AGE_MS = 5_000;
const recentVotes = new WeakMap<Deps, RecordedVote[]>();
function recentVotesOf(deps: Deps, now: number): RecordedVote[] {
  let list = recentVotes.get(deps);
  if (!list) recentVotes.set(deps, (list = []));
  let stale = 0;
  while (stale < list.length && now - list[stale].at > RECENT_VOTE_MS) stale++;
  if (stale) list.splice(0, stale);
  return list;
}

/**
 * Counts a vote into a loaded snapshot, once: a member votes once per poll, so their entry in
 * votesBy says whether the snapshot has it already. False when the snapshot does not hold the
 * poll (not an open poll of the live service, or one opened since it was loaded).
 */
function applyVote(shared: LiveShared, v: Omit<RecordedVote, "at">): boolean {
  const perOption = shared.counts.get(v.pollId);
  if (!perOption || v.optionIndex >= perOption.length) return false;
  let mine = shared.votesBy.get(v.userId);
  if (mine?.has(v.pollId)) return true;
  if (!mine) shared.votesBy.set(v.userId, (mine = new Map()));
  mine.set(v.pollId, v.optionIndex);
  perOption[v.optionIndex] += 1;
  liveJsonOf.delete(shared); // its JSON is written again, with the new count, on the next read
  return true;
}

function resultsOf(shared: LiveShared, pollId: string, userId: string): PollResults {
  const counts = [...shared.counts.get(pollId)!];
  return { pollId, counts, total: counts.reduce((a, b) => a + b, 0), myVote: shared.votesBy.get(userId)?.get(pollId) ?? null };
}

/**
 * A vote committed on this instance, counted into the shared snapshot at once (and into any
 * load under way), instead of throwing the snapshot away and reading every vote again: during
 * a poll burst that reload, or a count of the poll's votes per vote, made each vote cost more
 * than the one before (bench/README.md, Poll burst). The voter's next read shows their vote and
 * a count that includes it; other instances learn of it through the poll-vote event. Returns
 * the poll's results as this snapshot has them, or null when the poll is not in it.
 */
export function liveVoteRecorded(deps: Deps, pollId: string, userId: string, optionIndex: number): PollResults | null {
  const now = performance.now();
  recentVotesOf(deps, now).push({ pollId, userId, optionIndex, at: now });
  const vote = { pollId, userId, optionIndex };
  // Never wait for a reload: the snapshot in hand is used, even if a poll-vote event has just
  // asked for a fresh one (the fresh one gets this vote too, from recentVotes). A reload is
  // started when it is due (the shared read's own single flight), and a poll the snapshot does
  // not hold yet (opened a moment ago) is counted from its votes meanwhile, few as they are.
  currentLive(deps).catch(() => undefined);
  const inHand = liveRead(deps).latest(VOTE_SNAPSHOT_MAX_AGE_MS);
  return inHand && applyVote(inHand, vote) ? resultsOf(inHand, pollId, userId) : null;
}

/** An open poll's results of the live service from the shared snapshot (null for any other poll: read them from the votes). */
export async function liveResults(deps: Deps, pollId: string, userId: string): Promise<PollResults | null> {
  const shared = await currentLive(deps);
  return shared?.counts.has(pollId) ? resultsOf(shared, pollId, userId) : null;
}

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

/** What one viewer sees of the shared part: their own votes, and the authors only of their own questions (all of them for staff). */
function liveView(shared: LiveShared, viewer: { id: string; staff: boolean }): LiveService {
  return {
    service: {
      ...toService(shared.service),
      polls: shared.polls.map((p) => ({ ...toPoll(p), results: resultsOf(shared, p.id, viewer.id) })),
      questions: shared.questions.map((q) => toQuestion(q, viewer)),
    },
  };
}

/**
 * A member's answer as JSON text: the shared part is checked by the schema and written once per
 * load (server/http/json-text.ts), with a marked slot for each poll's `myVote` and each
 * question's `userId`; a request fills in the member's own vote and, on their own questions,
 * their id.
 */
interface LiveJson {
  parts: string[];
  slots: ({ kind: "vote"; pollId: string } | { kind: "author"; userId: string | null })[];
  /**
   * Answers already made, by the slots' values, for members who asked none of the questions
   * shown: they differ only by their votes, so a few answers serve a whole congregation (one
   * per option chosen, and one for those who have not voted). Kept as UTF-8 bytes: a request
   * neither measures nor encodes them again.
   */
  made: Map<string, Buffer>;
}
const MADE_MAX = 64;
const liveJsonOf = new WeakMap<LiveShared, LiveJson>();
const SLOT = (i: number) => `\u0000${i}`; // NUL never reaches the database (rejectNul), so no member's words can hold it

function buildLiveJson(shared: LiveShared): LiveJson {
  const base = ZLiveService.parse(liveView(shared, { id: "", staff: false }));
  const slots: LiveJson["slots"] = [];
  for (const p of base.service!.polls) (p.results as { myVote: unknown }).myVote = SLOT(slots.push({ kind: "vote", pollId: p.id }) - 1);
  base.service!.questions.forEach((q, i) => {
    (q as { userId: unknown }).userId = SLOT(slots.push({ kind: "author", userId: shared.questions[i].userId }) - 1);
  });
  const parts = JSON.stringify(base).split(/"\\u0000\d+"/);
  if (parts.length !== slots.length + 1) throw new Error("live service JSON: a slot marker was not found once");
  return { parts, slots, made: new Map() };
}

/** GET /api/services/live for a member, as JSON text; null for staff (their view has every author). */
export async function getLiveServiceJson(deps: Deps, user: AuthUser): Promise<string | Buffer | null> {
  if (isStaff(user.role)) return null;
  const shared = await currentLive(deps);
  if (!shared) return '{"service":null}';
  let json = liveJsonOf.get(shared);
  if (!json) liveJsonOf.set(shared, (json = buildLiveJson(shared)));
  const mine = shared.votesBy.get(user.id);
  const values = json.slots.map((slot) =>
    slot.kind === "vote" ? String(mine?.get(slot.pollId) ?? "null") : slot.userId === user.id ? JSON.stringify(user.id) : "null",
  );
  const asked = json.slots.some((slot) => slot.kind === "author" && slot.userId === user.id);
  const key = asked ? null : values.join(",");
  const made = key === null ? undefined : json.made.get(key);
  if (made !== undefined) return made;
  let out = json.parts[0];
  for (let i = 0; i < values.length; i++) out += values[i] + json.parts[i + 1];
  if (key === null || json.made.size >= MADE_MAX) return out;
  const bytes = Buffer.from(out);
  json.made.set(key, bytes);
  return bytes;
}

/** The live service with its open polls (results and the asker's own vote) and approved questions, or null. */
export async function getLiveService(deps: Deps, user: AuthUser): Promise<LiveService> {
  const shared = await currentLive(deps);
  if (!shared) return { service: null };
  return liveView(shared, { id: user.id, staff: isStaff(user.role) });
}
