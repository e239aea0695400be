/**
 * Group commit for poll votes (decision 0127). The votes that arrive while the previous batch is
 * being written wait for it, then go to the database together: one statement, one transaction,
 * one commit (one WAL flush) for all of them. Each request is answered only after the commit
 * that holds its vote, so a vote answered 201 is as durable as any other write.
 *
 * A vote that arrives when nothing is being written starts a batch at once (after the current
 * turn of the event loop, so the requests parsed in that turn go together): a quiet poll waits
 * for no one. Under a burst the batch grows with the time a commit takes, so the commits a
 * second stay few however slow the disk is, and the burst holds one pooled connection, not all
 * of them.
 *
 * One member's two votes on one poll never share a batch: the second waits for the next, where
 * the unique index refuses it as any later vote. A batch that fails as a whole (a connection
 * lost) is written again vote by vote, so one vote's error is only its own.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** The most votes one statement carries (its JSON parameter stays well under a megabyte). */
export const VOTE_BATCH_MAX = 1000;

export type VoteOutcome =
  | { kind: "counted"; options: string[] }
  | { kind: "already"; options: string[] }
  | { kind: "badOption"; options: string[] }
  | { kind: "closed" }
  | { kind: "notFound" };

interface Pending {
  pollId: string;
  userId: string;
  optionIndex: number;
  resolve(outcome: VoteOutcome): void;
  reject(err: unknown): void;
}

export class VoteBatch {
  private queue: Pending[] = [];
  private writing = false;
  /** Batches written (for tests: concurrent votes share commits). */
  batches = 0;

  constructor(private readonly db: Db) {}

  /** Records one vote; resolves once the transaction that holds it (or refuses it) has committed. */
  cast(pollId: string, userId: string, optionIndex: number): Promise<VoteOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ pollId, userId, optionIndex, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    try {
      while (this.queue.length) await this.write(this.take());
    } finally {
      this.writing = false;
    }
  }

  /** The next batch: up to VOTE_BATCH_MAX votes, at most one per member and poll (the others stay queued, in order). */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    const seen = new Set<string>();
    for (const p of this.queue) {
      const key = `${p.pollId}/${p.userId}`;
      if (batch.length >= VOTE_BATCH_MAX || seen.has(key)) rest.push(p);
      else {
        seen.add(key);
        batch.push(p);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async write(batch: Pending[]) {
    this.batches++;
    try {
      const outcomes = await writeVotes(this.db, batch);
      batch.forEach((p, k) => p.resolve(outcomes[k]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // Vote by vote, so whatever failed the batch fails only the vote it belongs to.
      await Promise.all(
        batch.map((p) =>
          writeVotes(this.db, [p]).then(
            ([o]) => p.resolve(o),
            (e: unknown) => p.reject(e),
          ),
        ),
      );
    }
  }
}

/**
 * One statement for the whole batch: it share-locks the polls (so no vote slips in after staff
 * close one), inserts the votes into open polls with a valid option in key order (two batches
 * on two server processes never wait on each other in a circle), and answers, vote by vote,
 * which refusal applies. The votes travel as one JSON parameter, so the statement's text is the
 * same for any batch, on node-postgres and PGlite alike.
 */
async function writeVotes(db: Db, batch: Pending[]): Promise<VoteOutcome[]> {
  const json = JSON.stringify(batch.map((p, k) => ({ k, poll_id: p.pollId, user_id: p.userId, option_index: p.optionIndex })));
  const res = (await db.execute(sql`
    with v as (select * from jsonb_to_recordset(${json}::jsonb) as v(k int, poll_id uuid, user_id uuid, option_index int)),
    p as (select id, options, is_open from polls where id in (select poll_id from v) for share),
    ins as (
      insert into poll_votes (poll_id, user_id, option_index)
      select v.poll_id, v.user_id, v.option_index from v join p on p.id = v.poll_id
      where p.is_open and v.option_index < cardinality(p.options)
      order by v.poll_id, v.user_id
      on conflict do nothing
      returning poll_id, user_id
    )
    select v.k, p.options, p.is_open, ins.user_id is not null as inserted
    from v left join p on p.id = v.poll_id left join ins on ins.poll_id = v.poll_id and ins.user_id = v.user_id`)) as unknown as
    | { rows: Row[] }
    | Row[];
  const rows = Array.isArray(res) ? res : res.rows;
  const out: VoteOutcome[] = new Array(batch.length);
  for (const r of rows) {
    const k = Number(r.k);
    if (r.options === null) out[k] = { kind: "notFound" };
    else if (!r.is_open) out[k] = { kind: "closed" };
    else {
      const options = parseTextArray(r.options);
      out[k] = batch[k].optionIndex >= options.length ? { kind: "badOption", options } : { kind: r.inserted ? "counted" : "already", options };
    }
  }
  return out;
}

interface Row {
  k: number | string;
  options: string[] | string | null;
  is_open: boolean | null;
  inserted: boolean;
}

/** node-postgres parses text[]; a raw PGlite row may carry the array literal. */
function parseTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, "");
  if (!inner) return [];
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2]));
}
