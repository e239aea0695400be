/**
 * A read that is the same for every member, computed once and shared: the live service's
 * polls, counts and questions, the testimony wall. On Sunday thousands of members ask for it
 * within seconds (and again after every event that tells their screens to refetch); without
 * this each request ran the same queries. The viewer's own part (their vote, their amen) is
 * still read per request, with one indexed query.
 *
 * - Single flight: callers that arrive while a load runs share it.
 * - Fresh: `invalidate()` is called by the write that changes it (at once, on this instance) and
 *   on the bus event that write publishes (on every other instance, through NOTIFY). An entry
 *   also lives at most `ttlMs` (1 s by default, SHARED_READ_MS; 0 turns caching off), so a
 *   change that publishes no event (a question un-approved) shows within a second.
 * - A load that fails is not kept.
 */
import type { Deps } from "../deps";
import type { EventName } from "../../contract/events";

export class SharedRead<T> {
  private entry: { at: number; data: Promise<T> } | undefined;
  private last: { at: number; value: T } | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const e = this.entry;
    if (e && this.clock() - e.at < this.ttlMs) return e.data;
    const data = load();
    const entry = { at: this.clock(), data };
    this.entry = entry;
    data.then(
      (value) => {
        if (!this.last || this.last.at <= entry.at) this.last = { at: entry.at, value };
      },
      () => {
        if (this.entry === entry) this.entry = undefined;
      },
    );
    return data;
  }

  /**
   * The last value loaded, even if invalidated or past its time since, when it was loaded less
   * than `maxAgeMs` ago: for a caller that adds its own change to it and must not wait for a
   * reload (a vote counted into the live results).
   */
  latest(maxAgeMs: number): T | undefined {
    const l = this.last;
    return l && this.clock() - l.at < maxAgeMs ? l.value : undefined;
  }

  invalidate() {
    this.entry = undefined;
  }
}

const perApp = new WeakMap<Deps, Map<string, SharedRead<unknown>>>();

/**
 * The app's shared read named `name`, created on first use and invalidated by the bus events
 * listed (from any instance). One per Deps, so test apps do not share.
 */
export function sharedRead<T>(deps: Deps, name: string, events: readonly EventName[]): SharedRead<T> {
  let reads = perApp.get(deps);
  if (!reads) perApp.set(deps, (reads = new Map()));
  let read = reads.get(name) as SharedRead<T> | undefined;
  if (!read) {
    const created = new SharedRead<T>(deps.config.sharedReadMs);
    const watched = new Set<string>(events);
    deps.bus.subscribe((e) => {
      if (watched.has(e.event)) created.invalidate();
    });
    deps.bus.onCatchUp(() => created.invalidate());
    reads.set(name, created as SharedRead<unknown>);
    read = created;
  }
  return read;
}
