import { pgTable, uuid, text, timestamp, integer, boolean, index, uniqueIndex, customType } from "drizzle-orm/pg-core";
import { users } from "./users";
import { INTEGRATION_PROVIDERS, CRM_SYNC_KINDS } from "../../../contract/integrations";

/** Raw bytes (audio). node-postgres gives a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A connected outside tool, one per provider (spec section 3, Integration). Every credential is
 * sealed with deps.secrets (server/security/secret-box.ts) under a context naming its column:
 * the raw columns never hold a token or key.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: INTEGRATION_PROVIDERS }).notNull(),
    /** False when the provider stopped accepting our credentials (staff must connect again). */
    isActive: boolean("is_active").notNull().default(true),
    /** ghl: the OAuth access token; voice_ai: the API key. Sealed. */
    accessTokenSealed: text("access_token_sealed").notNull(),
    /** ghl: the OAuth refresh token (rotates at every refresh). Sealed. */
    refreshTokenSealed: text("refresh_token_sealed"),
    /** When the access token expires (ghl). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The GoHighLevel sub-account (location) and agency (company) the tokens belong to. */
    locationId: text("location_id"),
    companyId: text("company_id"),
    scope: text("scope"),
    /** A name staff recognise: the location's name, or the ElevenLabs account's. */
    accountName: text("account_name"),
    lastError: text("last_error"),
    connectedBy: uuid("connected_by").references(() => users.id, { onDelete: "set null" }),
    /** When it was connected (reconnecting starts it again). */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("integrations_one_per_provider").on(t.provider)],
);

/**
 * OAuth 2 `state` values: random, stored as a SHA-256 hash, single use (usedAt), short-lived
 * (expiresAt), bound to the staff member who asked (userId) and to their browser (the hash of
 * a nonce kept in an HttpOnly cookie scoped to the callback path).
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider", { enum: INTEGRATION_PROVIDERS }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("oauth_states_expires_idx").on(t.expiresAt)],
);

/**
 * The CRM outbox: one row per thing to send (a new member, a visitor card, an opted-in prayer
 * request), written in the same transaction as the member's action while the CRM is connected.
 * The unique (kind, source) index means nothing is queued twice; the job records its progress
 * (contactId, noteId) so a retry never repeats a step that already succeeded.
 */
export const crmSyncItems = pgTable(
  "crm_sync_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CRM_SYNC_KINDS as [string, ...string[]] }).notNull(),
    sourceId: uuid("source_id").notNull(),
    /** pending (waiting or retrying), sent, failed (gave up), cancelled (CRM disconnected, source deleted). */
    status: text("status", { enum: ["pending", "sent", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A job instance's claim: only the holder of leaseId may record the outcome, until leaseUntil. */
    leaseId: uuid("lease_id"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    contactId: text("contact_id"),
    noteId: text("note_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("crm_sync_items_once").on(t.kind, t.sourceId), index("crm_sync_items_due_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * The daily devotional read aloud by the voice AI provider: one recording per (sequence, day,
 * content hash), made once and served to every member from the link in their email. The hash
 * covers the text, voice and model, so edited content or another voice records afresh.
 * `token` is the unguessable part of the public link; the link only ever serves a stored
 * recording, it never asks the provider for anything.
 */
export const devotionalAudio = pgTable(
  "devotional_audio",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sequenceKey: text("sequence_key").notNull(),
    day: integer("day").notNull(),
    contentHash: text("content_hash").notNull(),
    token: text("token").notNull().unique(),
    /** rendering (claimed by one job), ready, failed (retried after a pause). */
    status: text("status", { enum: ["rendering", "ready", "failed"] }).notNull(),
    contentType: text("content_type").notNull().default("audio/mpeg"),
    audio: bytea("audio"),
    lastError: text("last_error"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("devotional_audio_once").on(t.sequenceKey, t.day, t.contentHash)],
);
