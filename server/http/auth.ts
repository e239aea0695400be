/**
 * Who is asking. Every route declares `config.access`:
 *   public  anyone, signed in or not
 *   member  any signed-in user (401 otherwise)
 *   staff   OWNER, PASTOR or STAFF (403 for members)
 *   owner   OWNER only
 * A route without it refuses to register, so no endpoint can forget to say who may call it.
 * The bearer header is the only credential, except on routes that set `cookieAuth`
 * (the event stream, which a browser's EventSource opens without headers).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema/users";
import { hashToken } from "./tokens";
import { forbidden, unauthorized } from "./app-error";
import { isStaff, type Role } from "../../contract/roles";
import { SessionCache, type CachedSession } from "./session-cache";

export type Access = "public" | "member" | "staff" | "owner";

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  createdAt: Date;
}

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

export async function findSession(db: Db, token: string, now: Date = new Date()): Promise<CachedSession | null> {
  return findSessionByHash(db, hashToken(token), now);
}

async function findSessionByHash(db: Db, tokenHash: string, now: Date): Promise<CachedSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { sessionId, expiresAt, ...user } = row;
  return { sessionId, expiresAt, user: user as AuthUser };
}

/** The session of a token: from this process's cache when fresh, else from the database (and cached). */
async function lookUpSession(db: Db, cache: SessionCache, token: string, now: Date): Promise<CachedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash, now);
  if (cached) return cached;
  const begun = cache.begin();
  const found = await findSessionByHash(db, tokenHash, now);
  if (found) cache.set(tokenHash, found, begun);
  return found;
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

/** `onAuthenticated` runs for every request a signed-in user makes (activity for "Active Today"). */
export function installAuth(
  app: FastifyInstance,
  db: Db,
  onAuthenticated?: (userId: string) => Promise<void>,
  now: () => Date = () => new Date(),
  cache: SessionCache = new SessionCache(0),
) {
  app.decorate("sessionCache", cache);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  // onRequest, before the body is read and validated: who may call a route is decided first, so
  // a caller without the right role learns nothing from validation errors and cannot make the
  // server parse a large body (route-matrix.test.ts proves it on every route).
  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return; // static files, the 404 handler
    let token = bearer(req);
    if (!token && req.routeOptions.config.cookieAuth) token = req.cookies?.[EVENTS_COOKIE] ?? null;
    if (token) {
      const found = await lookUpSession(db, cache, token, now());
      if (found) {
        req.user = found.user;
        req.sessionId = found.sessionId;
        if (onAuthenticated) await onAuthenticated(found.user.id).catch((err: unknown) => req.log.warn({ err }, "activity not recorded"));
      }
    }
    if (access === "public") return;
    if (!req.user) throw unauthorized();
    if (access === "staff" && !isStaff(req.user.role)) throw forbidden();
    if (access === "owner" && req.user.role !== "OWNER") throw forbidden();
  });
}
