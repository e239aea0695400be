/**
 * Every API path, written once (docs/architecture.md, "Paths"). Each entry is a function that
 * builds the URL a client calls (`API.notes.one({ id })` -> "/api/personal-notes/8f…"), and
 * carries the pattern the server registers (`API.notes.one.pattern` -> "/api/personal-notes/:id").
 * The client's query keys are these URLs (spec section 7: the key's segments joined with "/"),
 * and the live events' refetch list (contract/events.ts) is built from the same functions.
 * Parameters are URL-encoded; a path without parameters is called with none.
 */

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type AllParams<P extends string> = ParamNames<P> | (P extends `${string}*` ? "*" : never);

export type PathParams<P extends string> = [AllParams<P>] extends [never] ? [] : [params: Record<AllParams<P>, string | number>];

export interface ApiPath<P extends string> {
  (...args: PathParams<P>): string;
  /** The pattern as the server registers it (Fastify's `:name` syntax). */
  readonly pattern: P;
}

export function apiPath<P extends string>(pattern: P): ApiPath<P> {
  const build = (...args: unknown[]) => {
    const params = (args[0] ?? {}) as Record<string, string | number>;
    return pattern.replace(/:([A-Za-z_]+)|\*$/g, (match, name: string | undefined) => {
      const value = params[name ?? match];
      if (value === undefined) throw new Error(`${pattern}: missing parameter ${name}`);
      return encodeURIComponent(String(value));
    });
  };
  return Object.assign(build, { pattern }) as ApiPath<P>;
}

export const API = {
  health: apiPath("/api/health"),
  auth: {
    register: apiPath("/api/auth/register"),
    login: apiPath("/api/auth/login"),
    logout: apiPath("/api/auth/logout"),
    locale: apiPath("/api/auth/locale"),
    forgotPassword: apiPath("/api/auth/forgot-password"),
    resetPassword: apiPath("/api/auth/reset-password"),
    /** The link a member opens to confirm a new email (issue 20). */
    confirmEmail: apiPath("/api/auth/confirm-email"),
    /** Passkeys and two-step sign-in (docs/decisions/0102). */
    passkeys: apiPath("/api/auth/passkeys"),
    passkey: apiPath("/api/auth/passkeys/:id"),
    passkeyRegisterOptions: apiPath("/api/auth/passkeys/register-options"),
    passkeyRegister: apiPath("/api/auth/passkeys/register"),
    passkeySignInOptions: apiPath("/api/auth/passkeys/sign-in-options"),
    passkeySignIn: apiPath("/api/auth/passkeys/sign-in"),
    twoStep: apiPath("/api/auth/two-step"),
    totpSetup: apiPath("/api/auth/two-step/totp/setup"),
    totpConfirm: apiPath("/api/auth/two-step/totp/confirm"),
    totpDisable: apiPath("/api/auth/two-step/totp/disable"),
    secondStep: apiPath("/api/auth/two-step/verify"),
    secondStepPasskeyOptions: apiPath("/api/auth/two-step/passkey-options"),
    staffTwoStep: apiPath("/api/auth/staff-two-step"),
  },
  /** The member's own data (issue 20, decision 0117): GET export downloads it, DELETE account erases the account. */
  myData: {
    account: apiPath("/api/me"),
    export: apiPath("/api/me/export"),
  },
  church: {
    me: apiPath("/api/church/me"),
    public: apiPath("/api/church/public"),
    manifest: apiPath("/manifest.webmanifest"),
    /** The uploaded logo's images: `file` is e.g. "512.png" or "maskable-192.png"; `version` makes the URL immutable. */
    logo: apiPath("/api/church/logo/:version/:file"),
  },
  /** The member's own profile (Profile → Edit, issue 20). */
  profile: {
    me: apiPath("/api/me"),
    photo: apiPath("/api/me/photo"),
    /** A member's photo, `size` "512" or "128" (square WebP); `version` makes the URL immutable. */
    memberPhoto: apiPath("/api/members/:id/photo/:version/:size"),
  },
  admin: {
    users: apiPath("/api/admin/users"),
    user: apiPath("/api/admin/users/:id"),
    outbox: apiPath("/api/admin/outbox"),
    emailHealth: apiPath("/api/admin/email-health"),
    emailRetry: apiPath("/api/admin/email/retry"),
    cardBreaker: apiPath("/api/admin/card-breaker"),
    cardBreakerResume: apiPath("/api/admin/card-breaker/resume"),
    resetSecondStep: apiPath("/api/admin/users/:id/reset-second-step"),
    analytics: apiPath("/api/admin/analytics"),
    activity: apiPath("/api/admin/activity"),
    /** Issue 19 (decision 0113): the finance permission, the audit log, every fund, the ledger and its totals. */
    userFinance: apiPath("/api/admin/users/:id/finance"),
    auditLog: apiPath("/api/admin/audit-log"),
    givingFunds: apiPath("/api/admin/giving/funds"),
    givingGifts: apiPath("/api/admin/giving/gifts"),
    givingRefund: apiPath("/api/admin/giving/gifts/:id/refund"),
    givingTotals: apiPath("/api/admin/giving/totals"),
    // cash and check batches (decision 0120)
    givingBatches: apiPath("/api/admin/giving/batches"),
    givingBatch: apiPath("/api/admin/giving/batches/:id"),
    givingBatchClose: apiPath("/api/admin/giving/batches/:id/close"),
    givingDonorSearch: apiPath("/api/admin/giving/donor-search"),
    /** A donor's page and the CSV export (issue 19, decision 0122). */
    givingDonor: apiPath("/api/admin/giving/donors/:userId"),
    givingExport: apiPath("/api/admin/giving/export.csv"),
    /** Year-end statements for every donor (issue 19; decision 0121): run a year, and its progress. */
    givingStatements: apiPath("/api/admin/giving/statements"),
    givingStatementRun: apiPath("/api/admin/giving/statements/:year"),
    /** Admin → Journeys and Admin → Challenges (decision 0108). */
    journeys: apiPath("/api/admin/journeys"),
    journey: apiPath("/api/admin/journeys/:id"),
    journeyDays: apiPath("/api/admin/journeys/:id/days"),
    journeyPreview: apiPath("/api/admin/journeys/:id/preview"),
    challenges: apiPath("/api/admin/challenges"),
    /** The church profile (Admin → Church, OWNER and PASTOR). */
    church: apiPath("/api/admin/church"),
    churchLogo: apiPath("/api/admin/church/logo"),
  },
  /** Staff's announcements (decision 0110). */
  announcements: {
    list: apiPath("/api/announcements"),
    cancel: apiPath("/api/announcements/:id/cancel"),
  },
  services: {
    list: apiPath("/api/services"),
    live: apiPath("/api/services/live"),
    one: apiPath("/api/services/:id"),
    polls: apiPath("/api/services/:id/polls"),
    questions: apiPath("/api/services/:id/questions"),
  },
  polls: {
    one: apiPath("/api/polls/:id"),
    vote: apiPath("/api/polls/:pollId/vote"),
    results: apiPath("/api/polls/:pollId/results"),
  },
  questions: {
    one: apiPath("/api/questions/:id"),
  },
  prayer: {
    requests: apiPath("/api/prayer-requests"),
    list: apiPath("/api/prayers"),
    pray: apiPath("/api/prayers/:id/pray"),
    answered: apiPath("/api/prayers/:id/answered"),
    hide: apiPath("/api/prayers/:id/hide"),
  },
  notes: {
    list: apiPath("/api/personal-notes"),
    one: apiPath("/api/personal-notes/:id"),
  },
  comments: {
    list: apiPath("/api/livestream-comments"),
    one: apiPath("/api/livestream-comments/:id"),
  },
  videos: {
    list: apiPath("/api/videos"),
    syncStatus: apiPath("/api/videos/sync-status"),
    mediaItems: apiPath("/api/media-items"),
    mediaItem: apiPath("/api/media-items/:id"),
  },
  events: {
    stream: apiPath("/api/events"),
  },
  testimonies: {
    list: apiPath("/api/testimonies"),
    amen: apiPath("/api/testimonies/:id/amen"),
    one: apiPath("/api/testimonies/:id"),
  },
  /** The church directory (issue 20, decision 0118): a member's own listing, and the search. */
  directory: {
    mine: apiPath("/api/me/directory"),
    search: apiPath("/api/directory"),
  },
  /** Members' photos (issue 20), served by the profile feature; built through contract/member-photo.ts. */
  members: {
    photo: apiPath("/api/members/:id/photo/:version/:size"),
  },
  /** Email choices (issue 20, decision 0118): the one-click unsubscribe of news emails (RFC 8058), without signing in. */
  email: {
    unsubscribe: apiPath("/api/email/unsubscribe"),
  },
  connect: {
    dailyEnroll: apiPath("/api/daily/enroll"),
    dailyPreview: apiPath("/api/daily/preview"),
    dailyUnsubscribe: apiPath("/api/daily/unsubscribe"),
    dailyAudio: apiPath("/api/daily/audio/:token"),
    journeys: apiPath("/api/daily/journeys"),
    challenges: apiPath("/api/challenges"),
    challenge: apiPath("/api/challenges/:id"),
    myChallenges: apiPath("/api/challenges/mine"),
    joinChallenge: apiPath("/api/challenges/:id/join"),
    challengeProgress: apiPath("/api/challenges/:id/progress"),
    media: apiPath("/api/media"),
  },
  /** Small groups (decision 0107). */
  groups: {
    list: apiPath("/api/groups"),
    mine: apiPath("/api/groups/mine"),
    one: apiPath("/api/groups/:id"),
    join: apiPath("/api/groups/:id/join"),
    leave: apiPath("/api/groups/:id/leave"),
    /** Roster and pending requests: the group's leaders and staff. */
    members: apiPath("/api/groups/:id/members"),
    /** `action` is approve or decline. */
    request: apiPath("/api/groups/:id/requests/:userId/:action"),
    /** Staff: every group, archived ones too. */
    admin: apiPath("/api/admin/groups"),
    /** Staff: members to name as leaders, by name or email. */
    people: apiPath("/api/admin/groups/people"),
  },
  giving: {
    history: apiPath("/api/giving/history"),
    recurring: apiPath("/api/giving/recurring"),
    oneTime: apiPath("/api/giving/one-time"),
    recurringAction: apiPath("/api/giving/recurring/:id/:action"),
    statement: apiPath("/api/giving/statement"),
    /** Funds (issue 19): GET for members, POST and PATCH for OWNER and PASTOR. */
    funds: apiPath("/api/giving/funds"),
    fund: apiPath("/api/giving/funds/:id"),
    /** The processing fee a giver may cover: GET for members, PUT for OWNER and PASTOR. */
    fee: apiPath("/api/giving/fee"),
    /** A stopped recurring gift's card update link (decision 0121): GET the gift, POST the new card. No sign-in: the link is the key. */
    cardUpdate: apiPath("/api/giving/card-update"),
  },
  wallet: {
    roundupSetting: apiPath("/api/roundup/setting"),
    roundupEnable: apiPath("/api/roundup/enable"),
    balance: apiPath("/api/wallet/balance"),
    transactions: apiPath("/api/wallet/transactions"),
    overview: apiPath("/api/wallet/overview"),
    processRoundups: apiPath("/api/wallet/process-roundups"),
    paymentMethods: apiPath("/api/wallet/payment-methods"),
    paymentMethod: apiPath("/api/wallet/payment-methods/:id"),
    plaidLinkToken: apiPath("/api/wallet/plaid/link-token"),
    plaidExchangeToken: apiPath("/api/wallet/plaid/exchange-token"),
    deposits: apiPath("/api/wallet/deposits"),
    give: apiPath("/api/wallet/give"),
  },
  /** A member's own sign-in details (issue 20): password, email, devices. */
  security: {
    password: apiPath("/api/me/password"),
    email: apiPath("/api/me/email"),
    sessions: apiPath("/api/me/sessions"),
    session: apiPath("/api/me/sessions/:id"),
    signOutOthers: apiPath("/api/me/sessions/sign-out-others"),
  },
  visitors: {
    list: apiPath("/api/visitors"),
    one: apiPath("/api/visitors/:id"),
  },
  aiPrayer: {
    messages: apiPath("/api/ai-prayer/messages"),
  },
  integrations: {
    list: apiPath("/api/integrations"),
    ghlAuthorize: apiPath("/api/integrations/ghl/authorize"),
    ghlCallback: apiPath("/api/integrations/ghl/callback"),
    oauthPopupScript: apiPath("/api/integrations/oauth-popup.js"),
    voiceConnect: apiPath("/api/integrations/voice_ai/connect"),
    test: apiPath("/api/integrations/:provider/test"),
    one: apiPath("/api/integrations/:id"),
  },
  /** The events calendar and the week (docs/decisions/0109). */
  calendar: {
    /** GET ?from&to (occurrences in the range), POST (staff). */
    events: apiPath("/api/calendar/events"),
    event: apiPath("/api/calendar/events/:id"),
    rsvp: apiPath("/api/calendar/events/:id/rsvp"),
    /** The asker's own registrations in a range (the list itself is the same for every member). */
    registrations: apiPath("/api/calendar/registrations"),
    /** Staff: who is going and who waits, per upcoming occurrence. */
    rsvps: apiPath("/api/calendar/events/:id/rsvps"),
    /** "Add to calendar": one event as an .ics file. */
    eventIcs: apiPath("/api/calendar/events/:id/event.ics"),
    /** Staff: every event with its next occurrence's counts. */
    manage: apiPath("/api/calendar/manage"),
    /** The public iCalendar feed (RFC 5545). */
    feed: apiPath("/api/calendar.ics"),
    week: apiPath("/api/week"),
  },
  notifications: {
    list: apiPath("/api/notifications"),
    read: apiPath("/api/notifications/:id/read"),
    readAll: apiPath("/api/notifications/read-all"),
    vapidPublicKey: apiPath("/api/notifications/vapid-public-key"),
    preferences: apiPath("/api/notifications/preferences"),
    registerToken: apiPath("/api/notifications/register-token"),
    /** The subscription's endpoint URL is the wildcard: `token({ "*": endpoint })`, URL-encoded. */
    token: apiPath("/api/notifications/token/*"),
  },
  /** Browser tests only (TEST_HOOKS=true, refused in production). */
  test: {
    collectRoundUps: apiPath("/api/test/wallet/collect-round-ups"),
    /** Moves the caller's completed gifts back one year (statements for last year in the browser tests). */
    giftsToLastYear: apiPath("/api/test/giving/gifts-to-last-year"),
    /** Stops the caller's recurring gift as if every retry had failed, and answers a card update link for it. */
    stopRecurring: apiPath("/api/test/giving/recurring/:id/stop"),
  },
} as const;
