import { pgTable, text, timestamp, integer, uuid, primaryKey, index, boolean } from "drizzle-orm/pg-core";

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

/** Every email the sandbox provider "sends": nothing is silently lost in development. Staff can read it. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    sensitive: boolean("sensitive").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);
