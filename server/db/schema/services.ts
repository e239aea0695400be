import { pgTable, uuid, text, timestamp, boolean, uniqueIndex, index, integer, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/** Services (spec section 3). At most one is live at a time, enforced by a partial unique index. */
export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    date: timestamp("date", { withTimezone: true }).notNull(),
    isLive: boolean("is_live").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who last started it (they are not notified of their own start). */
    startedBy: uuid("started_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Started, and its members' "service started" notifications not written yet: they are
     * written right after the start is announced, in a transaction of their own, and a sweep
     * writes any a stopped process left (update-service.ts, jobs/service-notices.ts).
     */
    startNoticesPending: boolean("start_notices_pending").notNull().default(false),
  },
  (t) => [uniqueIndex("services_one_live").on(t.isLive).where(sql`${t.isLive}`), index("services_date_idx").on(t.date)],
);

/** A poll on a service: a question and 2–6 options; staff close it. */
export const polls = pgTable(
  "polls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    options: text("options").array().notNull(),
    isOpen: boolean("is_open").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("polls_service_idx").on(t.serviceId, t.createdAt)],
);

/** One vote per member per poll: the unique index makes a second vote a conflict, however concurrent. */
export const pollVotes = pgTable(
  "poll_votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pollId: uuid("poll_id")
      .notNull()
      .references(() => polls.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optionIndex: integer("option_index").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("poll_votes_one_per_member").on(t.pollId, t.userId),
    // Covers the results query (counts per option and the member's own vote) as an index-only scan.
    index("poll_votes_tally_idx").on(t.pollId, t.optionIndex, t.userId),
    index("poll_votes_created_idx").on(t.createdAt),
    check("poll_votes_option_index", sql`${t.optionIndex} >= 0`),
  ],
);

/** Questions members ask during a service. An anonymous question stores no author at all. */
export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    isApproved: boolean("is_approved").notNull().default(false),
    /** When staff rejected it: out of the moderation queue, kept for the record, never shown. */
    rejectedAt: timestamp("rejected_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("questions_service_idx").on(t.serviceId, t.isApproved, t.createdAt)],
);
