/**
 * Notifications: the kinds and every text a member reads, without zod, so the message files
 * (contract/i18n) carry them without the validation library (decision 0072). The schemas are in
 * contract/notifications.ts, which re-exports this module.
 */
import { isStaff } from "./roles";

/**
 * The kinds of notification. Each member can turn each kind off; a kind turned off is neither
 * kept in the inbox nor pushed (docs/decisions/0041). `staffOnly` kinds reach OWNER, PASTOR and
 * STAFF only (spec section 6, moderation notices).
 */
export const NOTIFICATION_KINDS = ["serviceStarted", "testimonyApproved", "prayerAnswered", "questionToModerate", "testimonyToModerate", "newCardsPaused", "announcement", "eventReminder", "eventCancelled", "groupJoinRequest", "groupRequestAnswered"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, { label: string; hint: string; staffOnly: boolean }> = {
  serviceStarted: { label: "Service started", hint: "When a service goes live", staffOnly: false },
  testimonyApproved: { label: "Testimony approved", hint: "When your testimony is shared with the church", staffOnly: false },
  prayerAnswered: { label: "Prayers answered", hint: "When a request you prayed for is answered", staffOnly: false },
  questionToModerate: { label: "Questions to moderate", hint: "A new question needs moderation", staffOnly: true },
  testimonyToModerate: { label: "Testimonies to approve", hint: "A new testimony needs approval", staffOnly: true },
  // The card-testing breaker (docs/decisions/0105): once per trip, to staff.
  newCardsPaused: { label: "Giving with new cards paused", hint: "When many new cards are declined at once", staffOnly: true },
  /** Staff's announcements (decision 0110): the words are staff's, in the member's language. */
  announcement: { label: "Church announcements", hint: "News from your church's staff", staffOnly: false },
  eventReminder: { label: "Event reminders", hint: "The day before an event you registered for", staffOnly: false },
  // Staff delete an event (decision 0109): to the members registered (going or waitlisted) for an occurrence still ahead.
  eventCancelled: { label: "Cancelled events", hint: "When an event you registered for is cancelled", staffOnly: false },
  // Small groups (decision 0107): to a group's leaders when someone asks to join; to the member when answered.
  groupJoinRequest: { label: "Requests to join your group", hint: "When someone asks to join a group you lead", staffOnly: false },
  groupRequestAnswered: { label: "Group requests answered", hint: "When a leader answers your request to join a group", staffOnly: false },
};

/** What a notification says and where tapping it goes (inbox and push alike). */
export const NOTIFICATION_MESSAGES = {
  serviceStarted: (serviceTitle: string) => ({ title: "Service Started", body: `${serviceTitle} is now live!`, url: "/sunday" }),
  testimonyApproved: () => ({ title: "Testimony Approved", body: "Your testimony is now shared with the church. Thank you!", url: "/connect" }),
  prayerAnswered: (prayerTitle: string) => ({
    title: "Prayer Answered",
    body: `A request you prayed for has been answered: "${truncate(prayerTitle, 80)}"`,
    url: "/prayer",
  }),
  questionToModerate: () => ({ title: "New Question", body: "A new question needs moderation", url: "/admin" }),
  testimonyToModerate: () => ({ title: "New Testimony", body: "A new testimony needs approval", url: "/admin" }),
  newCardsPaused: (pausedMinutes: number) => ({
    title: "New cards paused",
    body: `Many new cards were declined. Giving with a new card is paused for ${pausedMinutes} minutes; see Admin.`,
    url: "/admin",
  }),
  /** The day before an event the member registered for (decision 0109); `time` in the church's zone. */
  eventReminder: (time: string, eventTitle: string) => ({ title: "Event Tomorrow", body: `Tomorrow, ${time}: ${truncate(eventTitle, 80)}`, url: "/calendar" }),
  /** Staff deleted an event the member was registered for (going or waitlisted), decision 0109. */
  eventCancelled: (eventTitle: string) => ({ title: "Event Cancelled", body: `${truncate(eventTitle, 80)} was cancelled. Your registration is removed.`, url: "/calendar" }),
  /** To the group's leaders: opens Connect with that group's pending requests (decision 0107). */
  groupJoinRequest: (memberName: string, groupName: string, groupId: string) => ({
    title: "Request to Join",
    body: `${truncate(memberName, 80)} asks to join ${truncate(groupName, 80)}`,
    url: `/connect?group=${groupId}`,
  }),
  groupRequestApproved: (groupName: string) => ({ title: "Request Approved", body: `You are now a member of ${truncate(groupName, 80)}.`, url: "/connect" }),
  groupRequestDeclined: (groupName: string) => ({ title: "Request Declined", body: `Your request to join ${truncate(groupName, 80)} was declined.`, url: "/connect" }),
} as const;

function truncate(s: string, max: number) {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export const NOTIFICATIONS_TEXT = {
  inboxTitle: "Notifications",
  markAllRead: "Mark all as read",
  markRead: "Mark as read",
  empty: "No notifications yet",
  emptyHint: "We'll let you know when a service starts, your testimony is approved or a prayer is answered.",
  loadFailed: "Failed to load notifications",
  preferencesLoadFailed: "Failed to load your notification preferences",
  retry: "Try again",
  loadMore: "Load more",
  notFound: "Notification not found",
  // Profile push card (spec section 2).
  cardTitle: "Push notifications",
  unsupported: "Push notifications are not supported on this device or browser.",
  blocked: "Notifications are blocked for this site. Allow them in your browser settings to turn them on.",
  enableSwitch: "Notifications on this device",
  activeOn: (n: number) => `Active on ${n} ${n === 1 ? "device" : "devices"}`,
  activeNotice: (date: string) => `Push notifications are active. Last updated ${date}.`,
  enableButton: "Enable Push Notifications",
  enabling: "Enabling...",
  kindsTitle: "Notify me about",
  kindsHint: "A kind you turn off is not sent to your devices or kept in your inbox.",
  // Toasts (spec section 8).
  notSupported: { title: "Not Supported", description: "Push notifications are not supported on this device" },
  permissionDenied: { title: "Permission Denied", description: "Notification permission was denied. You can enable it in your browser settings." },
  permissionError: { title: "Error", description: "Failed to request notification permission" },
  registrationFailed: { title: "Registration Failed", description: "Failed to register for push notifications" },
  disableFailed: { title: "Error", description: "Failed to disable notifications" },
  enabled: { title: "Notifications Enabled" },
  disabled: { title: "Notifications Disabled" },
  preferenceFailed: { title: "Error", description: "Failed to save your notification preference" },
  emailUpdatesSaved: { on: "Email updates on", off: "Email updates off" },
  // Server validation of a subscription.
  badSubscription: "Invalid push subscription",
  badEndpoint: "The push endpoint must be an https:// address of a push service",
  badP256dh: "keys.p256dh must be a P-256 public key (65 bytes, base64url)",
  badAuth: "keys.auth must be a 16-byte secret (base64url)",
  tokenNotFound: "Push registration not found",
} as const;

/** The kinds a member of `role` can receive (and so sees switches for). */
export const kindsForRole = (role: string | null | undefined): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => !NOTIFICATION_KIND_INFO[k].staffOnly || isStaff(role));
