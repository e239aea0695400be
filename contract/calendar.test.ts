import { describe, expect, it } from "vitest";
import { groupRsvps, type EventRsvps } from "./calendar";

const A = "2026-10-21T23:00:00.000Z";
const B = "2026-10-28T23:00:00.000Z";

describe("groupRsvps: Admin → Events' registrations from the pages loaded so far", () => {
  it("joins an occurrence whose names run on to the next page, keeps each list's order, and takes the counts from any page", () => {
    const pages: EventRsvps[] = [
      {
        registrations: [
          { occurrence: A, status: "going", name: "Ann" },
          { occurrence: A, status: "going", name: "Ben" },
          { occurrence: A, status: "waitlisted", name: "Cy" },
        ],
        occurrences: [{ occurrence: A, goingCount: 2, waitlistCount: 2 }],
        nextCursor: "c1",
      },
      {
        registrations: [
          { occurrence: A, status: "waitlisted", name: "Dee" },
          { occurrence: B, status: "going", name: "Eve" },
        ],
        occurrences: [
          { occurrence: A, goingCount: 2, waitlistCount: 2 },
          { occurrence: B, goingCount: 5, waitlistCount: 0 },
        ],
        nextCursor: "c2",
      },
    ];
    expect(groupRsvps(pages)).toEqual([
      { occurrence: A, goingCount: 2, waitlistCount: 2, going: ["Ann", "Ben"], waitlisted: ["Cy", "Dee"] },
      { occurrence: B, goingCount: 5, waitlistCount: 0, going: ["Eve"], waitlisted: [] },
    ]);
    expect(groupRsvps(pages.slice(0, 1))).toEqual([{ occurrence: A, goingCount: 2, waitlistCount: 2, going: ["Ann", "Ben"], waitlisted: ["Cy"] }]);
    expect(groupRsvps([])).toEqual([]);
  });
});
