/** The first-time visitor form (/visitors): public POST with validation and a rate limit, staff-only list. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";
import { VISITOR_RATE_LIMIT, VISITOR_TEXT, type Visitor } from "../../../contract/visitors";
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
    for (let i = 0; i < VISITOR_RATE_LIMIT; i++) expect((await submit(body, "10.9.9.9")).statusCode).toBe(201);
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
    const list = res.json() as Visitor[];
    expect(list[0]).toMatchObject({ name: "Newest Visitor", phone: "(407) 555-0100", heardFrom: "Online search" });
    const member = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/visitors", headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/visitors" })).statusCode).toBe(401);
  });
});
