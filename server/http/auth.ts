/**
 * Who is asking. Every route declares `config.access`:
 *   public  anyone, signed in or not
 *   member  any signed-in user (401 otherwise)
 *   staff   OWNER, PASTOR or STAFF (403 for members)
 *   pastor  OWNER or PASTOR (403 for STAFF and members): the church profile, the church's settings for giving
 *   finance OWNER, or a user the owner granted the finance permission (users.finance;
 *           decision 0113): donor-level giving
 *   staffOrFinance  staff, or a finance holder who is not staff (a MEMBER treasurer): the
 *           church's giving without donors, the totals and the funds (decision 0122)
 *   owner   OWNER only
 * A route without it refuses to register, so no endpoint can forget to say who may call it.
 * The bearer header is the only credential, except on routes that set `cookieAuth`
 * (the event stream, which a browser's EventSource opens without headers).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { Batched } from "../db/batched";
import { prepared } from "../db/prepared";
import { memberPhotos, sessions, users } from "../db/schema/users";
import { hashToken } from "./tokens";
import { forbidden, unauthorized } from "./app-error";
import { isStaff, type Role } from "../../contract/roles";
import { SessionCache, type CachedSession } from "./session-cache";
import { sessionToucher, type SessionToucher } from "./session-touch";

export type Access = "public" | "member" | "staff" | "pastor" | "finance" | "staffOrFinance" | "owner";

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The finance permission as granted (hasFinance() adds the OWNER's). */
  finance: boolean;
  createdAt: Date;
  /** E.164 or null (Profile → Edit). */
  phone: string | null;
  /** The current photo's version (member_photos), or null: the photo URL is built from it. */
  photoVersion: string | null;
}

/** Whether a user sees donor-level giving: the OWNER, and whoever the owner granted the finance permission (decision 0113). */
export const hasFinance = (user: { role: Role; finance: boolean }) => user.role === "OWNER" || user.finance;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Signed-in sessions cached in this process (session-cache.ts); routes that sign out, reset a password or change a role forget the user at once. */
    sessionCache: SessionCache;
  }
}

export const EVENTS_COOKIE = "koinonia_events";

/**
 * Sessions not in this process's cache are looked up together (decision 0133): the misses of one
 * turn of the event loop, and those that arrive while a lookup is running, go in one prepared
 * statement (`token_hash = any(...)`, the unique index), so a burst of members new to this process
 * (a poll's 20,000 votes, a Sunday's arrivals) costs a few statements a second, not one each.
 */
const sessionsByHash = prepared("auth.sessions-by-hash", (db) =>
  db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      finance: users.finance,
      createdAt: users.createdAt,
      phone: users.phone,
      photoVersion: memberPhotos.version,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberPhotos, eq(memberPhotos.userId, users.id))
    .where(
      and(
        sql`${sessions.tokenHash} = any(array(select jsonb_array_elements_text(${sql.placeholder("hashes")}::jsonb)))`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    ),
);

function sessionLookups(db: Db, now: () => Date) {
  return new Batched<string, CachedSession | null>(async (hashes) => {
    const rows = await sessionsByHash(db, { hashes: JSON.stringify(hashes), now: now() });
    const byHash = new Map<string, CachedSession>();
    for (const { tokenHash, sessionId, expiresAt, lastUsedAt, ...user } of rows) {
      byHash.set(tokenHash, { sessionId, expiresAt, lastUsedAt, user: user as AuthUser });
    }
    return hashes.map((h) => byHash.get(h) ?? null);
  });
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

/** The signed-in user of a route whose access is member or above. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** `onAuthenticated` runs for every request a signed-in user makes (activity for "Active Today"); it must not throw. */
export function installAuth(
  app: FastifyInstance,
  db: Db,
  onAuthenticated?: (userId: string) => void,
  now: () => Date = () => new Date(),
  cache: SessionCache = new SessionCache(0),
  touch: SessionToucher = sessionToucher(db),
) {
  app.decorate("sessionCache", cache);
  const lookups = sessionLookups(db, now);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  /** Who the request is from, and whether they may call the route: an error to answer with, or none. */
  const admit = (req: FastifyRequest, access: Access, found: CachedSession | null | undefined): Error | undefined => {
    if (found) {
      req.user = found.user;
      req.sessionId = found.sessionId;
      // The session's approximate last use (session-touch.ts): one comparison, and a write at
      // most every SESSION_TOUCH_MS. The cached entry remembers it, so hits do not write again.
      found.lastUsedAt = touch(found.sessionId, found.lastUsedAt, now());
      if (onAuthenticated) onAuthenticated(found.user.id);
    }
    if (access === "public") return undefined;
    if (!req.user) return unauthorized();
    if (access === "staff" && !isStaff(req.user.role)) return forbidden();
    if (access === "pastor" && req.user.role !== "OWNER" && req.user.role !== "PASTOR") return forbidden();
    if (access === "finance" && !hasFinance(req.user)) return forbidden();
    if (access === "staffOrFinance" && !isStaff(req.user.role) && !hasFinance(req.user)) return forbidden();
    if (access === "owner" && req.user.role !== "OWNER") return forbidden();
    return undefined;
  };

  // onRequest, before the body is read and validated: who may call a route is decided first, so
  // a caller without the right role learns nothing from validation errors and cannot make the
  // server parse a large body (route-matrix.test.ts proves it on every route).
  //
  // A callback hook, not an async one: a session found in this process's cache (session-cache.ts)
  // is admitted without a promise; only a lookup in the database waits. The cache is keyed by the
  // token itself, which every request's header already holds in this process's memory: hashing
  // it on every hit was 3% of a signed-in read's CPU (bench/README.md). The database keeps only
  // its hash, as ever.
  app.addHook("onRequest", (req, reply, done) => {
    const access = req.routeOptions.config?.access;
    if (!access) return done(); // static files, the 404 handler
    // No API answer is kept by a browser or a proxy: most are a member's own data, and the
    // public ones hand out tokens (sign-in) or are cheap. A route that is cacheable on purpose
    // (a daily audio file) sets its own header, which replaces this one.
    reply.header("cache-control", "no-store");
    let token = bearer(req);
    if (!token && req.routeOptions.config.cookieAuth) token = req.cookies?.[EVENTS_COOKIE] ?? null;
    const at = now();
    const cached = token ? cache.get(token, at) : undefined;
    if (!token || cached) return done(admit(req, access, cached));
    const key = token;
    const begun = cache.begin();
    lookups.add(hashToken(token)).then(
      (found) => {
        if (found) cache.set(key, found, begun);
        done(admit(req, access, found));
      },
      (err: unknown) => done(err as Error),
    );
  });
}
