/**
 * NUL (U+0000) cannot be stored in PostgreSQL text: any request carrying one is a 400 naming
 * where it was, before route code runs, and nothing is stored (found by hostile-input.test.ts
 * as a 500 from GET /api/admin/users?q=%00).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { findNul } from "./reject-nul";
import { prayerRequests } from "../db/schema/prayer";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("NUL in a request", () => {
  it("is found in nested bodies and keys, and not elsewhere", () => {
    expect(findNul({ a: [{ b: "x\u0000" }] }, "body")).toBe("body.a.0.b");
    expect(findNul({ ["k\u0000"]: 1 }, "body")).toBe("body.k");
    expect(findNul({ a: ["fine", 1, null, true] }, "body")).toBeNull();
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep, "body")).toMatch(/^body(\.0)+$/);
  });

  it("is a 400 in a search, a body or a path, and nothing is stored", async () => {
    const owner = await t.signUp("OWNER");
    const member = await t.signUp();
    const search = await t.app.inject({ method: "GET", url: "/api/admin/users?q=%00", headers: owner.auth });
    expect(search.statusCode).toBe(400);
    expect(search.json().issues).toEqual([{ path: "query.q", message: "Invalid input" }]);

    const [{ n: before }] = await t.db.select({ n: count() }).from(prayerRequests);
    const prayer = await t.app.inject({
      method: "POST",
      url: "/api/prayer-requests",
      headers: member.auth,
      payload: { title: "Healing\u0000", description: "For my mother", isAnonymous: false, isUrgent: false, category: "Health" },
    });
    expect(prayer.statusCode).toBe(400);
    expect(prayer.json().issues[0].path).toBe("body.title");
    const [{ n: after }] = await t.db.select({ n: count() }).from(prayerRequests);
    expect(after).toBe(before);

    const note = await t.app.inject({ method: "DELETE", url: "/api/personal-notes/%00", headers: member.auth });
    expect(note.statusCode).toBe(400);
  });
});
