/**
 * A short-lived, in-process cache of signed-in sessions, so a member's read (the session check,
 * the live service, testimonies) does not need a database round trip just to learn who is asking.
 * It is keyed by the bearer token (auth.ts says why not its hash; the database keeps the hash).
 * On Sunday morning that round trip was most of the cost of every signed-in request
 * (bench/README.md; docs/decisions/0071-session-cache.md).
 *
 * What keeps it correct:
 * - An entry lives at most `ttlMs` (SESSION_CACHE_SECONDS, 300 s by default; 0 turns it off), and
 *   the session's own expiry is checked on every hit against the app clock.
 * - PostgreSQL tells every instance when a session or a user changes: triggers on `sessions`
 *   (revoked, expiry changed, deleted) and `users` (role, name, email changed, deleted) send
 *   NOTIFY on `koinonia_auth` with the user's id, whatever made the change (the API, the
 *   `npm run role` script, a hand-written SQL statement). Each instance LISTENs and forgets that
 *   user's entries. So sign-out, a password reset or a role change reaches every instance within
 *   the NOTIFY's delivery time.
 * - If the listening connection is lost, the instance keeps nothing until it listens again
 *   (`suspend`/`resume`, from db/client.ts's watch): at once when the connection errors or ends,
 *   and within LISTEN_CHECK_MS + LISTEN_CHECK_TIMEOUT_MS (15 s) when it dies silently. That, not
 *   the TTL, bounds how long a change can go unheard; the TTL is the last bound (a trigger
 *   switched off by hand, say).
 * - The instance that made the change forgets at once, without waiting for its own NOTIFY
 *   (`forgetUser` from the route), so a token signed out is refused by its very next request.
 * - A lookup that started before a forget does not store its (possibly stale) answer: every
 *   forget moves an epoch, and `set` only stores when the epoch is the one the lookup began in.
 * - Unknown tokens are never cached (a flood of made-up tokens cannot fill it), and at most
 *   `max` entries are kept (the oldest go first).
 */
import type { AuthUser } from "./auth";

export const AUTH_CHANNEL = "koinonia_auth";
export const MARKER_PREFIX = "marker:";

export interface CachedSession {
  sessionId: string;
  user: AuthUser;
  expiresAt: Date;
  /** When this process last knew the session was used (session-touch.ts); updated on hits. */
  lastUsedAt?: Date | null;
}

export class SessionCache {
  private readonly byToken = new Map<string, { session: CachedSession; until: number }>();
  private readonly byUser = new Map<string, Set<string>>();
  private epoch = 0;
  /** False while this instance is not listening for changes (its connection was lost): nothing is kept. */
  private listening = true;
  private readonly waiting = new Map<string, () => void>();
  /** Told of every forget: a user's id, or null for "anything may have changed" (events/routes.ts closes revoked streams). */
  private readonly watchers = new Set<(userId: string | null) => void>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 50_000,
    private readonly clock: () => number = () => performance.now(),
    private readonly random: () => number = Math.random,
  ) {}

  get size() {
    return this.byToken.size;
  }

  /** The cached session of a token, if fresh and not expired at `now` (the app clock). */
  get(token: string, now: Date): CachedSession | undefined {
    const hit = this.byToken.get(token);
    if (!hit) return undefined;
    if (hit.until <= this.clock() || hit.session.expiresAt <= now) {
      this.drop(token, hit.session.user.id);
      return undefined;
    }
    return hit.session;
  }

  /** Call before reading the database; pass the result to `set`. */
  begin(): number {
    return this.epoch;
  }

  set(token: string, session: CachedSession, begunAt: number) {
    if (this.ttlMs <= 0 || !this.listening || begunAt !== this.epoch) return;
    if (this.byToken.size >= this.max) {
      const oldest = this.byToken.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].session.user.id);
    }
    // Between 3/4 of the time and all of it: sessions cached in the same rush (everyone arriving
    // for the service) are not all read again in the same second.
    this.byToken.set(token, { session, until: this.clock() + this.ttlMs - Math.floor((this.random() * this.ttlMs) / 4) });
    let tokens = this.byUser.get(session.user.id);
    if (!tokens) this.byUser.set(session.user.id, (tokens = new Set()));
    tokens.add(token);
  }

  /**
   * Calls `fn` with a user's id whenever that user's sessions are forgotten (here or, through
   * NOTIFY, on any instance), and with null when changes may have gone unheard (listening again
   * after the connection was lost). Returns the function that stops it.
   */
  watch(fn: (userId: string | null) => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  private tell(userId: string | null) {
    for (const fn of this.watchers) fn(userId);
  }

  /** Forgets every session of a user (signed out, password reset, role or name changed). */
  forgetUser(userId: string) {
    this.tell(userId);
    this.epoch++;
    const tokens = this.byUser.get(userId);
    if (!tokens) return;
    for (const t of tokens) this.byToken.delete(t);
    this.byUser.delete(userId);
  }

  /**
   * A payload from the `koinonia_auth` channel: a user's id to forget, or a marker someone is
   * waiting for. PostgreSQL delivers notices in commit order, so once a marker sent after a
   * change has arrived, the change's notice has been handled too (tests use it to wait).
   */
  notice(payload: string) {
    const waiter = this.waiting.get(payload);
    if (waiter) {
      this.waiting.delete(payload);
      waiter();
      return;
    }
    if (payload.startsWith(MARKER_PREFIX)) return;
    this.forgetUser(payload);
  }

  /** Resolves when `marker` (which must start with MARKER_PREFIX) arrives through `notice`. */
  waitForMarker(marker: string): Promise<void> {
    return new Promise((resolve) => this.waiting.set(marker, resolve));
  }

  /**
   * The connection that hears of changes was lost: what is kept may already be stale, and a
   * change made now would not be heard. Everything is dropped and nothing kept until `resume`.
   */
  suspend() {
    this.listening = false;
    this.clear();
  }

  /** Listening again (changes made in the gap were not heard, and nothing was kept in it). */
  resume() {
    this.clear();
    this.listening = true;
    this.tell(null);
  }

  clear() {
    this.epoch++;
    this.byToken.clear();
    this.byUser.clear();
  }

  private drop(token: string, userId: string) {
    this.byToken.delete(token);
    const tokens = this.byUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }
}
