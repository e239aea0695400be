/**
 * Finding a member by what staff type (shared/people-search.ts, decision 0145), through the People
 * tab's search: group 3 in its two parts, the walk of the first names in order and the trigram
 * search beyond it, joined in name order without a gap or a repeat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { users } from "../db/schema/users";
import { PEOPLE_SEARCH_WALK } from "./people-search";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

describe("the people search's third group", () => {
  it("finds those who hold the text among the first names in order and after them, in name order", async () => {
    const owner = await t.signUp("OWNER");
    const tok = letters(8);
    const Tok = tok[0]!.toUpperCase() + tok.slice(1);
    // More members than the walk reads, whose first names ("!…") sort before every other: the walk
    // ends among them. One of them holds the text, in the middle of their last name.
    const filler = await t.db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE_SEARCH_WALK + 20 }, (_, i) => ({
          email: `walk-${i}-${letters(10)}@example.org`,
          role: "MEMBER" as const,
          firstName: `!walk${String(i).padStart(3, "0")}`,
          lastName: i === 5 ? `X${tok}y` : "Filler",
          passwordHash: "not-a-hash",
        })),
      )
      .returning({ id: users.id });
    try {
      const after = await t.signUp("MEMBER", { firstName: "Zed", lastName: `Ab${tok}` });
      const starts = await t.signUp("MEMBER", { firstName: `${Tok}ina`, lastName: "Able" });
      const ids = async (q: string) => {
        const res = await t.app.inject({ method: "GET", url: "/api/admin/users", query: { q }, headers: owner.auth });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { id: string }[]).map((u) => u.id);
      };
      expect(await ids(tok)).toEqual([starts.user.id, filler[5]!.id, after.user.id]);
      // A text every filler's first name starts with: the first group, in order, and the page stops at 50.
      const walked = await ids("!walk");
      expect(walked).toEqual(filler.slice(0, 50).map((f) => f.id));
      // The walk's own part (the middle of the fillers' last name): in order, the one without it left out.
      const byFiller = await ids("iller");
      expect(byFiller).toEqual(filler.filter((_, i) => i !== 5).slice(0, 50).map((f) => f.id));
    } finally {
      await t.db.delete(users).where(
        inArray(
          users.id,
          filler.map((f) => f.id),
        ),
      );
    }
  });
});
