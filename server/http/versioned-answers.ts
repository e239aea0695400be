/**
 * Answers that are the same for everyone who may ask them, kept in this process and served again
 * only while the database's version of what they show is still the one they were read with
 * (decision 0147). The version is a number the database raises in the same transaction as every
 * change to what the answers show (the directory's: migration 0052), so a request that reads the
 * version (one indexed row) and finds it equal to a kept answer's gets exactly what reading the
 * whole answer in its own snapshot would have given: no change has committed in between. Nothing
 * is served by age, nothing is shared between answers that differ by who asks (the key says
 * which answer: the caller puts in it everything the answer depends on), and a newer version
 * read by any request drops every older answer.
 *
 * Each process keeps its own (two server processes on one database each check the same version).
 */
export class VersionedAnswers {
  private version: number | null = null;
  private readonly answers = new Map<string, string>();

  /** At most `maxKeys` answers are kept; past that a new one replaces none (the keys are few by design). */
  constructor(private readonly maxKeys: number) {}

  /** True when an answer for `key` is kept (at some version), so checking the version can be worth a statement. */
  holds(key: string): boolean {
    return this.answers.has(key);
  }

  /** The answer for `key` read at `version`, if one is kept; `version` null (no version row): none. */
  get(version: number | null, key: string): string | undefined {
    return version !== null && version === this.version ? this.answers.get(key) : undefined;
  }

  /**
   * Keeps `text`, read in the same snapshot as `version`. A newer version drops the older
   * answers; an answer read at an older version than the kept ones (a slow request) is not kept.
   */
  set(version: number | null, key: string, text: string): void {
    if (version === null || (this.version !== null && version < this.version)) return;
    if (version !== this.version) {
      this.answers.clear();
      this.version = version;
    }
    if (this.answers.size < this.maxKeys || this.answers.has(key)) this.answers.set(key, text);
  }
}
