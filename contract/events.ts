/** Live events (spec section 7): names, payloads (ids only; the client refetches) and the client's reactions. */
export const EVENT_NAMES = [
  "new-poll",
  "poll-vote",
  "poll-closed",
  "new-question",
  "question-approved",
  "new-prayer",
  "prayer-updated",
  "new-testimony",
  "testimony-approved",
  "testimony-amen",
  "service-status",
  "new-comment",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export interface EventPayloads {
  "new-poll": { pollId: string; serviceId: string };
  "poll-vote": { pollId: string };
  /** Not in the spec: a poll was closed (or reopened), so members' Home drops (or shows) it. No toast. */
  "poll-closed": { pollId: string; serviceId: string };
  "new-question": { questionId: string; serviceId: string };
  "question-approved": { questionId: string; serviceId: string };
  "new-prayer": { prayerId: string };
  "prayer-updated": { prayerId: string };
  "new-testimony": { testimonyId: string };
  "testimony-approved": { testimonyId: string };
  "testimony-amen": { testimonyId: string };
  "service-status": { serviceId: string; isLive: boolean };
  "new-comment": { commentId: string };
}

/** Toasts raised by live events (spec section 9). `staffOnly` ones are shown to non-MEMBER roles only. */
export const EVENT_TOASTS: Partial<Record<EventName, { title: string; description: string; staffOnly?: boolean }>> = {
  "new-poll": { title: "New Poll", description: "A new poll has been posted!" },
  "new-question": { title: "New Question", description: "A new question needs moderation", staffOnly: true },
  "new-prayer": { title: "New Prayer Request", description: "Someone has shared a prayer request" },
  "new-testimony": { title: "New Testimony", description: "A new testimony needs approval", staffOnly: true },
};
export const SERVICE_TOASTS = {
  started: { title: "Service Started", description: "Sunday service is now live!" },
  ended: { title: "Service Ended", description: "Sunday service has ended" },
} as const;

/** Query-key prefixes to refetch on each event (spec section 7, "Refetch on events"). */
export function queriesToRefetch<E extends EventName>(event: E, data: EventPayloads[E]): string[] {
  switch (event) {
    case "new-poll":
    case "new-question":
    case "question-approved":
    case "service-status":
      return ["/api/services"];
    case "poll-vote":
      return [`/api/polls/${(data as EventPayloads["poll-vote"]).pollId}/results`];
    case "poll-closed":
      return ["/api/services", `/api/polls/${(data as EventPayloads["poll-closed"]).pollId}/results`];
    case "new-prayer":
    case "prayer-updated":
      return ["/api/prayers"];
    case "new-testimony":
    case "testimony-approved":
    case "testimony-amen":
      return ["/api/testimonies"];
    case "new-comment":
      return ["/api/livestream-comments"];
    default:
      return [];
  }
}
