/**
 * Every live event refetches paths the API has (contract/api-paths.ts): a prefix that names no
 * route (a typo, a route renamed on one side) would leave members' screens stale without a sound.
 */
import { describe, expect, it } from "vitest";
import { API } from "./api-paths";
import { CONTENT_AREAS, EVENT_NAMES, queriesToRefetch, type EventName, type EventPayloads } from "./events";

/** One payload per event, with ids that need encoding to show they are built, not pasted. */
const SAMPLES: { [E in EventName]: EventPayloads[E] } = {
  "new-poll": { pollId: "p 1", serviceId: "s1" },
  "poll-vote": { pollId: "p 1" },
  "poll-closed": { pollId: "p 1", serviceId: "s1" },
  "new-question": { questionId: "q1", serviceId: "s1" },
  "question-approved": { questionId: "q1", serviceId: "s1" },
  "question-withdrawn": { questionId: "q1", serviceId: "s1" },
  "new-prayer": { prayerId: "r1", isUrgent: false },
  "prayer-updated": { prayerId: "r1" },
  "new-testimony": { testimonyId: "t1" },
  "testimony-approved": { testimonyId: "t1" },
  "testimony-amen": { testimonyId: "t1" },
  "service-status": { serviceId: "s1", isLive: true },
  "new-comment": { commentId: "c1" },
  "comment-deleted": { commentId: "c1" },
  notification: { kind: "serviceStarted" },
  "calendar-changed": { eventId: "e 1" },
  announcement: { id: "a 1" },
  "church-changed": {},
  "content-changed": { area: "media" },
};

/** Every pattern in API, as a regular expression over built URLs (a parameter is one encoded segment). */
function patterns(node: unknown): RegExp[] {
  if (typeof node === "function" && "pattern" in node) {
    const source = String(node.pattern)
      .replace(/[.?+^$()|[\]{}\\]/g, "\\$&")
      .replace(/:[A-Za-z_]+/g, "[^/]+")
      .replace(/\*$/, ".+");
    return [new RegExp(`^${source}$`)];
  }
  return typeof node === "object" && node ? Object.values(node).flatMap(patterns) : [];
}
const ROUTES = patterns(API);

describe("queriesToRefetch", () => {
  it("names only paths that are in API, for every event", () => {
    for (const event of EVENT_NAMES) {
      const prefixes = queriesToRefetch(event, SAMPLES[event]);
      expect(prefixes.length, event).toBeGreaterThan(0);
      for (const prefix of prefixes) expect(ROUTES.some((r) => r.test(prefix)), `${event}: ${prefix}`).toBe(true);
    }
  });

  it("builds a poll's results path from the event's poll id", () => {
    expect(queriesToRefetch("poll-vote", { pollId: "p 1" })).toEqual([API.polls.results({ pollId: "p 1" })]);
    expect(API.polls.results({ pollId: "p 1" })).toBe("/api/polls/p%201/results");
  });

  it("refetches each area's reads after content-changed", () => {
    for (const area of CONTENT_AREAS) {
      const prefixes = queriesToRefetch("content-changed", { area });
      expect(prefixes.length, area).toBeGreaterThan(0);
      for (const prefix of prefixes) expect(ROUTES.some((r) => r.test(prefix)), `${area}: ${prefix}`).toBe(true);
    }
    expect(queriesToRefetch("content-changed", { area: "media" })).toEqual(["/api/media", "/api/videos", "/api/media-items"]);
  });

  it("a path that is not in API is told apart", () => {
    expect(ROUTES.some((r) => r.test("/api/service"))).toBe(false);
    expect(ROUTES.some((r) => r.test("/api/polls/p1/result"))).toBe(false);
  });
});
