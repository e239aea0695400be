/**
 * The role matrix: every API route (method and URL pattern, exactly as Fastify registers it)
 * and who may call it. This table is the one place a reviewer reads to know who can do what.
 *   public  anyone, signed in or not
 *   member  any signed-in user (401 without a valid session)
 *   staff   OWNER, PASTOR or STAFF (403 for members)
 *   pastor  OWNER or PASTOR (403 for STAFF and members)
 *   finance OWNER, or a user granted the finance permission (decision 0113)
 *   staffOrFinance  staff, or a user granted the finance permission (decision 0122)
 *   owner   OWNER only (403 for everyone else signed in)
 * Each route also states its access in `config.access` next to its handler (http/auth.ts guards
 * by it); server/security/route-matrix.test.ts fails when a registered route is missing here,
 * when this table names a route that does not exist, when a route's `config.access` disagrees
 * with this table, and when any role gets a different answer than the table says (decision 0064).
 */
import type { Access } from "../http/auth";

export const ROUTE_ACCESS = {
  // health
  "GET /api/health": "public",
  // auth
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/logout": "member",
  "PUT /api/auth/locale": "member",
  // the member's own data (issue 20, decision 0117)
  "GET /api/me/export": "member",
  // Profile → Edit (issue 20, decision 0115): one's own names, phone, language and photo; a
  // photo's versioned URL is read by signed-in members (the directory decides who learns it).
  "PATCH /api/me": "member",
  "PUT /api/me/photo": "member",
  "DELETE /api/me/photo": "member",
  "GET /api/members/:id/photo/:version/:size": "member",
  "DELETE /api/me": "member",
  // Profile → Sign-in and security (issue 20); the link that confirms a new email may open signed out.
  "POST /api/auth/confirm-email": "public",
  "POST /api/me/password": "member",
  "GET /api/me/email": "member",
  "POST /api/me/email": "member",
  "GET /api/me/sessions": "member",
  "POST /api/me/sessions/sign-out-others": "member",
  "DELETE /api/me/sessions/:id": "member",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password": "public",
  // auth: passkeys and two-step sign-in (docs/decisions/0102)
  "GET /api/auth/passkeys": "member",
  "PATCH /api/auth/passkeys/:id": "member",
  "DELETE /api/auth/passkeys/:id": "member",
  "POST /api/auth/passkeys/register-options": "member",
  "POST /api/auth/passkeys/register": "member",
  "POST /api/auth/passkeys/sign-in-options": "public",
  "POST /api/auth/passkeys/sign-in": "public",
  "GET /api/auth/two-step": "member",
  "POST /api/auth/two-step/totp/setup": "member",
  "POST /api/auth/two-step/totp/confirm": "member",
  "POST /api/auth/two-step/totp/disable": "member",
  "POST /api/auth/two-step/verify": "public",
  "POST /api/auth/two-step/passkey-options": "public",
  "GET /api/auth/staff-two-step": "owner",
  "PUT /api/auth/staff-two-step": "owner",
  // church
  "GET /api/church/me": "member",
  "GET /api/church/public": "public",
  "GET /api/church/logo/:version/:file": "public",
  // admin
  "GET /api/admin/users": "owner",
  "PATCH /api/admin/users/:id": "owner",
  "GET /api/admin/outbox": "staff",
  "GET /api/admin/email-health": "staff",
  "POST /api/admin/email/retry": "owner",
  "GET /api/admin/card-breaker": "staff",
  "POST /api/admin/card-breaker/resume": "owner",
  "POST /api/admin/users/:id/reset-second-step": "owner",
  "GET /api/admin/analytics": "staff",
  "GET /api/admin/activity": "staff",
  "PATCH /api/admin/church": "pastor",
  "PUT /api/admin/church/logo": "pastor",
  "DELETE /api/admin/church/logo": "pastor",
  // services
  "GET /api/services/live": "member",
  "GET /api/services": "member",
  "POST /api/services": "staff",
  "PATCH /api/services/:id": "staff",
  "POST /api/services/:id/polls": "staff",
  "POST /api/services/:id/questions": "member",
  "GET /api/services/:id/questions": "member",
  // polls
  "PATCH /api/polls/:id": "staff",
  "POST /api/polls/:pollId/vote": "member",
  "GET /api/polls/:pollId/results": "member",
  // questions
  "PATCH /api/questions/:id": "staff",
  // prayer-requests
  "POST /api/prayer-requests": "member",
  // prayers
  "GET /api/prayers": "member",
  "POST /api/prayers/:id/pray": "member",
  "POST /api/prayers/:id/answered": "member",
  "POST /api/prayers/:id/hide": "staff",
  // personal-notes
  "GET /api/personal-notes": "member",
  "GET /api/personal-notes/:id": "member",
  "POST /api/personal-notes": "member",
  "PUT /api/personal-notes/:id": "member",
  "DELETE /api/personal-notes/:id": "member",
  // livestream-comments
  "GET /api/livestream-comments": "member",
  "POST /api/livestream-comments": "member",
  "DELETE /api/livestream-comments/:id": "staff",
  // announcements (decision 0110)
  "GET /api/announcements": "staff",
  "POST /api/announcements": "staff",
  "POST /api/announcements/:id/cancel": "staff",
  // videos
  "GET /api/videos": "member",
  "GET /api/videos/sync-status": "staff",
  // media-items
  "GET /api/media-items": "staff",
  "POST /api/media-items": "staff",
  "DELETE /api/media-items/:id": "staff",
  // events
  "GET /api/events": "member",
  // testimonies
  "GET /api/testimonies": "member",
  "POST /api/testimonies": "member",
  "POST /api/testimonies/:id/amen": "member",
  "PATCH /api/testimonies/:id": "staff",
  // daily
  "POST /api/daily/enroll": "member",
  "GET /api/daily/preview": "member",
  "GET /api/daily/unsubscribe": "public",
  "POST /api/daily/unsubscribe": "public",
  "GET /api/daily/audio/:token": "public",
  "GET /api/daily/journeys": "member",
  // journeys authored by staff (decision 0108)
  "GET /api/admin/journeys": "staff",
  "POST /api/admin/journeys": "staff",
  "GET /api/admin/journeys/:id": "staff",
  "PATCH /api/admin/journeys/:id": "staff",
  "PUT /api/admin/journeys/:id/days": "staff",
  "GET /api/admin/journeys/:id/preview": "staff",
  // challenges
  "GET /api/challenges": "member",
  "POST /api/challenges": "staff",
  "PATCH /api/challenges/:id": "staff",
  "DELETE /api/challenges/:id": "staff",
  "GET /api/admin/challenges": "staff",
  "GET /api/challenges/mine": "member",
  "POST /api/challenges/:id/join": "member",
  "POST /api/challenges/:id/progress": "member",
  // groups
  "GET /api/groups": "member",
  "GET /api/groups/mine": "member",
  "POST /api/groups/:id/join": "member",
  "POST /api/groups/:id/leave": "member",
  "GET /api/groups/:id/members": "member",
  "POST /api/groups/:id/requests/:userId/:action": "member",
  "POST /api/groups": "staff",
  "PATCH /api/groups/:id": "staff",
  "DELETE /api/groups/:id": "staff",
  "GET /api/admin/groups": "staff",
  "GET /api/admin/groups/people": "staff",
  // media
  "GET /api/media": "member",
  // giving
  "GET /api/giving/history": "member",
  "GET /api/giving/recurring": "member",
  "POST /api/giving/one-time": "member",
  "POST /api/giving/recurring": "member",
  "POST /api/giving/recurring/:id/:action": "member",
  "GET /api/giving/statement": "member",
  // giving: funds and the processing fee (issue 19; decision 0113)
  "GET /api/giving/funds": "member",
  "POST /api/giving/funds": "pastor",
  "PATCH /api/giving/funds/:id": "pastor",
  "GET /api/giving/fee": "member",
  "PUT /api/giving/fee": "pastor",
  "GET /api/admin/giving/funds": "staffOrFinance",
  "GET /api/admin/giving/totals": "staffOrFinance",
  "GET /api/admin/giving/gifts": "finance",
  // cash and check batches (issue 19; decision 0120): donor-level money, so finance
  "GET /api/admin/giving/batches": "finance",
  "POST /api/admin/giving/batches": "finance",
  "GET /api/admin/giving/batches/:id": "finance",
  "PATCH /api/admin/giving/batches/:id": "finance",
  "POST /api/admin/giving/batches/:id/close": "finance",
  "GET /api/admin/giving/donor-search": "finance",
  "POST /api/admin/giving/gifts/:id/refund": "finance",
  "GET /api/admin/giving/donors/:userId": "finance",
  "GET /api/admin/giving/export.csv": "finance",
  // year-end statements and a stopped gift's card update link (issue 19; decision 0121)
  "POST /api/admin/giving/statements": "finance",
  "GET /api/admin/giving/statements/:year": "finance",
  "GET /api/giving/card-update": "public",
  "POST /api/giving/card-update": "public",
  "PUT /api/admin/users/:id/finance": "owner",
  "GET /api/admin/audit-log": "owner",
  // roundup
  "GET /api/roundup/setting": "member",
  "POST /api/roundup/enable": "member",
  // wallet
  "GET /api/wallet/balance": "member",
  "GET /api/wallet/transactions": "member",
  "GET /api/wallet/overview": "member",
  "POST /api/wallet/process-roundups": "member",
  "GET /api/wallet/payment-methods": "member",
  "POST /api/wallet/payment-methods": "member",
  "PUT /api/wallet/payment-methods/:id": "member",
  "DELETE /api/wallet/payment-methods/:id": "member",
  "POST /api/wallet/plaid/link-token": "member",
  "POST /api/wallet/plaid/exchange-token": "member",
  "POST /api/wallet/deposits": "member",
  "POST /api/wallet/give": "member",
  // visitors
  "POST /api/visitors": "public",
  "GET /api/visitors": "staff",
  "PATCH /api/visitors/:id": "staff",
  // ai-prayer
  "POST /api/ai-prayer/messages": "member",
  // integrations
  "GET /api/integrations": "staff",
  "GET /api/integrations/ghl/authorize": "staff",
  "GET /api/integrations/ghl/callback": "public",
  "GET /api/integrations/oauth-popup.js": "public",
  "POST /api/integrations/voice_ai/connect": "staff",
  "POST /api/integrations/:provider/test": "staff",
  "DELETE /api/integrations/:id": "staff",
  // calendar (docs/decisions/0109)
  "GET /api/calendar/events": "member",
  "POST /api/calendar/events": "staff",
  "GET /api/calendar/events/:id": "member",
  "PATCH /api/calendar/events/:id": "staff",
  "DELETE /api/calendar/events/:id": "staff",
  "POST /api/calendar/events/:id/rsvp": "member",
  "DELETE /api/calendar/events/:id/rsvp": "member",
  "GET /api/calendar/events/:id/rsvps": "staff",
  "GET /api/calendar/registrations": "member",
  "GET /api/calendar/events/:id/event.ics": "public",
  "GET /api/calendar/manage": "staff",
  "GET /api/calendar.ics": "public",
  "GET /api/week": "member",
  // notifications
  "GET /api/notifications": "member",
  "POST /api/notifications/:id/read": "member",
  "POST /api/notifications/read-all": "member",
  "GET /api/notifications/vapid-public-key": "member",
  "GET /api/notifications/preferences": "member",
  "PUT /api/notifications/preferences": "member",
  "POST /api/notifications/register-token": "member",
  "DELETE /api/notifications/token/*": "member",
  // email choices: the one-click unsubscribe, without signing in (decision 0118)
  "GET /api/email/unsubscribe": "public",
  "POST /api/email/unsubscribe": "public",
  // directory (decision 0118)
  "GET /api/me/directory": "member",
  "PUT /api/me/directory": "member",
  "GET /api/directory": "member",
} as const satisfies Record<string, Access>;

export type RouteKey = keyof typeof ROUTE_ACCESS;
