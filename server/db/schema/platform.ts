import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, integer, uuid, primaryKey, index, boolean, jsonb } from "drizzle-orm/pg-core";
import { bytea } from "./types";

/**
 * Counters for rate limits, shared by every server instance on the database. One row per key
 * and window; a sliding window reads the current and the previous one (server/http/rate-limit.ts).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Progressive delays (server/http/rate-limit.ts, hitDelay): per key, the attempts let through
 * in the current streak and the earliest moment the next one may be. Sign-in from devices that
 * never signed in to the account slows down here instead of hitting a wall; one reset email per
 * account per few minutes is the same gate with a constant delay.
 */
export const rateDelays = pgTable("rate_delays", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  notBefore: timestamp("not_before", { withTimezone: true }).notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
});

/**
 * What happens to an email: `queued` until the sender (server/jobs/email-delivery.ts) delivers
 * it (`sent`) or the mail server refuses it for good (`failed`); `kept` when no mail server is
 * set (SMTP_URL): it stays here for staff to read and is never sent later.
 */
export const EMAIL_STATUSES = ["queued", "sent", "failed", "kept"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * What an email is about, which decides what happens to it when its member deletes their
 * account (decision 0117): every queued email to the member's address is cancelled then, except
 * `giving` ones (the church's giving records must still reach the donor).
 * - `giving`: a giving record: a gift's receipt, a refund, a year-end statement;
 * - `account`: the member's own account: reset links, password and email changes, a recurring
 *   gift that stopped, round-ups not collected (moot once the account is gone);
 * - `news`: church news a member can turn off (announcements, journey days; one-click unsubscribe);
 * - `staff`: to the church's or a staff member's address (an urgent prayer, a card-testing alert).
 */
export const EMAIL_KINDS = ["giving", "account", "news", "staff"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The durable outbox: every email is written here in the transaction of the change that causes
 * it (server/shared/email/outbox.ts), and sent in the background (decision 0101). Staff can read
 * the latest ones, except the text of sensitive ones (decision 0004).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    /** What the email is about (EMAIL_KINDS); every writer names it (enqueueEmail requires it). */
    kind: text("kind", { enum: EMAIL_KINDS }).notNull().default("account"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    sensitive: boolean("sensitive").notNull().default(false),
    /**
     * Extra headers the sender adds (name -> value), such as a news email's one-click
     * unsubscribe (List-Unsubscribe, List-Unsubscribe-Post; RFC 8058). Null: none.
     */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("queued"),
    /** Attempts started (counted when claimed, so a sender that dies mid-send still counts). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim: others leave the row alone until then (a crashed sender's claim runs out). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The mail server's last answer or the network error, for staff (never the message itself). */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_to_idx").on(t.to, t.createdAt),
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("email_outbox_status_idx").on(t.status, t.createdAt),
    index("email_outbox_sent_idx").on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * Files attached to a queued email (a year-end statement's PDF; decision 0121), written with
 * it by enqueueEmail. Kept apart so the sender's claims and the admin outbox never read the
 * bytes; deleted with their email (retention) and as soon as the email is sent.
 */
export const emailAttachments = pgTable(
  "email_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    emailId: uuid("email_id")
      .notNull()
      .references(() => emailOutbox.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    content: bytea("content").notNull(),
  },
  (t) => [index("email_attachments_email_idx").on(t.emailId)],
);

/**
 * What happens to a background call: `queued` until server/jobs/background-calls.ts makes it
 * (`done`) or the provider refuses it for good, or it ran out of attempts (`failed`).
 */
export const BACKGROUND_CALL_STATUSES = ["queued", "done", "failed"] as const;

/**
 * Calls to outside providers that a request does not need for its answer (revoking a bank's
 * access token when a member unlinks it...), queued here in the transaction of the change that
 * causes them and made in the background with retries (decision 0101). `kind` names the handler
 * (server/jobs/background-calls.ts); `payload` is its input (a secret in it is sealed, and the
 * payload is emptied once the call is done).
 */
export const backgroundCalls = pgTable(
  "background_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: BACKGROUND_CALL_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A runner's claim (a crashed runner's claim runs out). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("background_calls_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("background_calls_status_idx").on(t.status, t.createdAt),
  ],
);
