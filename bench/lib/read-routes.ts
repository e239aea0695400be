/**
 * Every GET route of the app and how the reads scenario (bench/reads.bench.ts, issue 23)
 * measures it: as which caller, with which real ids and query, against which goal; or why it is
 * not a read a member or staff member uses (exempt). The routes come from the role matrix
 * (server/security/route-matrix.ts), which server/security/route-matrix.test.ts keeps equal to
 * the routes Fastify registers, so a new GET route without a line here fails `checkReadPlan`
 * (the bench's own check, and server/security/read-plan.test.ts in `npm test`).
 */
import { ROUTE_ACCESS } from "../../server/security/route-matrix";
import type { Congregation } from "./seed";

/** member: ≥ 0.5 of the same run's PostgreSQL point-select rate, p99 < 30 ms; staff: ≥ 0.25, p99 < 100 ms. */
export type ReadGoal = "member" | "staff";
export const READ_GOALS: Record<ReadGoal, { ratio: number; p99Ms: number }> = {
  member: { ratio: 0.5, p99Ms: 30 },
  staff: { ratio: 0.25, p99Ms: 100 },
};

/** The ids a path needs, from the seeded congregation (bench/lib/seed.ts). */
export interface ReadIds {
  liveServiceId: string;
  pollId: string;
  journeyId: string;
  eventId: string;
}

export interface MeasuredRead {
  goal: ReadGoal;
  /**
   * Who asks: every member in turn (`members`), each group's leader for their group (`leaders`),
   * the pastor (staff), or the owner (owner-only and finance routes).
   */
  as: "members" | "leaders" | "pastor" | "owner";
  /** The path with its params filled (and query); `mine` is the asking member's own newest note, or the leader's group. */
  path?: (ids: ReadIds, mine: { noteId?: string; groupId?: string }) => string;
}
export interface ExemptRead {
  exempt: string;
}
export type ReadPlan = MeasuredRead | ExemptRead;

const DAY = 86_400_000;
/** This month's calendar range, as the calendar screen asks it. */
function monthRange() {
  const start = new Date(Date.now() - 3 * DAY);
  start.setUTCHours(0, 0, 0, 0);
  const end = new Date(start.getTime() + 31 * DAY);
  return `from=${encodeURIComponent(start.toISOString())}&to=${encodeURIComponent(end.toISOString())}`;
}

const m = (path?: MeasuredRead["path"]): MeasuredRead => ({ goal: "member", as: "members", ...(path && { path }) });
const staff = (path?: MeasuredRead["path"]): MeasuredRead => ({ goal: "staff", as: "pastor", ...(path && { path }) });
const owner = (path?: MeasuredRead["path"]): MeasuredRead => ({ goal: "staff", as: "owner", ...(path && { path }) });

export const READ_PLAN: Record<string, ReadPlan> = {
  "GET /api/health": { exempt: "the load balancer's health check, not a member's read" },
  "GET /api/me/export": { exempt: "a download of all one's data, ten an hour (rate-limited): a file, not a screen's read" },
  "GET /api/members/:id/photo/:version/:size": { exempt: "an image file, cached by the browser for good (versioned URL)" },
  "GET /api/church/logo/:version/:file": { exempt: "an image file, cached by the browser for good (versioned URL)" },
  "GET /api/events": { exempt: "the live event stream (SSE): measured by event-stream.bench.ts" },
  "GET /api/daily/unsubscribe": { exempt: "a page opened from a journey email's link, signed out" },
  "GET /api/daily/audio/:token": { exempt: "an audio file behind a token from the daily email" },
  "GET /api/integrations/ghl/authorize": { exempt: "starts an OAuth sign-in with the CRM: a redirect, once per connection" },
  "GET /api/integrations/ghl/callback": { exempt: "the CRM's OAuth redirect back, once per connection" },
  "GET /api/integrations/oauth-popup.js": { exempt: "a static script for the OAuth popup" },
  "GET /api/calendar/events/:id/event.ics": { exempt: "a calendar file for one event (Add to calendar), signed out" },
  "GET /api/calendar.ics": { exempt: "the calendar feed calendar apps poll, signed out" },
  "GET /api/email/unsubscribe": { exempt: "a page opened from an email's unsubscribe link, signed out" },

  // A member's own and the church's reads.
  "GET /api/church/me": m(),
  "GET /api/church/public": m(),
  "GET /api/me/email": m(),
  "GET /api/me/sessions": m(),
  "GET /api/auth/passkeys": m(),
  "GET /api/auth/two-step": m(),
  "GET /api/services/live": m(),
  "GET /api/services": m(),
  "GET /api/services/:id/questions": m((ids) => `/api/services/${ids.liveServiceId}/questions`),
  "GET /api/polls/:pollId/results": m((ids) => `/api/polls/${ids.pollId}/results`),
  "GET /api/prayers": m(),
  "GET /api/personal-notes": m(),
  "GET /api/personal-notes/:id": m((_ids, mine) => `/api/personal-notes/${mine.noteId}`),
  "GET /api/livestream-comments": m(),
  "GET /api/videos": m(),
  "GET /api/testimonies": m(),
  "GET /api/daily/preview": m(),
  "GET /api/daily/journeys": m(),
  "GET /api/challenges": m(),
  "GET /api/challenges/mine": m(),
  // Keyset pages (decision 0125): the first page, as Connect opens it; a later page is the same index range from the cursor.
  "GET /api/groups": m(),
  "GET /api/groups/mine": m(),
  "GET /api/groups/:id/members": { goal: "member", as: "leaders", path: (_ids, mine) => `/api/groups/${mine.groupId}/members` },
  "GET /api/media": m(),
  "GET /api/giving/history": m(),
  "GET /api/giving/recurring": m(),
  "GET /api/giving/statement": m(),
  "GET /api/giving/funds": m(),
  "GET /api/giving/fee": m(),
  "GET /api/roundup/setting": m(),
  "GET /api/wallet/balance": m(),
  "GET /api/wallet/transactions": m(),
  "GET /api/wallet/overview": m(),
  "GET /api/wallet/payment-methods": m(),
  "GET /api/calendar/events": m(() => `/api/calendar/events?${monthRange()}`),
  "GET /api/calendar/registrations": m(() => `/api/calendar/registrations?${monthRange()}`),
  "GET /api/week": m(),
  "GET /api/notifications": m(),
  "GET /api/notifications/vapid-public-key": m(),
  "GET /api/notifications/preferences": m(),
  "GET /api/me/directory": m(),
  "GET /api/directory": m(),

  // Staff screens and reports.
  "GET /api/admin/outbox": staff(),
  "GET /api/admin/email-health": staff(),
  "GET /api/admin/card-breaker": staff(),
  "GET /api/admin/analytics": staff(),
  "GET /api/admin/activity": staff(),
  "GET /api/announcements": staff(),
  "GET /api/videos/sync-status": staff(),
  "GET /api/media-items": staff(),
  "GET /api/admin/journeys": staff(),
  "GET /api/admin/journeys/:id": staff((ids) => `/api/admin/journeys/${ids.journeyId}`),
  "GET /api/admin/journeys/:id/preview": staff((ids) => `/api/admin/journeys/${ids.journeyId}/preview?day=1`),
  "GET /api/admin/challenges": staff(),
  "GET /api/admin/groups": staff(),
  "GET /api/admin/groups/people": staff(() => `/api/admin/groups/people?q=mar`),
  "GET /api/admin/giving/funds": staff(),
  "GET /api/admin/giving/totals": staff(),
  "GET /api/visitors": staff(),
  "GET /api/integrations": staff(),
  "GET /api/calendar/events/:id/rsvps": staff((ids) => `/api/calendar/events/${ids.eventId}/rsvps`),
  "GET /api/calendar/manage": staff(),
  "GET /api/auth/staff-two-step": owner(),
  "GET /api/admin/users": owner(),
  "GET /api/admin/giving/gifts": owner(),
  // Issue 19's treasurer screens and issue 18's event details (merged after the plan was written).
  "GET /api/admin/giving/batches": owner(),
  "GET /api/admin/giving/batches/:id": { exempt: "one cash and check batch, opened by the treasurer a few times a week; the list is measured (a seeded batch id would let it be: to do)" },
  // A name nobody in the bench's congregation has: the search's dearest path (every part of
  // decision 0145's order is read, and the old walk of the name index read every member).
  "GET /api/admin/giving/donor-search": owner(() => "/api/admin/giving/donor-search?q=zacchaeus"),
  "GET /api/admin/giving/donors/:userId": { exempt: "a donor's page, opened by the treasurer now and then (a seeded donor id would let it be measured: to do)" },
  "GET /api/admin/giving/export.csv": { exempt: "a download, 30 an hour (rate-limited): its memory is measured by giving-ledger.bench.ts" },
  "GET /api/admin/giving/statements/:year": owner(() => `/api/admin/giving/statements/${new Date().getUTCFullYear() - 1}`),
  "GET /api/giving/card-update": { exempt: "a page opened from a failed gift's email link, signed out" },
  "GET /api/calendar/events/:id": m((ids) => `/api/calendar/events/${ids.eventId}`),
  "GET /api/admin/audit-log": owner(),
};

/** The app's GET routes, from the role matrix (kept equal to Fastify's routes by its test). */
export function getRoutes(matrix: Record<string, unknown> = ROUTE_ACCESS): string[] {
  return Object.keys(matrix).filter((k) => k.startsWith("GET "));
}

/**
 * `missing`: GET routes with neither a measurement nor a stated exemption (a new route must get
 * one); `stale`: lines of the plan for routes that no longer exist.
 */
export function checkReadPlan(routes: string[] = getRoutes(), plan: Record<string, ReadPlan> = READ_PLAN) {
  const have = new Set(routes);
  return {
    missing: routes.filter((r) => !(r in plan)),
    stale: Object.keys(plan).filter((r) => !have.has(r)),
  };
}

export const isExempt = (p: ReadPlan): p is ExemptRead => "exempt" in p;

/** The literal path of a parameterless route (`GET /api/groups` -> `/api/groups`). */
export const routePath = (route: string) => route.slice(route.indexOf(" ") + 1);

/**
 * The requests that measure a route, rotated by the load: each member with their own path (their
 * own note), each group's leader with their group, or the one staff caller. Its first path is the
 * load's URL.
 */
export function asksFor(route: string, plan: MeasuredRead, c: Congregation): { token: string; path: string }[] {
  const ids = c.ids;
  return plan.as === "members"
    ? c.members.map((x) => ({ token: x.token, path: plan.path ? plan.path(ids, { noteId: ids.noteByMember[x.id] }) : routePath(route) }))
    : plan.as === "leaders"
      ? ids.leaders.map((l) => ({ token: l.token, path: plan.path ? plan.path(ids, { groupId: l.groupId }) : routePath(route) }))
      : [{ token: plan.as === "owner" ? c.ownerToken : c.pastorToken, path: plan.path ? plan.path(ids, {}) : routePath(route) }];
}
