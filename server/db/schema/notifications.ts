import { pgTable, uuid, text, timestamp, index, uniqueIndex, primaryKey, integer, smallint, check } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { NOTIFICATION_KINDS } from "../../../contract/notifications";

/**
 * The inbox: one row per recipient, written in the same transaction as the action that caused
 * it (server/notifications/notify.ts). The unique (member, kind, subject) index makes a repeated
 * action (approve, reject, approve again) notify once.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** The service, testimony, prayer or question it is about. */
    subjectId: uuid("subject_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_once_per_subject").on(t.userId, t.kind, t.subjectId),
    index("notifications_inbox_idx").on(t.userId, t.createdAt, t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Kinds a member turned off (no row: on). */
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A browser's Web Push subscription (spec: push token registration, deviceType web). The
 * endpoint identifies the device and belongs to one member: registering it again updates the
 * row (and moves it to whoever registered it last).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    deviceType: text("device_type", { enum: ["web"] }).notNull().default("web"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last (re-)registration: the Profile card's "last updated". */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId, t.updatedAt)],
);

export const PUSH_DELIVERY_STATUSES = ["pending", "sent", "failed", "expired"] as const;

/**
 * One push of one notification to one device, claimed by the delivery job (server/jobs/push-delivery.ts).
 * The unique (notification, subscription) index is the "one push per notification per device" rule.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    status: text("status", { enum: PUSH_DELIVERY_STATUSES }).notNull().default("pending"),
    /** Attempts started (counted when claimed, so a crash mid-send still counts). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: others leave the row alone until then. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_deliveries_once").on(t.notificationId, t.subscriptionId),
    index("push_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("push_deliveries_subscription_idx").on(t.subscriptionId),
    index("push_deliveries_created_idx").on(t.createdAt),
  ],
);

/**
 * The VAPID key pair, generated once when not given in config (one row, id 1). The private key
 * is sealed with the secrets key (server/security/secret-box.ts).
 */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKeySealed: text("private_key_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("push_vapid_keys_single_row", sql`${t.id} = 1`)],
);

/**
 * Members who turned the Profile's "Email updates" off (no row: on): church news by email
 * (announcements, decision 0110) skips them. Account emails are not news and still go.
 */
export const emailOptOuts = pgTable("email_opt_outs", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
