import { API } from "./api-paths";
import { NOTIFICATION_KIND_INFO, type NotificationKind } from "./notifications-text";

/** Live events (spec section 7): names, payloads (ids only; the client refetches) and the client's reactions. */
export const EVENT_NAMES = [
  "new-poll",
  "poll-vote",
  "poll-closed",
  "new-question",
  "question-approved",
  "question-withdrawn",
  "new-prayer",
  "prayer-updated",
  "new-testimony",
  "testimony-approved",
  "testimony-amen",
  "service-status",
  "new-comment",
  "comment-deleted",
  "notification",
  "calendar-changed",
  "announcement",
  "church-changed",
  "content-changed",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export interface EventPayloads {
  "new-poll": { pollId: string; serviceId: string };
  "poll-vote": { pollId: string };
  /** Not in the spec: a poll was closed (or reopened), so members' Home drops (or shows) it. No toast. */
  "poll-closed": { pollId: string; serviceId: string };
  "new-question": { questionId: string; serviceId: string };
  "question-approved": { questionId: string; serviceId: string };
  /** Not in the spec: staff rejected a question they had approved, so every screen drops it (and every instance its shared copy). No toast. */
  "question-withdrawn": { questionId: string; serviceId: string };
  /** isUrgent: staff are told at once (URGENT_PRAYER_TOAST), beyond the spec's toast. */
  "new-prayer": { prayerId: string; isUrgent: boolean };
  "prayer-updated": { prayerId: string };
  "new-testimony": { testimonyId: string };
  "testimony-approved": { testimonyId: string };
  "testimony-amen": { testimonyId: string };
  "service-status": { serviceId: string; isLive: boolean };
  "new-comment": { commentId: string };
  /** Not in the spec: staff removed a live comment, so every open feed drops it at once. No toast. */
  "comment-deleted": { commentId: string };
  /**
   * Not in the spec: notifications of `kind` were stored for some members (contract/notifications.ts).
   * It names no one, so a member's inbox refetches when the kind can reach them; no toast.
   */
  notification: { kind: NotificationKind };
  /** Not in the spec: staff created, changed or deleted an event (decision 0109). No toast. */
  "calendar-changed": { eventId: string };
  /**
   * Not in the spec: an announcement was composed, cancelled, or finished sending (decision 0110).
   * It wakes the sender job on every instance and refreshes Admin → Announcements; staff only.
   */
  announcement: { id: string };
  /**
   * Not in the spec: staff changed the church profile or its logo (Admin → Church). Every
   * instance reloads its copy; screens refetch the church. No toast.
   */
  "church-changed": Record<string, never>;
  /**
   * Not in the spec: staff changed content every member reads alike (a service's title or date,
   * a media item, a journey, a challenge). Every instance reads its shared copy again
   * (server/http/shared-read.ts) and screens refetch it. No toast.
   */
  "content-changed": { area: ContentArea };
}

/** What `content-changed` is about. */
export const CONTENT_AREAS = ["services", "media", "journeys", "challenges"] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];

/**
 * Events about items still waiting for moderation (a new question, a new testimony, and the
 * notices of the staff-only kinds): the stream sends them to OWNER, PASTOR and STAFF only, so a
 * member never learns that something not yet approved exists.
 */
export function isStaffOnlyEvent<E extends EventName>(event: E, data: EventPayloads[E]): boolean {
  if (event === "new-question" || event === "new-testimony" || event === "announcement") return true;
  if (event === "notification") return NOTIFICATION_KIND_INFO[(data as EventPayloads["notification"]).kind]?.staffOnly ?? false;
  return false;
}

/** Toasts raised by live events (spec section 9). `staffOnly` ones are shown to non-MEMBER roles only. */
export const EVENT_TOASTS: Partial<Record<EventName, { title: string; description: string; staffOnly?: boolean }>> = {
  "new-poll": { title: "New Poll", description: "A new poll has been posted!" },
  "new-question": { title: "New Question", description: "A new question needs moderation", staffOnly: true },
  "new-prayer": { title: "New Prayer Request", description: "Someone has shared a prayer request" },
  "new-testimony": { title: "New Testimony", description: "A new testimony needs approval", staffOnly: true },
};
/** Raised for staff (any role other than MEMBER) instead of 'New Prayer Request' when the request is urgent. */
export const URGENT_PRAYER_TOAST = {
  title: "Urgent Prayer Request",
  description: "An urgent prayer request was shared. It is at the top of the prayer wall.",
} as const;
export const SERVICE_TOASTS = {
  started: { title: "Service Started", description: "Sunday service is now live!" },
  ended: { title: "Service Ended", description: "Sunday service has ended" },
} as const;

/**
 * Query-key prefixes to refetch on each event (spec section 7, "Refetch on events"), built with
 * the same path functions as the client's query keys (contract/api-paths.ts), so a path is
 * written once and a refetch cannot miss a renamed route.
 */
export function queriesToRefetch<E extends EventName>(event: E, data: EventPayloads[E]): string[] {
  switch (event) {
    case "new-poll":
    case "new-question":
    case "question-approved":
    case "question-withdrawn":
    case "service-status":
      return [API.services.list()];
    case "poll-vote":
      return [API.polls.results({ pollId: (data as EventPayloads["poll-vote"]).pollId })];
    case "poll-closed":
      return [API.services.list(), API.polls.results({ pollId: (data as EventPayloads["poll-closed"]).pollId })];
    case "new-prayer":
    case "prayer-updated":
      return [API.prayer.list()];
    case "new-testimony":
    case "testimony-approved":
    case "testimony-amen":
      return [API.testimonies.list()];
    case "new-comment":
    case "comment-deleted":
      return [API.comments.list()];
    case "notification":
      // The card-testing breaker opened: staff's Admin card shows it at once.
      return (data as EventPayloads["notification"]).kind === "newCardsPaused" ? [API.notifications.list(), API.admin.cardBreaker()] : [API.notifications.list()];
    case "announcement":
      return [API.announcements.list()];
    case "church-changed":
      return [API.church.me(), API.church.public()];
    case "calendar-changed":
      return [API.calendar.events(), API.calendar.manage(), API.calendar.week()];
    case "content-changed":
      switch ((data as EventPayloads["content-changed"]).area) {
        case "services":
          return [API.services.list()];
        case "media":
          return [API.connect.media(), API.videos.list(), API.videos.mediaItems()];
        case "journeys":
          return [API.connect.journeys()];
        case "challenges":
          return [API.connect.challenges()];
        default:
          return [];
      }
    default:
      return [];
  }
}
