/** The first-time visitor form (/visitors): public POST with validation and a rate limit, staff-only list. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestApp, type TestApp } from "../../testing/harness";
import { VISITOR_TEXT, VISITORS_PAGE_SIZE, ZVisitorPage, type VisitorPage } from "../../../contract/visitors";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { writeCursor } from "../../http/keyset";
import { WRITE_LIMITS } from "../../config";
import { visitors } from "../../db/schema/visitors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submit = (payload: unknown, ip = "10.0.0.1") => t.app.inject({ method: "POST", url: "/api/visitors", payload: payload as never, remoteAddress: ip });
const messages = (res: { json: () => unknown }) => (res.json() as { issues: { message: string }[] }).issues.map((i) => i.message);

describe("POST /api/visitors", () => {
  it("stores a card from a signed-out visitor", async () => {
    const res = await submit({ name: "  Lydia Thyatira ", email: "lydia@example.org", phone: null, heardFrom: "A friend or family member", prayerRequest: "New job" }, "10.0.0.2");
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.select().from(visitors);
    expect(rows.find((r) => r.id === res.json().id)).toMatchObject({ name: "Lydia Thyatira", email: "lydia@example.org", phone: null, prayerRequest: "New job" });
  });

  it("rejects missing name, a bad email, a bad phone and no 'how did you hear' with the form's messages", async () => {
    const res = await submit({ name: " ", email: "nope", phone: "abc", prayerRequest: "x".repeat(2001) }, "10.0.0.3");
    expect(res.statusCode).toBe(400);
    expect(messages(res)).toEqual(
      expect.arrayContaining([VISITOR_TEXT.nameRequired, VISITOR_TEXT.emailInvalid, VISITOR_TEXT.phoneInvalid, VISITOR_TEXT.heardRequired, VISITOR_TEXT.prayerTooLong]),
    );
  });

  it("limits submissions per IP", async () => {
    const body = { name: "Spam", email: "s@example.org", heardFrom: "Other" };
    for (let i = 0; i < WRITE_LIMITS.visitorCard.count; i++) expect((await submit(body, "10.9.9.9")).statusCode).toBe(201);
    expect((await submit(body, "10.9.9.9")).statusCode).toBe(429);
    expect((await submit(body, "10.9.9.8")).statusCode).toBe(201);
  });
});

describe("GET /api/visitors", () => {
  it("lists cards newest first for staff; members get 403, signed-out 401", async () => {
    await submit({ name: "Newest Visitor", email: "n@example.org", phone: "(407) 555-0100", heardFrom: "Online search" }, "10.0.0.4");
    const pastor = await t.signUp("PASTOR");
    const res = await t.app.inject({ method: "GET", url: "/api/visitors", headers: pastor.auth });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as VisitorPage).visitors;
    expect(list[0]).toMatchObject({ name: "Newest Visitor", phone: "(407) 555-0100", heardFrom: "Online search" });
    const member = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/visitors", headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/visitors" })).statusCode).toBe(401);
  });

  it("pages the cards newest first (issue 23): each once across pages, the counts on the first page, and a bad cursor is a 400", async () => {
    const app = await createTestApp();
    try {
      const pastor = await app.signUp("PASTOR");
      // Words with quotes, backslashes and line breaks (and json_agg's own separator) come through as they are.
      const tricky = { name: 'Ann "Q" \\ O\'Neil', heardFrom: 'A friend, \n then ", \n "', prayerRequest: "line one\nline two\ttab", phone: null };
      // 50 cards on 10 instants (five share each), a third of them followed up.
      const base = Date.parse("2026-05-03T15:00:00.250Z");
      await app.db.insert(visitors).values(
        Array.from({ length: 50 }, (_, i) => ({
          name: `Visitor ${i}`,
          email: `v${i}@example.org`,
          heardFrom: "Event",
          createdAt: new Date(base + Math.floor(i / 5) * 3_600_000),
          followedUpAt: i % 3 === 0 ? new Date(base + 86_400_000) : null,
          ...(i === 49 && tricky),
        })),
      );
      const all = await app.db.select().from(visitors);
      const expected = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((v) => v.id);
      const get = (url: string) => app.app.inject({ method: "GET", url, headers: pastor.auth });

      const first = (await get("/api/visitors")).json() as VisitorPage;
      expect(ZVisitorPage.parse(first)).toEqual(first);
      expect(first.visitors.map((v) => v.id)).toEqual(expected.slice(0, VISITORS_PAGE_SIZE));
      expect(first.counts).toEqual({ total: 50, waiting: 33 });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(`/api/visitors?limit=12${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as VisitorPage;
        expect(page.counts === null).toBe(pages > 0);
        seen.push(...page.visitors.map((v) => v.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(5);
      expect(seen).toEqual(expected);
      expect(first.visitors.find((v) => v.name === tricky.name)).toMatchObject({ ...tricky, followedUpAt: null, followedUpBy: null });

      for (const bad of ["bm9wZQ", writeCursor("2026-05-03T15:00:00Z"), writeCursor("2026-13-03T15:00:00Z", expected[0])]) {
        const res = await get(`/api/visitors?cursor=${bad}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toEqual([{ path: "query.cursor", message: ERROR_TEXT.invalidCursor }]);
      }
      expect((await get("/api/visitors?limit=0")).statusCode).toBe(400);
      const member = await app.signUp();
      expect((await app.app.inject({ method: "GET", url: `/api/visitors?cursor=${first.nextCursor}`, headers: member.auth })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe("a configured external visitor form", () => {
  it("is allowed in the CSP's frame-src by its origin, computed from the church config; without one it is not", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-visitors-"));
    const church = JSON.parse(fs.readFileSync("config/church.json", "utf8"));
    church.links.visitorsForm = "https://forms.example-crm.com/widget/form/abc123?embed=1";
    fs.writeFileSync(path.join(dir, "church.json"), JSON.stringify(church));
    const framed = await createTestApp({ env: { CHURCH_CONFIG: path.join(dir, "church.json") } });
    try {
      const csp = (await framed.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"] as string;
      const frameSrc = csp.split(";").find((d) => d.trim().startsWith("frame-src"))!;
      expect(frameSrc.trim().split(/\s+/)).toContain("https://forms.example-crm.com");
      expect(frameSrc).not.toContain("abc123");
    } finally {
      await framed.close();
    }
    const csp = (await t.app.inject({ method: "GET", url: "/api/health" })).headers["content-security-policy"] as string;
    expect(csp).not.toContain("example-crm");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("PATCH /api/visitors/{id}", () => {
  it("lets staff mark a card followed up (with who and when) and undo it; members get 403", async () => {
    const { id } = (await submit({ name: "Follow Me", email: "f@example.org", heardFrom: "Event" }, "10.0.0.5")).json() as { id: string };
    const pastor = await t.signUp("PASTOR", { firstName: "John", lastName: "Mark" });
    const patch = (auth: { authorization: string }, followedUp: boolean, target = id) =>
      t.app.inject({ method: "PATCH", url: `/api/visitors/${target}`, headers: auth, payload: { followedUp } });
    const done = await patch(pastor.auth, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id, name: "Follow Me", followedUpBy: "John M." });
    expect(Date.parse(done.json().followedUpAt)).not.toBeNaN();
    const page = (await t.app.inject({ method: "GET", url: "/api/visitors", headers: pastor.auth })).json() as VisitorPage;
    const list = page.visitors;
    expect(list.find((v) => v.id === id)).toMatchObject({ followedUpBy: "John M." });
    // The list's JSON is written by PostgreSQL (decision 0138): the same card as the write answered, and what the schema outputs.
    expect(list.find((v) => v.id === id)).toEqual(done.json());
    expect(ZVisitorPage.parse(page)).toEqual(page);
    expect((await patch(pastor.auth, false)).json()).toMatchObject({ followedUpAt: null, followedUpBy: null });
    const member = await t.signUp();
    expect((await patch(member.auth, true)).statusCode).toBe(403);
    expect((await patch(pastor.auth, true, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });
});
