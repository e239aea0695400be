/**
 * Environment -> typed config, checked once at start. A bad value stops the server with a
 * message naming the variable (see README, Configuration, and .env.example).
 */
import { z } from "zod";
import net from "node:net";
import path from "node:path";
import { ROUNDUP_COLLECT_MIN_CENTS } from "../contract/wallet";

/**
 * Limits on routes that write content or call an outside provider (server/http/write-limits.ts;
 * docs/security.md, "Limits on writes"): per signed-in member, or per address on a public form.
 * Sliding windows counted in PostgreSQL, so every server instance shares them. RATE_LIMITS
 * overrides any of them. Giving and the wallet have their own (GIVING_RATE_LIMIT_*).
 */
export const WRITE_LIMITS = {
  /** POST /api/daily/unsubscribe: the journey email's one-click unsubscribe, without signing in, so per address. */
  journeyUnsubscribe: { per: "address", count: 30, windowSeconds: 3600 },
  /** PUT /api/me/directory (the member's directory switches, issue 20). */
  directorySettings: { per: "member", count: 60, windowSeconds: 3600 },
  /** POST /api/email/unsubscribe: without signing in, so per address; writes at most one opt-out row per token. */
  emailUnsubscribe: { per: "address", count: 30, windowSeconds: 3600 },
  /** POST /api/prayer-requests */
  prayerRequest: { per: "member", count: 10, windowSeconds: 3600 },
  /** ...and the urgent ones among them, each of which emails the church's prayer team. */
  urgentPrayerRequest: { per: "member", count: 3, windowSeconds: 3600 },
  /** POST /api/prayers/:id/pray (once per prayer; the limit stops a sweep of the wall by script). */
  prayerPray: { per: "member", count: 120, windowSeconds: 600 },
  /** POST /api/prayers/:id/answered (tells everyone who prayed). */
  prayerAnswered: { per: "member", count: 20, windowSeconds: 3600 },
  /** POST /api/testimonies */
  testimony: { per: "member", count: 5, windowSeconds: 3600 },
  /** POST /api/testimonies/:id/amen */
  testimonyAmen: { per: "member", count: 120, windowSeconds: 600 },
  /** POST /api/services/:id/questions */
  question: { per: "member", count: 10, windowSeconds: 600 },
  /** POST /api/livestream-comments */
  comment: { per: "member", count: 30, windowSeconds: 600 },
  /** POST, PUT and DELETE /api/personal-notes */
  note: { per: "member", count: 60, windowSeconds: 600 },
  /** POST /api/ai-prayer/messages (each one a call to the AI provider). */
  aiPrayer: { per: "member", count: 20, windowSeconds: 600 },
  /** POST /api/daily/enroll (sends day 1 by email at once). */
  journeyEnroll: { per: "member", count: 3, windowSeconds: 86_400 },
  /** Admin → Journeys: POST /api/admin/journeys, PATCH /api/admin/journeys/:id, PUT /api/admin/journeys/:id/days (staff). */
  journeyAuthoring: { per: "member", count: 60, windowSeconds: 600 },
  /** Admin → Challenges: POST /api/challenges, PATCH and DELETE /api/challenges/:id (staff). */
  challengeAuthoring: { per: "member", count: 60, windowSeconds: 600 },
  /** POST /api/notifications/register-token */
  pushToken: { per: "member", count: 10, windowSeconds: 3600 },
  /** PUT /api/notifications/preferences */
  notificationPreferences: { per: "member", count: 30, windowSeconds: 600 },
  /** POST /api/visitors: a public form, so per address. */
  visitorCard: { per: "address", count: 10, windowSeconds: 3600 },
  /** Adding, renaming and removing one's passkeys (each WebAuthn ceremony writes a challenge). */
  passkey: { per: "member", count: 30, windowSeconds: 3600 },
  /** Setting up, confirming and turning off the authenticator app (TOTP). */
  twoStepSetup: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/giving/recurring/:id/:action (pause, resume, cancel). */
  recurringChange: { per: "member", count: 30, windowSeconds: 3600 },
  /** PUT (make default) and DELETE (remove; a bank's removal revokes its token at the bank) /api/wallet/payment-methods/:id. */
  paymentMethodChange: { per: "member", count: 30, windowSeconds: 3600 },
  /** POST /api/wallet/plaid/link-token (a call to the bank provider). */
  bankLinkToken: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/wallet/plaid/exchange-token (a call to the bank provider; also counted by the money limit wallet-bank). */
  bankLink: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/wallet/process-roundups (syncs purchases from the bank provider). */
  roundUpSync: { per: "member", count: 20, windowSeconds: 600 },
  /** POST /api/announcements and .../cancel (each announcement may reach every member by push and email). */
  announcement: { per: "member", count: 20, windowSeconds: 3600 },
  /** POST /api/roundup/enable */
  roundUpSetting: { per: "member", count: 30, windowSeconds: 600 },
  /** POST /api/groups/:id/join and /leave (a join may ask a group's leaders to approve). */
  groupJoin: { per: "member", count: 30, windowSeconds: 3600 },
  /** POST /api/groups/:id/requests/:userId/:action: a leader approves or declines. */
  groupRequestDecision: { per: "member", count: 120, windowSeconds: 3600 },
  /** Staff: POST /api/groups, PATCH and DELETE /api/groups/:id. */
  groupAuthor: { per: "member", count: 120, windowSeconds: 3600 },
  /** Finance: POST /api/admin/giving/batches, PATCH .../:id, POST .../:id/close (cash and check batches, decision 0120). */
  givingBatch: { per: "member", count: 120, windowSeconds: 3600 },
  /** POST /api/admin/card-breaker/resume (owner): ends a card-testing pause early. */
  cardBreakerResume: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/admin/users/:id/reset-second-step (owner): signs a member out everywhere and emails them. */
  secondStepReset: { per: "member", count: 20, windowSeconds: 3600 },
  /** PATCH /api/admin/church, PUT and DELETE /api/admin/church/logo (each change reaches every member's screen). */
  churchProfile: { per: "member", count: 60, windowSeconds: 3600 },
  /** POST and DELETE /api/calendar/events/:id/rsvp (register, cancel: each may move the waitlist). */
  calendarRsvp: { per: "member", count: 60, windowSeconds: 600 },
  /** Staff: POST, PATCH and DELETE /api/calendar/events (each change refetches every member's calendar). */
  calendarEvent: { per: "member", count: 120, windowSeconds: 3600 },
  /** PATCH /api/me: names, phone, language (Profile → Edit). */
  profile: { per: "member", count: 30, windowSeconds: 3600 },
  /** PUT and DELETE /api/me/photo: each upload decodes and re-encodes an image of up to 10 MB. */
  profilePhoto: { per: "member", count: 20, windowSeconds: 3600 },
  /** GET /api/me/export: a read, but a heavy one (every table the member appears in). */
  dataExport: { per: "member", count: 10, windowSeconds: 3600 },
  /** GET /api/admin/giving/export.csv (finance): a read, but a heavy one (every gift of a range, streamed). */
  givingExport: { per: "member", count: 30, windowSeconds: 3600 },
  /** DELETE /api/me: checks the password, so the limit also bounds guessing it. */
  accountDelete: { per: "member", count: 5, windowSeconds: 3600 },
  /** POST /api/me/password (emails the member; wrong current passwords are also slowed down like sign-in's). */
  passwordChange: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/me/email (emails the new and the old address). */
  emailChange: { per: "member", count: 5, windowSeconds: 3600 },
  /** POST /api/auth/confirm-email: public (the link may open signed out), so per address. */
  emailConfirm: { per: "address", count: 20, windowSeconds: 3600 },
  /** DELETE /api/me/sessions/:id and POST /api/me/sessions/sign-out-others. */
  sessionSignOut: { per: "member", count: 30, windowSeconds: 3600 },
  /** POST /api/admin/giving/statements (finance): each run may email every donor of a year (decision 0121). */
  statementRun: { per: "member", count: 10, windowSeconds: 3600 },
  /** POST /api/giving/card-update: a stopped gift's single-use link, without signing in, so per address; each one stores a card at the gateway. */
  cardUpdate: { per: "address", count: 20, windowSeconds: 3600 },
} as const satisfies Record<string, { per: "member" | "address"; count: number; windowSeconds: number }>;
export type WriteLimitName = keyof typeof WRITE_LIMITS;
export type WriteLimit = { per: "member" | "address"; count: number; windowSeconds: number };

/** RATE_LIMITS: `name=count/seconds` or `name=count`, comma-separated; the name `*` sets every limit's count. */
const ZWriteLimits = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const limits: Record<WriteLimitName, WriteLimit> = { ...WRITE_LIMITS };
    const names = Object.keys(WRITE_LIMITS) as WriteLimitName[];
    for (const part of (text ?? "").split(",").map((p) => p.trim()).filter(Boolean)) {
      const m = /^([*A-Za-z]+)=(\d+)(?:\/(\d+))?$/.exec(part);
      const name = m?.[1];
      if (!m || !name || (name !== "*" && !names.includes(name as WriteLimitName)) || Number(m[2]) < 1 || (m[3] !== undefined && Number(m[3]) < 1)) {
        ctx.addIssue({ code: "custom", message: `"${part}" is not name=count or name=count/seconds with a name of ${names.join(", ")} or *` });
        return z.NEVER;
      }
      for (const n of name === "*" ? names : [name as WriteLimitName]) {
        limits[n] = { ...limits[n], count: Number(m[2]), ...(m[3] !== undefined ? { windowSeconds: Number(m[3]) } : {}) };
      }
    }
    return limits;
  });

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
/**
 * TRUST_PROXY: which proxies in front of the app may speak for the caller in X-Forwarded-For.
 * `false` (none), a hop count (`1`: one proxy), or the proxies' addresses and CIDRs
 * (`10.0.0.0/8,127.0.0.1`). `true` is refused: it trusted every entry, so a caller wrote its own
 * address into the header and the per-address limits never held (decision 0091).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  if (v === "false" || v === "0" || v === "no") return false;
  if (v === "true" || v === "yes") {
    ctx.addIssue({
      code: "custom",
      message: "true is no longer accepted (it trusts whatever address a caller writes in X-Forwarded-For): give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) ctx.addIssue({ code: "custom", message: "a hop count is at most 10" });
    return { hops };
  }
  const addresses = v.split(",").map((a) => a.trim());
  const bad = addresses.find((a) => !isAddressOrCidr(a));
  if (bad !== undefined) {
    ctx.addIssue({ code: "custom", message: `must be false, a hop count (1, 2) or a comma list of addresses or CIDRs such as 10.0.0.0/8,127.0.0.1 (${JSON.stringify(bad)} is neither)` });
    return z.NEVER;
  }
  return { addresses };
});

function isAddressOrCidr(a: string) {
  const [ip, bits, ...rest] = a.split("/");
  const family = net.isIP(ip);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const int = (min: number) => z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(min);

const ZEnvFields = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: int(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ error: "must be a full URL such as https://app.example.org" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  DATABASE_POOL_SIZE: int(1).max(500).default(20),
  SEED_DEMO: bool.default(true),
  CHURCH_CONFIG: z.string().min(1).default("config/church.json"),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  EMAIL_FROM: z.string().min(3).default("Koinonia <no-reply@koinonia.test>"),
  /** Emails sent a second at most, across every server process (the mail provider's limit; decision 0101). */
  EMAIL_MAX_PER_SECOND: int(1).max(10_000).default(50),
  /** Members an announcement's sender writes in one transaction (inbox rows, queued pushes and emails; decision 0110). */
  ANNOUNCEMENT_BATCH_SIZE: int(1).max(5000).default(500),
  /** Sent, kept and failed emails are deleted from the outbox after this many days (queued ones never are). */
  EMAIL_RETENTION_DAYS: int(1).max(3650).default(30),
  SESSION_TTL_DAYS: int(1).max(365).default(30),
  /** Per address: a church's Wi-Fi puts a whole congregation behind one (docs/decisions/0070-sign-in-limits-for-a-church.md). */
  AUTH_RATE_LIMIT_PER_IP: int(1).default(300),
  /**
   * Sign-in attempts for one email from devices that never signed in to it before each further
   * one must wait, and the known devices' own allowance per window; registrations per email per
   * window (decision 0095).
   */
  AUTH_RATE_LIMIT_PER_EMAIL: int(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: int(1).default(600),
  /** The first wait after AUTH_RATE_LIMIT_PER_EMAIL attempts; it doubles per attempt up to AUTH_RATE_LIMIT_WINDOW_SECONDS. */
  AUTH_RATE_LIMIT_DELAY_SECONDS: int(1).default(30),
  /** At most one password-reset email per account in this many seconds (the request still answers 202; 0 = no cap). */
  AUTH_RESET_EMAIL_SECONDS: int(0).max(86_400).default(300),
  /** Giving attempts per member per window (POST /api/giving/*). */
  GIVING_RATE_LIMIT_PER_USER: int(1).default(10),
  GIVING_RATE_LIMIT_WINDOW_SECONDS: int(1).default(600),
  /**
   * Card testing (decision 0105): declined new-card attempts per address and per card (a keyed
   * fingerprint of its number and expiry) in a sliding window, across accounts. A church's Wi-Fi
   * puts a congregation behind one address, so the address counts declines, not attempts.
   */
  CARD_DECLINES_PER_ADDRESS: int(1).default(60),
  CARD_DECLINES_PER_ADDRESS_WINDOW_SECONDS: int(60).max(86_400).default(3600),
  CARD_DECLINES_PER_CARD: int(1).default(5),
  CARD_DECLINES_PER_CARD_WINDOW_SECONDS: int(60).max(86_400).default(86_400),
  /**
   * The church-wide breaker: when at least CARD_BREAKER_DECLINES new-card attempts were declined
   * in CARD_BREAKER_WINDOW_SECONDS and they are more than CARD_BREAKER_DECLINE_PERCENT of the
   * attempts, new cards are refused for CARD_BREAKER_COOLDOWN_SECONDS and the church is emailed.
   */
  CARD_BREAKER_DECLINES: int(1).default(20),
  CARD_BREAKER_DECLINE_PERCENT: int(0).max(100).default(50),
  CARD_BREAKER_WINDOW_SECONDS: int(60).max(86_400).default(600),
  CARD_BREAKER_COOLDOWN_SECONDS: int(60).max(86_400).default(1800),
  /** Overrides of WRITE_LIMITS above, e.g. `comment=60/600,aiPrayer=10`. */
  RATE_LIMITS: ZWriteLimits,
  /**
   * How long a gift or deposit whose answer was never stored (the server died mid-request) keeps
   * its Idempotency-Key before a retry with that key may take it over. Longer than the card
   * gateway's 30 s timeout, so a request still running is never taken over (decision 0065).
   */
  IDEMPOTENCY_LEASE_SECONDS: int(1).default(60),
  /** How long a signed-in session may be served from the process's cache (0 = always ask the database; decision 0071). */
  SESSION_CACHE_SECONDS: int(0).max(300).default(300),
  /** How long a read that is the same for every member (live service, testimonies) is shared, in ms (0 = never; server/http/shared-read.ts). */
  SHARED_READ_MS: int(0).max(60_000).default(1000),
  /**
   * How many password hashes (argon2id: sign-in, registration, password changes) run at once;
   * the rest wait their turn. Unset: one less than the machine's cores (at least one), so a
   * storm of sign-ins cannot take every core from the reads and the database (decision 0133).
   */
  PASSWORD_HASH_CONCURRENCY: int(1).max(64).optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  CLIENT_DIR: z.string().default("dist/client"),
  /** Hour of the day (church time zone) from which the daily journey emails go out. */
  DAILY_JOURNEY_HOUR: int(0).max(23).default(6),
  /** The AI prayer companion: an OpenAI-compatible endpoint; unset = the offline sandbox. */
  AI_BASE_URL: z.url({ error: "must be a full URL such as https://api.openai.com/v1" }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Where the YouTube channel feed is read from (`?channel_id=` is appended); tests point it at a stand-in. */
  YOUTUBE_FEED_URL: z.url({ error: "must be a full URL such as https://www.youtube.com/feeds/videos.xml" }).default("https://www.youtube.com/feeds/videos.xml"),
  /** Minutes between syncs of the church's YouTube feed (when the church config names a channel). */
  VIDEO_SYNC_MINUTES: int(1).max(1440).default(30),
  /** Key for secrets at rest (OAuth tokens, API keys): 32 bytes as base64 or hex. Unset = DATA_DIR/secrets.key. */
  SECRETS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/, "must be 32 bytes as 64 hex characters or base64 (openssl rand -base64 32)")
    .optional(),
  /** Card gateway: the offline sandbox, or Authorize.Net with its API login id and transaction key. */
  PAYMENTS_PROVIDER: z.enum(["sandbox", "authorize_net"]).default("sandbox"),
  AUTHORIZE_NET_API_LOGIN_ID: z.string().max(20, "is at most 20 characters").optional(),
  AUTHORIZE_NET_TRANSACTION_KEY: z.string().max(16, "is at most 16 characters").optional(),
  /** Authorize.Net's sandbox by default; production is https://api.authorize.net/xml/v1/request.api. */
  AUTHORIZE_NET_ENDPOINT: z.url({ error: "must be a full URL such as https://api.authorize.net/xml/v1/request.api" }).default(
    "https://apitest.authorize.net/xml/v1/request.api",
  ),
  /** GoHighLevel CRM (OAuth 2 marketplace app). Without a client id the CRM is not configured. */
  GHL_CLIENT_ID: z.string().optional(),
  GHL_CLIENT_SECRET: z.string().optional(),
  GHL_AUTH_BASE_URL: z.url({ error: "must be a full URL such as https://marketplace.gohighlevel.com" }).default("https://marketplace.gohighlevel.com"),
  GHL_API_BASE_URL: z.url({ error: "must be a full URL such as https://services.leadconnectorhq.com" }).default("https://services.leadconnectorhq.com"),
  GHL_SCOPES: z.string().min(1).default("contacts.readonly contacts.write locations.readonly"),
  /** ElevenLabs (the voice AI provider); the API key itself is entered on the Integrations page. */
  ELEVENLABS_API_BASE_URL: z.url({ error: "must be a full URL such as https://api.elevenlabs.io" }).default("https://api.elevenlabs.io"),
  ELEVENLABS_VOICE_ID: z.string().min(1).default("21m00Tcm4TlvDq8ikWAM"),
  ELEVENLABS_MODEL_ID: z.string().min(1).default("eleven_multilingual_v2"),
  /** Bank link for round-ups: Plaid when both are set, else the offline sandbox bank. */
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  PLAID_ENV: z.enum(["sandbox", "production"]).default("sandbox"),
  /** Overrides the server PLAID_ENV picks (a proxy, or a stand-in in tests). */
  PLAID_BASE_URL: z.url({ error: "must be a full URL such as https://sandbox.plaid.com" }).optional(),
  /** Collect a member's round-ups from their bank (one ACH debit) once they reach this many cents (or after a week). */
  ROUNDUP_COLLECT_MIN_CENTS: int(100).max(100_000).default(ROUNDUP_COLLECT_MIN_CENTS),
  /** Test-only routes (POST /api/test/...) for the browser tests; refused in production. */
  TEST_HOOKS: bool.default(false),
  /** Web Push VAPID keys (base64url, as `npx web-push generate-vapid-keys` prints them). Unset = generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key: 87 base64url characters").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key: 43 base64url characters").optional(),
  /** Who push services may contact about our pushes: mailto: or https:. Default: mailto: the EMAIL_FROM address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL").optional(),
  /**
   * Passkeys: the site they belong to (WebAuthn RP ID) and the origin the browser signs them on.
   * Default: PUBLIC_URL's origin, and the origin's host name. Browsers refuse an IP address as an RP ID.
   */
  PASSKEY_RP_ID: z.string().regex(/^[a-z0-9.-]+$/i, "must be a host name such as app.example.org").optional(),
  PASSKEY_ORIGIN: z.url({ error: "must be an origin such as https://app.example.org" }).optional(),
});

/** Rules that span variables: [holds, variable, message]. */
const RULES: [(env: z.infer<typeof ZEnvFields>) => boolean, string, string][] = [
  [(env) => !(env.NODE_ENV === "production" && env.DATABASE_URL && !env.SECRETS_KEY), "SECRETS_KEY", "is required in production on PostgreSQL (every server process must share it)"],
  [(env) => env.PAYMENTS_PROVIDER !== "authorize_net" || !!env.AUTHORIZE_NET_API_LOGIN_ID, "AUTHORIZE_NET_API_LOGIN_ID", "is required when PAYMENTS_PROVIDER=authorize_net"],
  [(env) => env.PAYMENTS_PROVIDER !== "authorize_net" || !!env.AUTHORIZE_NET_TRANSACTION_KEY, "AUTHORIZE_NET_TRANSACTION_KEY", "is required when PAYMENTS_PROVIDER=authorize_net"],
  [(env) => !env.GHL_CLIENT_ID || !!env.GHL_CLIENT_SECRET, "GHL_CLIENT_SECRET", "is required when GHL_CLIENT_ID is set"],
  [(env) => !env.PLAID_CLIENT_ID === !env.PLAID_SECRET, "PLAID_SECRET", "PLAID_CLIENT_ID and PLAID_SECRET are set together"],
  [(env) => !(env.TEST_HOOKS && env.NODE_ENV === "production"), "TEST_HOOKS", "must not be set in production"],
  [(env) => !env.VAPID_PUBLIC_KEY === !env.VAPID_PRIVATE_KEY, "VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all"],
];

const ZEnv = ZEnvFields.superRefine((env, ctx) => {
  for (const [holds, variable, message] of RULES) if (!holds(env)) ctx.addIssue({ code: "custom", path: [variable], message });
});

const PLAID_URLS = { sandbox: "https://sandbox.plaid.com", production: "https://production.plaid.com" } as const;

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    seedDemo: env.SEED_DEMO,
    churchConfigPath: path.resolve(env.CHURCH_CONFIG),
    smtpUrl: env.SMTP_URL,
    emailFrom: env.EMAIL_FROM,
    emailMaxPerSecond: env.EMAIL_MAX_PER_SECOND,
    emailRetentionDays: env.EMAIL_RETENTION_DAYS,
    announcementBatchSize: env.ANNOUNCEMENT_BATCH_SIZE,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      delaySeconds: env.AUTH_RATE_LIMIT_DELAY_SECONDS,
      resetEmailSeconds: env.AUTH_RESET_EMAIL_SECONDS,
    },
    givingRateLimit: { perUser: env.GIVING_RATE_LIMIT_PER_USER, windowSeconds: env.GIVING_RATE_LIMIT_WINDOW_SECONDS },
    writeLimits: env.RATE_LIMITS,
    cardLimits: {
      declinesPerAddress: env.CARD_DECLINES_PER_ADDRESS,
      addressWindowSeconds: env.CARD_DECLINES_PER_ADDRESS_WINDOW_SECONDS,
      declinesPerCard: env.CARD_DECLINES_PER_CARD,
      cardWindowSeconds: env.CARD_DECLINES_PER_CARD_WINDOW_SECONDS,
      breakerDeclines: env.CARD_BREAKER_DECLINES,
      breakerDeclinePercent: env.CARD_BREAKER_DECLINE_PERCENT,
      breakerWindowSeconds: env.CARD_BREAKER_WINDOW_SECONDS,
      breakerCooldownSeconds: env.CARD_BREAKER_COOLDOWN_SECONDS,
    },
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    sharedReadMs: env.SHARED_READ_MS,
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    clientDir: path.resolve(env.CLIENT_DIR),
    dailyJourneyHour: env.DAILY_JOURNEY_HOUR,
    ai: { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL },
    videoSync: { feedUrl: env.YOUTUBE_FEED_URL, intervalMs: env.VIDEO_SYNC_MINUTES * 60_000 },
    secretsKey: env.SECRETS_KEY,
    payments: {
      provider: env.PAYMENTS_PROVIDER,
      authorizeNet: {
        apiLoginId: env.AUTHORIZE_NET_API_LOGIN_ID,
        transactionKey: env.AUTHORIZE_NET_TRANSACTION_KEY,
        endpoint: env.AUTHORIZE_NET_ENDPOINT,
      },
    },
    ghl: {
      clientId: env.GHL_CLIENT_ID,
      clientSecret: env.GHL_CLIENT_SECRET,
      authBaseUrl: env.GHL_AUTH_BASE_URL.replace(/\/$/, ""),
      apiBaseUrl: env.GHL_API_BASE_URL.replace(/\/$/, ""),
      scopes: env.GHL_SCOPES,
    },
    elevenLabs: {
      apiBaseUrl: env.ELEVENLABS_API_BASE_URL.replace(/\/$/, ""),
      voiceId: env.ELEVENLABS_VOICE_ID,
      modelId: env.ELEVENLABS_MODEL_ID,
    },
    plaid:
      env.PLAID_CLIENT_ID && env.PLAID_SECRET
        ? { clientId: env.PLAID_CLIENT_ID, secret: env.PLAID_SECRET, baseUrl: env.PLAID_BASE_URL ?? PLAID_URLS[env.PLAID_ENV] }
        : undefined,
    roundUpCollectMinCents: env.ROUNDUP_COLLECT_MIN_CENTS,
    testHooks: env.TEST_HOOKS,
    passkeys: (() => {
      const url = new URL(env.PASSKEY_ORIGIN ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
      return { rpId: env.PASSKEY_RP_ID ?? url.hostname, origin: url.origin };
    })(),
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(env.EMAIL_FROM)?.[1] ?? env.EMAIL_FROM.trim()}`,
      /**
       * Push endpoints on localhost, 127.0.0.1 or [::1] (plain http too), unchecked: for the tests'
       * local stand-in push service only (NODE_ENV=test, as the test harness and the browser tests'
       * server set it). Never in development or production (providers/push/endpoint-guard.ts).
       */
      allowLocalhostEndpoints: env.NODE_ENV === "test",
    },
  };
}

export class ConfigError extends Error {}

/** Reads the environment (unset and empty variables take their defaults). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return toConfig(parsed.data);
}
