/**
 * The live service's state on this instance, one owner for it: the snapshot every member sees
 * alike (the service, its open polls with their counts, the approved questions), each member's
 * vote in those polls, the votes this instance recorded lately, and the throttle of poll-vote
 * events. The vote (vote-poll.ts), the results read (get-poll-results.ts) and the live view
 * (GET /api/services/live) all ask it. One is built per app, by the services routes plugin.
 *
 * The snapshot is a shared read (server/http/shared-read.ts): read once for all, refreshed by
 * the events below on every instance and at once (`changed`) on the instance that wrote. The
 * same load reads the open polls' votes (one row per voter, on the poll's index) and counts
 * them, so a member's own vote is looked up in memory: after a poll event thousands of members
 * refetch for the cost of one load.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { pollVotes, polls, questions, services } from "../../db/schema/services";
import type { AuthUser } from "../../http/auth";
import { SharedAnswer } from "../../http/shared-read";
import { JsonTemplate } from "../../http/json-text";
import { isStaff } from "../../../contract/roles";
import { ZLiveService, type LiveService, type PollResults } from "../../../contract/services";
import { toPoll, toQuestion, toService } from "./views";

export const LIVE_QUESTIONS_LIMIT = 50;

/** At most one poll-vote event per poll per this window and server process (see publishVote). */
export const POLL_VOTE_EVENT_WINDOW_MS = 1000;

interface LiveSnapshot {
  service: typeof services.$inferSelect;
  polls: (typeof polls.$inferSelect)[];
  /** Votes per option of each open poll. */
  counts: Map<string, number[]>;
  /** Each member's votes in the open polls: member id -> poll id -> option. */
  votesBy: Map<string, Map<string, number>>;
  questions: (typeof questions.$inferSelect)[];
}

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

export class LiveState {
  private readonly snapshot: SharedAnswer<LiveSnapshot | null>;
  private readonly recentVotes: RecordedVote[] = [];
  /** Polls with a poll-vote event window open (publishVote). */
  private readonly voteEvents = new Map<string, { timer: NodeJS.Timeout | null; dirty: boolean }>();

  constructor(private readonly deps: Deps) {
    this.snapshot = new SharedAnswer<LiveSnapshot | null>(deps, {
      events: ["service-status", "new-poll", "poll-closed", "poll-vote", "question-approved", "question-withdrawn"],
      load: () =>
        loadSnapshot(deps.db).then((snap) => {
          if (snap) for (const v of this.recentVotesAt(performance.now())) this.applyVote(snap, v);
          return snap;
        }),
      write: writeMemberJson,
      eager: true,
    });
  }

  /** Called by every write on this instance that changes what GET /api/services/live shows (but a vote: `voteRecorded`). */
  changed() {
    this.snapshot.changed();
  }

  /**
   * A vote committed on this instance, counted into the shared snapshot at once (and into any
   * load under way), instead of throwing the snapshot away and reading every vote again: during
   * a poll burst that reload, or a count of the poll's votes per vote, made each vote cost more
   * than the one before (bench/README.md, Poll burst). The voter's next read shows their vote and
   * a count that includes it; other instances learn of it through the poll-vote event. Returns
   * the poll's results as this snapshot has them, or null when the poll is not in it.
   */
  voteRecorded(pollId: string, userId: string, optionIndex: number): PollResults | null {
    const now = performance.now();
    this.recentVotesAt(now).push({ pollId, userId, optionIndex, at: now });
    const vote = { pollId, userId, optionIndex };
    // Never wait for a reload: the snapshot in hand is used, even if a poll-vote event has just
    // asked for a fresh one (the fresh one gets this vote too, from recentVotes). A reload is
    // started when it is due (the shared read's own single flight), and a poll the snapshot does
    // not hold yet (opened a moment ago) is counted from its votes meanwhile, few as they are.
    this.snapshot.get().catch(() => undefined);
    const inHand = this.snapshot.latest(VOTE_SNAPSHOT_MAX_AGE_MS);
    return inHand && this.applyVote(inHand, vote) ? resultsOf(inHand, pollId, userId) : null;
  }

  /** An open poll's results of the live service from the shared snapshot (null for any other poll: read them from the votes). */
  async results(pollId: string, userId: string): Promise<PollResults | null> {
    const snap = await this.snapshot.get();
    return snap?.counts.has(pollId) ? resultsOf(snap, pollId, userId) : null;
  }

  /** The live service with its open polls (results and the viewer's own vote) and approved questions, or null. */
  async view(user: AuthUser): Promise<LiveService> {
    const snap = await this.snapshot.get();
    if (!snap) return { service: null };
    return liveView(snap, { id: user.id, staff: isStaff(user.role) });
  }

  /**
   * A member's answer as JSON written ahead (decision 0073): the shared part written once per
   * snapshot, with a slot for each poll's `myVote` and each question's `userId`; a request fills
   * in the member's own votes and, on their own questions, their id. Members who asked none of
   * the questions shown differ only by their votes and share whole answers. Null for staff
   * (their view has every author).
   */
  async memberJson(user: AuthUser): Promise<string | Buffer | null> {
    if (isStaff(user.role)) return null;
    const snap = await this.snapshot.get();
    if (!snap) return '{"service":null}';
    const json = this.snapshot.json(snap);
    const mine = snap.votesBy.get(user.id);
    // The slots in writeMemberJson's order: each poll's vote, then each question's author.
    const values: (string | undefined)[] = [];
    let key = "";
    for (const p of snap.polls) {
      const vote = mine?.get(p.id);
      values.push(vote === undefined ? undefined : String(vote));
      key += `${vote ?? "-"},`;
    }
    let asked = false;
    for (const q of snap.questions) {
      const own = q.userId === user.id;
      values.push(own ? JSON.stringify(user.id) : undefined);
      asked ||= own;
    }
    return json.fill(values, asked ? undefined : key);
  }

  /**
   * poll-vote makes every member's screen refetch the poll's results. Published for every vote,
   * a burst of 5,000 votes in 10 s would ask each of 5,000 open screens to refetch 500 times a
   * second. So the first vote is published at once and the votes that follow within the window
   * make one more event at its end: each screen refetches at most about once a second per
   * server process, and the last vote is always followed by an event.
   */
  async publishVote(pollId: string) {
    const { bus } = this.deps;
    const state = this.voteEvents.get(pollId);
    if (state) {
      state.dirty = true;
      return;
    }
    const entry = { timer: null as NodeJS.Timeout | null, dirty: false };
    this.voteEvents.set(pollId, entry);
    const close = () => {
      if (entry.dirty) {
        entry.dirty = false;
        bus.publish("poll-vote", { pollId }).catch(() => undefined);
        entry.timer = setTimeout(close, POLL_VOTE_EVENT_WINDOW_MS);
        entry.timer.unref();
      } else this.voteEvents.delete(pollId);
    };
    entry.timer = setTimeout(close, POLL_VOTE_EVENT_WINDOW_MS);
    entry.timer.unref();
    await bus.publish("poll-vote", { pollId });
  }

  /** The app is closing: no more bus events heard or sent. */
  close() {
    this.snapshot.close();
    for (const { timer } of this.voteEvents.values()) if (timer) clearTimeout(timer);
    this.voteEvents.clear();
  }

  private recentVotesAt(now: number): RecordedVote[] {
    const list = this.recentVotes;
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
  private applyVote(snap: LiveSnapshot, v: Omit<RecordedVote, "at">): boolean {
    const perOption = snap.counts.get(v.pollId);
    if (!perOption || v.optionIndex >= perOption.length) return false;
    let mine = snap.votesBy.get(v.userId);
    if (mine?.has(v.pollId)) return true;
    if (!mine) snap.votesBy.set(v.userId, (mine = new Map()));
    mine.set(v.pollId, v.optionIndex);
    perOption[v.optionIndex] += 1;
    this.snapshot.rewrite(snap); // its JSON is written again, with the new count, on the next read
    return true;
  }
}

function resultsOf(snap: LiveSnapshot, pollId: string, userId: string): PollResults {
  const counts = [...snap.counts.get(pollId)!];
  return { pollId, counts, total: counts.reduce((a, b) => a + b, 0), myVote: snap.votesBy.get(userId)?.get(pollId) ?? null };
}

async function loadSnapshot(db: Db): Promise<LiveSnapshot | null> {
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

/** What one viewer sees of the snapshot: their own votes, and the authors only of their own questions (all of them for staff). */
function liveView(snap: LiveSnapshot, viewer: { id: string; staff: boolean }): LiveService {
  return {
    service: {
      ...toService(snap.service),
      polls: snap.polls.map((p) => ({ ...toPoll(p), results: resultsOf(snap, p.id, viewer.id) })),
      questions: snap.questions.map((q) => toQuestion(q, viewer)),
    },
  };
}

/** The members' view, checked by the schema, with a slot for each poll's `myVote`, then each question's `userId` (memberJson fills them in). */
function writeMemberJson(snap: LiveSnapshot): JsonTemplate {
  return JsonTemplate.write(ZLiveService, liveView(snap, { id: "", staff: false }), (out, slot) => {
    for (const p of out.service!.polls) p.results.myVote = slot("null");
    for (const q of out.service!.questions) q.userId = slot("null");
  });
}
