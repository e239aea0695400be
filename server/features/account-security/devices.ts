import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import Bowser from "bowser";
import type { Deps } from "../../deps";
import { sessions } from "../../db/schema/users";
import type { DeviceSession } from "../../../contract/account-security";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Device, browser and system from a stored User-Agent (bowser); nulls when it says nothing usable. */
export function describeUserAgent(ua: string | null): Pick<DeviceSession, "device" | "browser" | "os"> {
  if (!ua) return { device: null, browser: null, os: null };
  const p = Bowser.parse(ua);
  const major = (v?: string) => (v ? v.split(".")[0] : "");
  const browser = p.browser.name ? `${p.browser.name} ${major(p.browser.version)}`.trim() : null;
  const os = p.os.name ? `${p.os.name} ${p.os.versionName ?? major(p.os.version)}`.trim() : null;
  // A named model (iPhone, iPad, Pixel 7) only; a computer is told by its system (Windows 10, macOS).
  const device = p.platform.model ?? null;
  return { device, browser, os };
}

/** GET /api/me/sessions: the member's live sessions, most recently used first, this one marked. */
export async function listSessions(deps: Deps, userId: string, currentSessionId: string): Promise<DeviceSession[]> {
  const rows = await deps.db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`));
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    current: r.id === currentSessionId,
  }));
}

/** DELETE /api/me/sessions/:id: revokes one of the member's own live sessions; false (404) for anyone else's or unknown. */
export async function revokeSession(deps: Deps, userId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const now = deps.now();
  const done = await deps.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return done.length > 0;
}

/** POST /api/me/sessions/sign-out-others: revokes every session of the member but this one; how many. */
export async function revokeOtherSessions(deps: Deps, userId: string, currentSessionId: string): Promise<number> {
  const done = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return done.length;
}
