/**
 * A read that is the same for every member, computed once and shared: the live service's
 * polls, counts and questions, the testimony wall, the church. On Sunday thousands of members
 * ask for it within seconds (and again after every event that tells their screens to refetch);
 * without this each request ran the same queries and serialized the same answer.
 *
 * `SharedRead` is the sharing:
 * - Single flight: callers that arrive while a load runs share it.
 * - Fresh: `invalidate()` is called by the write that changes it (at once, on this instance) and
 *   on the bus event that write publishes (on every other instance, through NOTIFY). An entry
 *   also lives at most `ttlMs` (1 s by default, SHARED_READ_MS; 0 turns caching off), so a
 *   change that publishes no event (a question un-approved) shows within a second.
 * - A load that fails is not kept.
 *
 * `SharedAnswer` is the one way a feature writes such a read (decision 0073): a SharedRead
 * refreshed by its events and its own writes, whose JSON is written once per load by its
 * schema (json-text.ts, JsonTemplate), each member's own fields filled in per request. One is
 * built per app (by the feature's routes plugin), so test apps do not share.
 */
import type { Deps } from "../deps";
import type { ContentArea, EventName } from "../../contract/events";
import type { JsonTemplate } from "./json-text";

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

export interface SharedAnswerSpec<T extends object | null> {
  /** Bus events (from any instance) after which it is read again. */
  events: readonly EventName[];
  /** Reads the part every member sees alike. */
  load: () => Promise<T>;
  /** Its JSON, checked by the response schema, with slots for a member's own fields; written once per loaded value. */
  write: (data: NonNullable<T>) => JsonTemplate;
  /**
   * Read again at once after this instance's own change, not on the next request: after a
   * service starts or a poll opens, the rush of reads and votes finds it ready.
   */
  eager?: boolean;
  /** Fixed while the server runs (the church's configuration): loaded once, never read again. */
  fixed?: boolean;
}

/** A read every member shares, with its JSON written ahead (see the top of this file). */
export class SharedAnswer<T extends object | null> {
  private readonly read: SharedRead<T>;
  private readonly written = new WeakMap<object, JsonTemplate>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    deps: Pick<Deps, "bus" | "config">,
    private readonly spec: SharedAnswerSpec<T>,
  ) {
    this.read = new SharedRead<T>(spec.fixed ? Infinity : deps.config.sharedReadMs);
    if (spec.fixed) return;
    const watched = new Set<string>(spec.events);
    this.unsubscribe.push(
      deps.bus.subscribe((e) => {
        if (watched.has(e.event)) this.read.invalidate();
      }),
      deps.bus.onCatchUp(() => this.read.invalidate()),
    );
  }

  /** The shared value, loaded (or being loaded) once for all. */
  get(): Promise<T> {
    return this.read.get(this.spec.load);
  }

  /** The value's JSON, written on first use and kept with it (until `rewrite`). */
  json(data: NonNullable<T>): JsonTemplate {
    let json = this.written.get(data);
    if (!json) this.written.set(data, (json = this.spec.write(data)));
    return json;
  }

  /** The value was changed in place (a vote counted into it): its JSON is written again on the next read. */
  rewrite(data: NonNullable<T>) {
    this.written.delete(data);
  }

  /** Called by every write on this instance that changes it (other instances hear its event). */
  changed() {
    this.read.invalidate();
    if (this.spec.eager) this.get().catch(() => undefined);
  }

  /** SharedRead.latest: the last value loaded, for a caller that adds its own change and must not wait. */
  latest(maxAgeMs: number): T | undefined {
    return this.read.latest(maxAgeMs);
  }

  /** Stops listening to the bus (the app is closing). */
  close() {
    for (const off of this.unsubscribe.splice(0)) off();
  }
}

/**
 * Staff change content that shared answers hold (a service's title, a media item, a journey, a
 * challenge): `change` is awaited; whether it succeeded or failed, `shared` are read again at
 * once on this instance, and after a success `content-changed` tells every other instance (whose
 * answers list that event) and every screen.
 */
export async function contentChange<T>(deps: Pick<Deps, "bus">, area: ContentArea, shared: readonly { changed(): void }[], change: Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await change;
  } finally {
    for (const s of shared) s.changed();
  }
  await deps.bus.publish("content-changed", { area });
  return result;
}
