/**
 * Answers that are the same for everyone who may ask them, kept in this process and served again
 * only while the database's version of what they show is still the one they were read with
 * (decisions 0147, 0148, 0151). A version is what the database raises in the same transaction as every
 * change to what an answer shows (the directory's: migration 0052; a group's roster: 0053), read
 * in the same statement (one snapshot) as the answer. A request that reads the version again (an
 * indexed row) and finds it equal to a kept answer's gets exactly what reading the whole answer in
 * its own snapshot would have given: no change has committed in between, and versions only grow,
 * so one cannot come back. Nothing is served by age, and nothing is shared between answers that
 * differ by who asks: the key says which answer, and the caller puts in it everything the answer
 * depends on (and checks who may see it before using one).
 *
 * A version is text, compared for equality only (a roster's is two numbers). An answer is its
 * JSON text, or (`T`) the part of it every asker shares, which the caller completes for each
 * (the members' first page of groups, decision 0151). Each process keeps its own (two server
 * processes on one database each check the same versions).
 */
export class VersionedAnswers<T = string> {
  private readonly answers = new Map<string, { version: string; text: T }>();

  /** At most `maxKeys` answers are kept; past that the one kept longest is dropped for a new one. */
  constructor(private readonly maxKeys: number) {}

  /** True when an answer for `key` is kept (at some version), so checking the version can be worth a statement. */
  holds(key: string): boolean {
    return this.answers.has(key);
  }

  /** The answer for `key` read at `version`, if one is kept; `version` null (no version to compare): none. */
  get(key: string, version: string | null): T | undefined {
    const kept = this.answers.get(key);
    return kept && version !== null && kept.version === version ? kept.text : undefined;
  }

  /** Keeps `text`, read in the same snapshot as `version`, for `key` (replacing what was kept for it). `version` null: nothing kept. */
  set(key: string, version: string | null, text: T): void {
    if (version === null) return;
    if (!this.answers.has(key) && this.answers.size >= this.maxKeys) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { version, text });
  }
}
