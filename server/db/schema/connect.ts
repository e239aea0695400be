import { pgTable, uuid, text, timestamp, integer, date, index, primaryKey, uniqueIndex, boolean, json, bigint, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/**
 * A daily journey staff author (Admin → Journeys; decision 0108). `key` is the sequence key the
 * days, enrolments and the enrol API use (SCRIPTURES_14 and AFFIRMATIONS_14 for the two the demo
 * seeds; generated from the title for new ones) and never changes. Members may enrol only while
 * it is published and not archived; members already on it keep receiving it either way.
 * `dayCount` is the number of days (rows of journey_days in English), kept with the days.
 */
export const journeys = pgTable(
  "journeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull().unique(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    dayCount: integer("day_count").notNull().default(0),
    published: boolean("published").notNull().default(false),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
);

/** Daily journey content: one row per journey (its key), day and language; staff edit it in Admin → Journeys. */
export const journeyDays = pgTable(
  "journey_days",
  {
    /** journeys.key (the foreign key is hand-written in migration 0016, after the backfill that makes it hold). */
    sequenceKey: text("sequence_key").notNull(),
    day: integer("day").notNull(),
    title: text("title").notNull(),
    /** e.g. "Psalm 23:1 (WEB)"; null where no verse fits. */
    verseRef: text("verse_ref"),
    verseText: text("verse_text"),
    content: text("content").notNull(),
    /** The language of this row (contract/i18n/locales.ts): each day is kept once per language. */
    locale: text("locale").notNull().default("en"),
  },
  (t) => [primaryKey({ columns: [t.sequenceKey, t.day, t.locale] })],
);

/**
 * A member's journey. startDate is the church-time-zone date of day 1. endedAt is set when the
 * member unsubscribes or restarts after finishing; at most one journey per member is open.
 */
export const journeyEnrolments = pgTable(
  "journey_enrolments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** journeys.key (foreign key hand-written in migration 0016). */
    sequenceKey: text("sequence_key").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("journey_enrolments_one_open").on(t.userId).where(sql`${t.endedAt} is null`),
    // Admin → Journeys' reach: a journey's open enrolments started within its length (issue 23).
    index("journey_enrolments_reach_idx").on(t.sequenceKey, t.startDate).where(sql`${t.endedAt} is null`),
  ],
);

/**
 * The open enrolments (`ended_at` null) per journey and start date, kept by triggers on
 * journey_enrolments in the transaction of every enrolment, unsubscribe, switch and cascade
 * (decision 0143): Admin → Journeys' reach and a journey's locked days read a
 * journey's few start-date rows here instead of counting thousands of enrolments. A row whose
 * count falls to 0 is deleted, so the table always equals fresh counts (journey-start-counts.test.ts).
 */
export const journeyStartCounts = pgTable(
  "journey_start_counts",
  {
    sequenceKey: text("sequence_key").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sequenceKey, t.startDate] })],
);

/** One daily email per enrolment per day, enforced by the primary key (the scheduler's claim). */
export const journeyDeliveries = pgTable(
  "journey_deliveries",
  {
    enrolmentId: uuid("enrolment_id")
      .notNull()
      .references(() => journeyEnrolments.id, { onDelete: "cascade" }),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    day: integer("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.deliveryDate] })],
);

/**
 * Challenges (spec section 3): type PRAYER, BIBLE, GRATITUDE or other. `title` and `description`
 * are the English texts, `titleEs`/`descriptionEs` the Spanish (Admin → Challenges writes both).
 * An archived challenge is no longer offered to join; members who joined keep it, its streaks and
 * check-ins (rows are never deleted by staff).
 */
export const challenges = pgTable("challenges", {
  id: uuid("id").primaryKey().defaultRandom(),
  title: text("title").notNull().unique(),
  description: text("description").notNull(),
  titleEs: text("title_es").notNull().default(""),
  descriptionEs: text("description_es").notNull().default(""),
  days: integer("days").notNull(),
  type: text("type").notNull(),
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  /**
   * Its user_challenges rows (members who joined), kept by triggers on user_challenges in the
   * transaction of every join, removal and cascade (decision 0131), so Admin → Challenges reads
   * no membership row (issue 23).
   */
  memberCount: integer("member_count").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One membership per member per challenge. */
export const userChallenges = pgTable(
  "user_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challengeId: uuid("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_challenges_one").on(t.userId, t.challengeId)],
);

/** A completed day of a challenge (church-time-zone date): marking today twice is a no-op. */
export const challengeCheckins = pgTable(
  "challenge_checkins",
  {
    userChallengeId: uuid("user_challenge_id")
      .notNull()
      .references(() => userChallenges.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userChallengeId, t.day] })],
);

/**
 * Small groups, authored by staff (decision 0107). Meeting: a weekday (0 = Sunday) and a time
 * ("HH:MM", the church's clock), a place and/or an online link, each optional. `capacity` counts
 * every member (leaders too); null is unlimited. `joinPolicy` "open" lets members join at once,
 * "ask" makes a join a request a leader approves. Archived groups leave every member's list but
 * keep their memberships and requests (history is never deleted).
 * `memberCount` and `pendingCount` are kept by `syncGroupCounts` (server/shared/group-counts.ts)
 * in the transaction of every change to who is in the group or asks to be, under the group's
 * lock (decision 0125), so a list reads them instead of counting. `leaders` likewise (decision
 * 0141): the leaders as every group answer lists them, written by the same function, and again
 * when a leader's name changes (`renameLeader`, update-profile.ts).
 */
export const smallGroups = pgTable(
  "small_groups",
  {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description").notNull(),
  /** Before decision 0107 the one free-text "when and where" line; its text was moved to meeting_place. Kept, unused. */
  meetingInfo: text("meeting_info").notNull().default(""),
  meetingDay: integer("meeting_day"),
  meetingTime: text("meeting_time"),
  meetingPlace: text("meeting_place"),
  meetingUrl: text("meeting_url"),
  capacity: integer("capacity"),
  joinPolicy: text("join_policy", { enum: ["open", "ask"] }).notNull().default("open"),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  archivedAt: timestamp("archived_at", { withTimezone: true }),
  /** Rows of group_members for the group: members now, leaders included. */
  memberCount: integer("member_count").notNull().default(0),
  /** Pending rows of group_join_requests for the group. */
  pendingCount: integer("pending_count").notNull().default(0),
  /**
   * The group's leaders as the answers list them (ZGroup's `leaders`: id, firstName, lastName, by
   * name), the JSON text PostgreSQL wrote for them (`json`, not `jsonb`: kept byte for byte), so a
   * list reads it instead of joining leaders and their names per group (decision 0141).
   */
  leaders: json("leaders").$type<{ id: string; firstName: string; lastName: string }[]>().notNull().default(sql`'[]'::json`),
  /**
   * The group's own part of every group answer (ZGroup's fields from `id` to `leaders`, the JSON
   * object left open), written by PostgreSQL from the row itself on every insert and update (the
   * trigger `small_groups_json_head`, migration 0051; decision 0146), so a list adds only the
   * asker's fields (group-view.ts `groupItem`) instead of writing each group's fields per read.
   * Never written by the app.
   */
  jsonHead: text("json_head").notNull().default(""),
  /**
   * The roster's version (decision 0148): raised at commit by deferred triggers on every change to
   * the group's memberships or join requests, whoever writes them (migration 0053). With the
   * directory's version (what the roster shows of each person), it says whether a roster page
   * kept in memory (membership.ts) is still exact. Never written by the app.
   */
  rosterVersion: bigint("roster_version", { mode: "number" }).notNull().default(0),
  },
  // The members' list: live groups by name, a page at a time; Admin's: live ones first, then archived, by name.
  (t) => [index("small_groups_live_name_idx").on(t.name).where(sql`${t.archivedAt} is null`), index("small_groups_admin_order_idx").on(sql`(${t.archivedAt} is not null)`, t.name)],
);

/**
 * The groups' version (decision 0151): one row, its number raised at commit by deferred triggers
 * on every change to a column of small_groups that the members' list shows (a group added,
 * removed, renamed, archived, its kept head or pending count changed; migration 0055), once per
 * transaction, whoever writes it. The members' first page of groups, kept in memory
 * (group-view.ts), is served again only while this number is the one it was read with; each
 * member's own status in each group is read on every request. No app code writes it.
 */
export const groupsVersion = pgTable(
  "groups_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("groups_version_one_row", sql`${t.id} = 1`)],
);

/** One membership per member per group; a row is a current member (leaving deletes it). Leaders are members named by staff. */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => smallGroups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    isLeader: boolean("is_leader").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index("group_members_user_idx").on(t.userId),
    // Each listed group's leaders, without reading its other members.
    index("group_members_leaders_idx").on(t.groupId).where(sql`${t.isLeader}`),
  ],
);

/**
 * Requests to join an "ask to join" group, kept for the record: pending until a leader (or
 * staff) approves or declines, or the member withdraws. At most one pending per member per group.
 */
export const groupJoinRequests = pgTable(
  "group_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => smallGroups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "declined", "withdrawn"] }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("group_join_requests_one_pending").on(t.groupId, t.userId).where(sql`${t.status} = 'pending'`),
    index("group_join_requests_user_idx").on(t.userId),
  ],
);

/** Recent sermon videos for the Connect widget (spec section 3, Media item). */
export const mediaItems = pgTable(
  "media_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull().unique(),
    description: text("description").notNull(),
    thumbnailUrl: text("thumbnail_url"),
    /** Seconds. */
    duration: integer("duration"),
    /** Where the video plays (items staff add by hand); null for the seeded demo sermons. */
    url: text("url"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_items_created_idx").on(t.createdAt)],
);
