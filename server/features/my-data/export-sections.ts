/**
 * What "Download my data" holds (issue 20, decision 0117): one line per table that keeps
 * something about a member, and one line per member-keyed table left out, with the reason.
 * my-data.test.ts reads the database catalog for every column of a foreign key to `users`, and
 * every column named like a member (user_id, member_id, *_user_id, *_member_id) with or without
 * one, and fails when one is accounted for nowhere, so a new table or column cannot be
 * forgotten: add it to EXPORT_SECTIONS (one line), NOT_EXPORTED (a table, with why) or
 * NOT_EXPORTED_COLUMNS (one column, with why).
 *
 * A section exports every column of the member's rows but those it omits (or only those it
 * names). Secrets never leave: a column whose name looks like one (hash, token, secret, sealed,
 * key, gateway profile...) must be left out or shown through `show`, or the module refuses to
 * load (checkSections below), and the test scans a real export for planted secrets.
 */
import { getTableColumns, getTableName, type Column } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { emailChanges, memberPhotos, sessions, users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import { personalNotes } from "../../db/schema/notes";
import { prayerPrayed, prayerRequests } from "../../db/schema/prayer";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { livestreamComments } from "../../db/schema/comments";
import { pollVotes, questions } from "../../db/schema/services";
import { gifts, recurringGifts } from "../../db/schema/giving";
import { bankAccounts, bankPurchases, paymentMethods, roundUpCollections, roundUpSettings, walletTransactions, wallets } from "../../db/schema/wallet";
import { groupJoinRequests, groupMembers, journeyEnrolments, userChallenges } from "../../db/schema/connect";
import { emailOptOuts, notificationOptOuts, notifications, pushSubscriptions } from "../../db/schema/notifications";
import { passkeys } from "../../db/schema/two-step";
import { memberActivity } from "../../db/schema/activity";
import { announcementDeliveries } from "../../db/schema/announcements";
import { calendarRsvps } from "../../db/schema/calendar";

export interface ExportSection {
  /** The key in the exported file. */
  name: string;
  table: PgTable;
  /** The column that names the member. */
  by: Column;
  /** Columns left out (secrets, internal bookkeeping). */
  omit?: readonly string[];
  /**
   * The only columns exported, when a section must show exactly these and nothing else (payment
   * methods: "brand and last four only"); a column added to the table later stays out.
   */
  only?: readonly string[];
  /** Columns shown transformed (a push endpoint's host only). */
  show?: Readonly<Record<string, (value: unknown) => unknown>>;
}

const hostOf = (value: unknown) => {
  try {
    return new URL(String(value)).host;
  } catch {
    return null;
  }
};

/** The sections, in the file's order. Adding a member-keyed table: one line here. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  // directory_listed: a kept copy of the listing's `listed` (decision 0142); the listing itself is the "directory" section.
  { name: "profile", table: users, by: users.id, omit: ["passwordHash", "directoryListed"] },
  { name: "photo", table: memberPhotos, by: memberPhotos.userId, omit: ["small"] },
  { name: "sessions", table: sessions, by: sessions.userId, omit: ["tokenHash"] },
  { name: "emailChanges", table: emailChanges, by: emailChanges.userId, omit: ["tokenHash"] },
  { name: "directory", table: directoryListings, by: directoryListings.userId },
  { name: "passkeys", table: passkeys, by: passkeys.userId, omit: ["credentialId", "publicKey", "counter"] },
  { name: "pushSubscriptions", table: pushSubscriptions, by: pushSubscriptions.userId, omit: ["p256dh", "auth"], show: { endpoint: hostOf } },
  { name: "notes", table: personalNotes, by: personalNotes.userId },
  { name: "prayerRequests", table: prayerRequests, by: prayerRequests.userId },
  { name: "prayersPrayed", table: prayerPrayed, by: prayerPrayed.userId },
  { name: "testimonies", table: testimonies, by: testimonies.userId },
  { name: "testimonyAmens", table: testimonyAmens, by: testimonyAmens.userId },
  { name: "eventRegistrations", table: calendarRsvps, by: calendarRsvps.userId },
  { name: "comments", table: livestreamComments, by: livestreamComments.userId },
  { name: "questions", table: questions, by: questions.userId },
  { name: "pollVotes", table: pollVotes, by: pollVotes.userId },
  { name: "gifts", table: gifts, by: gifts.userId, omit: ["gatewayTransactionId"] },
  { name: "recurringGifts", table: recurringGifts, by: recurringGifts.userId, omit: ["gatewayProfileId"] },
  { name: "wallet", table: wallets, by: wallets.userId },
  { name: "walletTransactions", table: walletTransactions, by: walletTransactions.userId, omit: ["gatewayTransactionId"] },
  // Issue 20: "brand and last four only" (and which kind of method it is); no expiry, bank, default or profile.
  { name: "paymentMethods", table: paymentMethods, by: paymentMethods.userId, only: ["type", "cardBrand", "lastFour"] },
  { name: "bankAccounts", table: bankAccounts, by: bankAccounts.userId, omit: ["accessTokenSealed", "itemId", "providerAccountId", "syncCursor"] },
  { name: "bankPurchases", table: bankPurchases, by: bankPurchases.userId, omit: ["providerTransactionId"] },
  { name: "roundUpSettings", table: roundUpSettings, by: roundUpSettings.userId },
  { name: "roundUpCollections", table: roundUpCollections, by: roundUpCollections.userId, omit: ["providerDebitId"] },
  { name: "groupMemberships", table: groupMembers, by: groupMembers.userId },
  { name: "groupJoinRequests", table: groupJoinRequests, by: groupJoinRequests.userId },
  { name: "journeyEnrolments", table: journeyEnrolments, by: journeyEnrolments.userId, omit: ["unsubscribeToken"] },
  { name: "challenges", table: userChallenges, by: userChallenges.userId },
  { name: "notifications", table: notifications, by: notifications.userId },
  { name: "notificationPreferences", table: notificationOptOuts, by: notificationOptOuts.userId },
  { name: "emailPreferences", table: emailOptOuts, by: emailOptOuts.userId },
  { name: "announcementDeliveries", table: announcementDeliveries, by: announcementDeliveries.userId },
  { name: "activityDays", table: memberActivity, by: memberActivity.userId },
];

/**
 * Tables with a foreign key to `users` that the export leaves out, and why. A table listed here
 * holds nothing of the member's own, only secrets, or staff's authorship of church content.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  password_resets: "single-use reset tokens: only their hashes, nothing of the member's",
  totp_secrets: "the sealed authenticator secret: a secret, never exported",
  recovery_codes: "hashes of recovery codes: secrets, never exported",
  sign_in_tickets: "a sign-in's second-step ticket (hash), minutes long",
  oauth_states: "an OAuth sign-in state (hash) of a staff member connecting an integration, minutes long",
  idempotency_keys: "a retry guard: the request's hash and the answer already given (the gift itself is exported)",
  // Church content a staff member authored or moderated: the church's records, not the member's data.
  announcements: "staff authorship of church announcements (created_by)",
  small_groups: "staff authorship of a group (created_by)",
  media_items: "staff authorship of media (created_by)",
  services: "staff who started a service (started_by)",
  visitors: "staff who followed up a visitor card (followed_up_by)",
  integrations: "staff who connected an integration (connected_by)",
  sign_in_policy: "staff who changed the church's sign-in policy (updated_by)",
  calendar_events: "staff authorship of a calendar event (created_by)",
  statement_runs: "staff who sent a year's statements (requested_by): the church's record",
  statement_deliveries: "the church's record that a year's statement was emailed (no name or address kept); the gifts themselves are exported",
  audit_log: "the church's record of who viewed or changed money data (actor), kept for accountability (decision 0113)",
  giving_batches: "the treasurer who entered or closed a cash and check batch (created_by, closed_by): the church's records; a donor's own batch gifts are in gifts (decision 0120)",
  gift_refunds: "the staff member who refunded a gift (actor), kept for accountability; the donor's refunds are in their gifts' refunded_cents (decision 0119)",
};

/** The columns a section exports: its `only` list, or every column but those it omits. */
export function exportedKeys(s: ExportSection): string[] {
  return Object.keys(getTableColumns(s.table)).filter((key) => (s.only ? s.only.includes(key) : !s.omit?.includes(key)));
}

/**
 * Single columns that name a member but are not exported, and why, as "table.column". The test
 * finds every column of a foreign key to `users` and every column named user_id, member_id,
 * *_user_id or *_member_id; each must be a section's `by`, in a table of NOT_EXPORTED, or here.
 * The first group are second member columns of exported tables (staff who acted on the row);
 * the second, references the catalog cannot see (no foreign key, no telling name), listed so
 * they are known: each names an existing column (the test checks), and none is the member's own data.
 */
export const NOT_EXPORTED_COLUMNS: Readonly<Record<string, string>> = {
  "livestream_comments.deleted_by": "the staff member who removed a comment (moderation); the author's comments are exported by user_id",
  "prayer_requests.hidden_by": "the staff member who hid a prayer request (moderation); the author's requests are exported by user_id",
  "group_join_requests.decided_by": "the leader or staff member who answered a join request; the asker's requests are exported by user_id",
  // References without a foreign key.
  "crm_sync_items.source_id":
    "the CRM outbox's source (a member's id for a 'member' item, a prayer's for 'prayer'): the CRM's bookkeeping, cancelled when the member deletes their account (decision 0117)",
  "email_outbox.to":
    "the address a queued or sent email goes to: the message on its way, not kept data; queued ones but giving records are cancelled when the member deletes their account",
  "background_calls.payload": "a queued call to a provider (a card profile's or CRM contact's deletion, a bank token's revoke): provider ids, emptied once the call is made",
  "gift_donor_years.donor_key": "a kept count of a donor's gifts per year (decision 0132), derived from gifts, which are exported",
  "rate_limits.key": "a rate limit's counter (write:<limit>:<member id> ...): minutes to an hour long, counts only",
  "rate_delays.key": "a sign-in or reset delay's counter (by address or device): counts and times only, short-lived",
};

/** Column names that look like secrets: a section must omit them or show them transformed. */
const SECRET_NAME = /hash|token|secret|sealed|^key$|publickey|privatekey|apikey|p256dh|^auth$|credential|gatewayprofile|fingerprint|password/i;

/** The sections' secret-looking columns that are neither omitted nor transformed (the module refuses to load with any). */
export function checkSections(sections: readonly ExportSection[]): string[] {
  const problems: string[] = [];
  for (const s of sections) {
    const keys = Object.keys(getTableColumns(s.table));
    for (const key of s.only ?? []) {
      if (!keys.includes(key)) problems.push(`export section ${s.name}: ${getTableName(s.table)} has no column ${key}`);
    }
    for (const key of exportedKeys(s)) {
      if (SECRET_NAME.test(key) && !s.show?.[key]) {
        problems.push(`export section ${s.name}: column ${getTableName(s.table)}.${key} looks like a secret; omit it or show it transformed`);
      }
    }
  }
  return problems;
}
for (const problem of checkSections(EXPORT_SECTIONS)) throw new Error(problem);

/** The tables the export covers, by their SQL name. */
export const exportedTables = () => new Set(EXPORT_SECTIONS.map((s) => getTableName(s.table)));
