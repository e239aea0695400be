import { pgTable, uuid, text, timestamp, integer, bigint, boolean, jsonb, index, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users, sessions } from "./users";

/**
 * Passkeys (WebAuthn credentials), one row per authenticator a member registered
 * (docs/decisions/0102-passkeys-and-two-step.md). The public key is not a secret; the
 * credential id is what the browser sends back at sign-in.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter (0 for most passkeys, which do not count). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * A member's authenticator-app secret (TOTP, RFC 6238), sealed with the secrets key. It counts
 * once confirmed with a first code; `lastStep` is the time step of the last code accepted, so a
 * code (or an earlier one) cannot be used twice.
 */
export const totpSecrets = pgTable("totp_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes (SHA-256 of the code only); a used code keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * The pending second step of a password sign-in: the answer to the password is this ticket
 * (its hash only is stored), not a session. Short-lived, single use, a few code attempts.
 */
export const signInTickets = pgTable(
  "sign_in_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("sign_in_tickets_user_idx").on(t.userId)],
);

/**
 * WebAuthn challenges: short-lived and single use (taken with DELETE ... RETURNING). A
 * registration's is bound to the session that asked for it, a second step's to its ticket; a
 * passkey sign-in's to nothing (the browser offers the member's passkeys without an email).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in", "second-step"] }).notNull(),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => signInTickets.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_idx").on(t.expiresAt)],
);

/** The church's sign-in rules (one row, id 1): whether staff must use a second step. Set by the owner. */
export const signInPolicy = pgTable(
  "sign_in_policy",
  {
    id: integer("id").primaryKey().default(1),
    staffTwoStep: boolean("staff_two_step").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("sign_in_policy_single_row", sql`${t.id} = 1`)],
);
