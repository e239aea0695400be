import { describe, expect, it } from "vitest";
import { groupRsvps, type EventRsvps } from "./calendar";

const A = "2026-10-21T23:00:00.000Z";
const B = "2026-10-28T23:00:00.000Z";

describe("groupRsvps: Admin → Events' registrations from the pages loaded so far", () => {
  it("joins an occurrence whose names run on to the next page, keeps each list's order, and takes the latest page's counts", () => {
    const pages: EventRsvps[] = [
      { occurrences: [{ occurrence: A, goingCount: 2, waitlistCount: 2, going: ["Ann", "Ben"], waitlisted: ["Cy"] }], nextCursor: "c1" },
      {
        occurrences: [
          { occurrence: A, goingCount: 2, waitlistCount: 3, going: [], waitlisted: ["Dee"] },
          { occurrence: B, goingCount: 5, waitlistCount: 0, going: ["Eve"], waitlisted: [] },
        ],
        nextCursor: "c2",
      },
      { occurrences: [{ occurrence: B, goingCount: 5, waitlistCount: 0, going: ["Fay"], waitlisted: [] }], nextCursor: null },
    ];
    expect(groupRsvps(pages)).toEqual([
      { occurrence: A, goingCount: 2, waitlistCount: 3, going: ["Ann", "Ben"], waitlisted: ["Cy", "Dee"] },
      { occurrence: B, goingCount: 5, waitlistCount: 0, going: ["Eve", "Fay"], waitlisted: [] },
    ]);
    expect(groupRsvps(pages.slice(0, 1))).toEqual(pages[0]!.occurrences);
    expect(groupRsvps([])).toEqual([]);
    // The pages themselves are left as they were.
    expect(pages[0]!.occurrences[0]!.waitlisted).toEqual(["Cy"]);
  });
});
