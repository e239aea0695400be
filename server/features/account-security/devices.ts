import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import Bowser from "bowser";
import type { Deps } from "../../deps";
import { sessions } from "../../db/schema/users";
import { prepared } from "../../db/prepared";
import { isoOf, timeText } from "../../db/iso-time";
import { DEVICE_SESSIONS_MAX, type DeviceSession } from "../../../contract/account-security";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Device, browser and system from a stored User-Agent (bowser); nulls when it says nothing usable. */
export function describeUserAgent(ua: string | null): Pick<DeviceSession, "device" | "browser" | "os"> {
  if (!ua) return { device: null, browser: null, os: null };
  let described = userAgents.get(ua);
  if (!described) {
    if (userAgents.size >= DESCRIBED_MAX) userAgents.clear();
    userAgents.set(ua, (described = Object.freeze(parseUserAgent(ua))));
  }
  return described;
}

/**
 * What bowser made of each User-Agent seen lately (at most DESCRIBED_MAX, then forgotten all at
 * once). Parsing one runs dozens of regular expressions on every row of every devices list, and a
 * congregation's phones share a few hundred User-Agents; the result depends on the text alone,
 * so it is the same whoever sent it (no member's data is kept here beyond the browser's own text).
 */
const userAgents = new Map<string, Readonly<Pick<DeviceSession, "device" | "browser" | "os">>>();
const DESCRIBED_MAX = 1000;

function parseUserAgent(ua: string): Pick<DeviceSession, "device" | "browser" | "os"> {
  const p = Bowser.parse(ua);
  const major = (v?: string) => (v ? v.split(".")[0] : "");
  const browser = p.browser.name ? `${p.browser.name} ${major(p.browser.version)}`.trim() : null;
  const os = p.os.name ? `${p.os.name} ${p.os.versionName ?? major(p.os.version)}`.trim() : null;
  // A named model (iPhone, iPad, Pixel 7) only; a computer is told by its system (Windows 10, macOS).
  const device = p.platform.model ?? null;
  return { device, browser, os };
}

/**
 * The member's live sessions, most recently used first, at most DEVICE_SESSIONS_MAX: built and
 * planned once (db/prepared.ts), the index `sessions_user_idx` finds the member's few rows.
 */
const liveSessions = prepared("security.sessions", (db) =>
  db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: timeText(sessions.createdAt), lastUsedAt: timeText(sessions.lastUsedAt) })
    .from(sessions)
    .where(and(eq(sessions.userId, sql.placeholder("userId")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder("now"))))
    .orderBy(desc(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`), desc(sessions.id))
    .limit(DEVICE_SESSIONS_MAX),
);

/**
 * GET /api/me/sessions: the member's live sessions, most recently used first, this one marked.
 * Bounded: sessions expire (SESSION_TTL_DAYS) and sign-in is rate-limited; past
 * DEVICE_SESSIONS_MAX the oldest-used are not listed ("Sign out all other devices" ends them too).
 */
export async function listSessions(deps: Deps, userId: string, currentSessionId: string): Promise<DeviceSession[]> {
  const rows = await liveSessions(deps.db, { userId, now: deps.now() });
  return rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.userAgent),
    createdAt: isoOf(r.createdAt),
    lastUsedAt: r.lastUsedAt ? isoOf(r.lastUsedAt) : null,
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
