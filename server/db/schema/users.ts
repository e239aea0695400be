import { pgTable, uuid, text, timestamp, pgEnum, index, boolean, jsonb } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { ROLES } from "../../../contract/roles";
import { bytea } from "./types";

export const roleEnum = pgEnum("role", ROLES);

/** Members and staff. Emails are stored lower-cased and trimmed, so uniqueness is case-insensitive. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: roleEnum("role").notNull().default("MEMBER"),
    /** The member's language (contract/i18n/locales.ts) for the emails the church sends them. */
    locale: text("locale").notNull().default("en"),
    /** The member's phone in E.164 (+15551234567), or null; set on Profile → Edit (issue 20). */
    phone: text("phone"),
    /**
     * The finance permission (issue 19, decision 0113): the OWNER grants it in Admin -> People to
     * whoever reconciles the money (a treasurer, who may be a MEMBER). With it a user sees
     * donor-level giving; without it PASTOR and STAFF see totals only. The OWNER always has it.
     */
    finance: boolean("finance").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the member deleted their account (decision 0117): the row stays as a tombstone that
     * the church's giving records point at, with name, email, phone and password erased.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * A kept copy of the member's `directory_listings.listed` (false without a row), written only
     * by that table's triggers (migration 0048, decision 0142), never by the app: the members'
     * directory walks `users_directory_listed_name_idx` instead of joining every listing to find
     * the listed ones (issue 23). Derived, so "Download my data" leaves it out.
     */
    directoryListed: boolean("directory_listed").notNull().default(false),
  },
  // Admin → People lists the first 50 by name: read in index order, not every member sorted (issue 23).
  (t) => [
    index("users_people_name_idx").on(t.firstName, t.lastName).where(sql`${t.deletedAt} is null`),
    // The directory's order (search-directory.ts): a page walks the index from its cursor instead
    // of sorting every member for each page (issue 23; 5.8 -> 0.23 ms at 1,000 members).
    index("users_directory_name_idx").on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // The same order over the listed members only (what a member's directory shows): a page is
    // the index's next entries, whatever share of the church is listed (decision 0142).
    index("users_directory_listed_name_idx")
      .on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id)
      .where(sql`${t.directoryListed} and ${t.deletedAt} is null`),
    // Finding a member by what staff type (shared/people-search.ts, decision 0145) lists first
    // the members whose first name, then last name, starts with the text: each a range of
    // lowered names in byte order ("C"), read in order and stopped at the page. Migration 0050
    // adds INCLUDE (first_name, last_name, email) by hand, so each is read index-only.
    index("users_first_name_prefix_idx")
      .on(sql`(lower(${t.firstName}) collate "C")`, sql`(lower(${t.lastName}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index("users_last_name_prefix_idx")
      .on(sql`(lower(${t.lastName}) collate "C")`, sql`(lower(${t.firstName}) collate "C")`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Staff's name searches ("contains", ILIKE '%text%': naming a group's leaders, Admin → People):
    // trigrams of each field (pg_trgm, which every database loads: db/client.ts), so a search
    // reads the members whose names hold the text, not every member's row (issue 23).
    index("users_name_search_idx")
      .using("gin", t.firstName.op("gin_trgm_ops"), t.lastName.op("gin_trgm_ops"), t.email.op("gin_trgm_ops"))
      .where(sql`${t.deletedAt} is null`),
    // ... and by the full name ("Mary Gar"), as the searches match it.
    index("users_full_name_search_idx")
      .using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * A member's photo (issue 20), re-encoded by the server: a square 512 px and a 128 px WebP, with
 * no metadata. `version` changes with every upload, so its URL can be cached for good.
 */
export const memberPhotos = pgTable("member_photos", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: text("version").notNull(),
  large: bytea("large").notNull(),
  small: bytea("small").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque bearer sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The browser's User-Agent when the session began, cut to SESSION_USER_AGENT_MAX (Profile → devices). */
    userAgent: text("user_agent"),
    /**
     * About when the session was last used: written at most once per SESSION_TOUCH_MINUTES
     * (server/http/session-touch.ts), never per request. Not watched by the session-cache trigger.
     */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * A pending change of a member's email (issue 20): the link sent to the new address holds a
 * token whose SHA-256 is kept here. Single-use, expiring; asking again retires the earlier ones.
 * Until it is confirmed the account keeps its old email.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/** Single-use, expiring password reset tokens (hash only). */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Who saw or moved money-sensitive data, and when (issue 19, decision 0113): every view of
 * donor-level giving, every grant of the finance permission, every change of the fee (and,
 * later, exports, refunds and statement runs). Written in the same transaction as the thing it
 * records, by server/shared/audit.ts; read by the OWNER (GET /api/admin/audit-log). Rows are
 * never updated or deleted by the app. The actor stays named if their account is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name and email when it happened. */
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt, t.id)],
);
