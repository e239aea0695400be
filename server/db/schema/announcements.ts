import { pgTable, uuid, text, timestamp, integer, index, primaryKey, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { ANNOUNCEMENT_CHANNELS, ANNOUNCEMENT_STATUSES } from "../../../contract/announcements-text";

/**
 * What staff composed once (decision 0110). `status`: scheduled (waiting for send_at; can be
 * cancelled), sending (the job has started: no longer cancellable), sent, cancelled. The send
 * goes in batches by member id: `cursor_user_id` is the last member done, and the counters are
 * moved in the same transaction as each batch's deliveries, under this row's lock.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url"),
    titleEs: text("title_es"),
    bodyEs: text("body_es"),
    audienceKind: text("audience_kind", { enum: ["everyone", "staff", "group"] }).notNull(),
    /** The group (audience "group"), no foreign key: the record outlives the group. */
    audienceGroupId: uuid("audience_group_id"),
    /** The group's name when composed, for the record. */
    audienceGroupName: text("audience_group_name"),
    channels: text("channels", { enum: ANNOUNCEMENT_CHANNELS }).array().notNull(),
    status: text("status", { enum: ANNOUNCEMENT_STATUSES }).notNull().default("scheduled"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The last member (by id) whose deliveries are written; null before the first batch. */
    cursorUserId: uuid("cursor_user_id"),
    recipients: integer("recipients").notNull().default(0),
    reachedInbox: integer("reached_inbox").notNull().default(0),
    reachedPush: integer("reached_push").notNull().default(0),
    reachedEmail: integer("reached_email").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("announcements_due_idx").on(t.sendAt).where(sql`${t.status} in ('scheduled', 'sending')`),
    index("announcements_created_idx").on(t.createdAt),
    // Admin → Announcements' pages of what was sent, newest first (issue 23).
    index("announcements_sent_idx").on(t.sendAt, t.id).where(sql`${t.status} <> 'scheduled'`),
    check("announcements_group_audience", sql`(${t.audienceKind} = 'group') = (${t.audienceGroupId} is not null)`),
  ],
);

/**
 * The per-recipient claim: one row per (announcement, member, channel), written in the same
 * transaction as that batch's inbox rows, queued pushes and queued emails. The primary key is
 * the "exactly once per channel" rule; `outcome` says whether it reached the member
 * (`delivered`: inbox row written, push queued to at least one device, email queued) or the
 * member's preferences skipped it (`skipped`).
 */
export const announcementDeliveries = pgTable(
  "announcement_deliveries",
  {
    announcementId: uuid("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ANNOUNCEMENT_CHANNELS }).notNull(),
    outcome: text("outcome", { enum: ["delivered", "skipped"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId, t.channel] }), index("announcement_deliveries_user_idx").on(t.userId)],
);
