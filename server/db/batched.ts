/**
 * Group commit for small statements that many requests make at once (decision 0133). Items that
 * arrive while a batch is being written wait for it, then go to the database together: one
 * statement and one round trip for all of them. An item that arrives when nothing is being
 * written starts a batch after the current turn of the event loop (so the requests parsed in
 * that turn go together): a quiet server waits for no one.
 *
 * Why: under a burst (a 20,000-member poll, a Sunday's arrivals) each request's own lookup of
 * its session and write of its last use were a round trip each, and a round trip's socket write
 * to PostgreSQL was the largest single cost in the server's profile (bench/README.md, the
 * megachurch Sunday). Batched, a burst costs a few statements a second, not thousands.
 *
 * `run` gets the batch's items in arrival order and answers one result per item, in the same
 * order. If it throws, every item of that batch is rejected with the error (callers that need
 * one item's failure to stay its own, as poll votes do, keep their own batcher: vote-batch.ts).
 */
export class Batched<I, R> {
  private queue: { item: I; resolve(r: R): void; reject(e: unknown): void }[] = [];
  private writing = false;

  constructor(
    private readonly run: (items: I[]) => Promise<R[]>,
    /** The most items one statement carries. */
    private readonly max = 500,
  ) {}

  add(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves once every item added so far has been written (the app's close; tests). */
  async flush(): Promise<void> {
    while (this.writing || this.queue.length) await new Promise((r) => setImmediate(r));
  }

  private async drain() {
    try {
      while (this.queue.length) {
        const batch = this.queue.slice(0, this.max);
        this.queue = this.queue.slice(batch.length);
        try {
          const results = await this.run(batch.map((b) => b.item));
          batch.forEach((b, k) => b.resolve(results[k]));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
