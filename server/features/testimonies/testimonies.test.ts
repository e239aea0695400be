/**
 * Testimonies (spec sections 3, 4, 5, 7): visibility by role, validation, moderation, amen
 * idempotency under concurrency, and the live events they publish.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { TESTIMONY_TEXT, type Testimony } from "../../../contract/testimonies";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import type { BusEvent } from "../../events/bus";

let t: TestApp;
const events: BusEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.bus.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

type Auth = { authorization: string };
const list = async (auth: Auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/testimonies", headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as Testimony[];
};
const share = (auth: Auth, text: string) => t.app.inject({ method: "POST", url: "/api/testimonies", headers: auth, payload: { text } });
const moderate = (auth: Auth, id: string, isApproved: boolean) =>
  t.app.inject({ method: "PATCH", url: `/api/testimonies/${id}`, headers: auth, payload: { isApproved } });
const amen = (auth: Auth, id: string) => t.app.inject({ method: "POST", url: `/api/testimonies/${id}/amen`, headers: auth });

/** Waits until the bus has delivered an event matching `pred` (NOTIFY is asynchronous). */
async function eventually(pred: (e: BusEvent) => boolean) {
  for (let i = 0; i < 200 && !events.some(pred); i++) await new Promise((r) => setTimeout(r, 10));
  return events.filter(pred);
}

describe("testimonies", () => {
  it("refuses visitors who are not signed in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/testimonies" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/testimonies", payload: { text: "a long enough text" } })).statusCode).toBe(401);
  });

  it("validates the text with the spec's message", async () => {
    const m = await t.signUp();
    const res = await share(m.auth, "   short   ");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TESTIMONY_TEXT.tooShort);
  });

  it("saves as pending: hidden from members, shown to staff, visible to all once approved", async () => {
    const author = await t.signUp("MEMBER", { firstName: "Hannah", lastName: "Samuels" });
    const other = await t.signUp();
    const staff = await t.signUp("STAFF");
    const res = await share(author.auth, "  God provided a new home for our family this month.  ");
    expect(res.statusCode).toBe(201);
    const created = res.json() as Testimony;
    expect(created).toMatchObject({ text: "God provided a new home for our family this month.", isApproved: false, amenCount: 0, authorName: "Hannah S.", hasAmened: false });
    expect((await eventually((e) => e.event === "new-testimony" && (e.data as { testimonyId: string }).testimonyId === created.id)).length).toBe(1);

    expect((await list(author.auth)).some((x) => x.id === created.id)).toBe(false);
    expect((await list(other.auth)).some((x) => x.id === created.id)).toBe(false);
    expect((await list(staff.auth)).find((x) => x.id === created.id)?.isApproved).toBe(false);

    expect((await moderate(author.auth, created.id, true)).statusCode).toBe(403);
    const approved = await moderate(staff.auth, created.id, true);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().isApproved).toBe(true);
    expect((await eventually((e) => e.event === "testimony-approved" && (e.data as { testimonyId: string }).testimonyId === created.id)).length).toBe(1);
    const seen = await list(other.auth);
    expect(seen.find((x) => x.id === created.id)?.isApproved).toBe(true);
    expect(seen.every((x) => x.isApproved)).toBe(true);

    // Reject (issue 18): gone for members and out of the staff's moderation queue, kept for the record.
    expect((await moderate(staff.auth, created.id, false)).json().isApproved).toBe(false);
    expect((await list(other.auth)).some((x) => x.id === created.id)).toBe(false);
    expect((await list(author.auth)).some((x) => x.id === created.id)).toBe(false);
    expect((await list(staff.auth)).some((x) => x.id === created.id)).toBe(false);
    const [kept] = await t.db.select().from(testimonies).where(eq(testimonies.id, created.id));
    expect(kept).toMatchObject({ isApproved: false, rejectedAt: expect.any(Date) });
    // Approving it after all brings it back, unmarked.
    expect((await moderate(staff.auth, created.id, true)).json().isApproved).toBe(true);
    expect((await list(other.auth)).some((x) => x.id === created.id)).toBe(true);
    const [again] = await t.db.select().from(testimonies).where(eq(testimonies.id, created.id));
    expect(again.rejectedAt).toBeNull();
  });

  it("moderating an unknown testimony is a 404", async () => {
    const staff = await t.signUp("PASTOR");
    expect((await moderate(staff.auth, "00000000-0000-4000-8000-000000000000", true)).statusCode).toBe(404);
  });

  it("counts one amen per member, even when sent many times at once", async () => {
    const author = await t.signUp();
    const staff = await t.signUp("OWNER");
    const a = await t.signUp();
    const b = await t.signUp();
    const id = ((await share(author.auth, "The prayer team's visit lifted my spirits.")).json() as Testimony).id;

    // Pending testimonies cannot receive amens.
    expect((await amen(a.auth, id)).statusCode).toBe(404);
    await moderate(staff.auth, id, true);

    const burst = await Promise.all(Array.from({ length: 6 }, () => amen(a.auth, id)));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db.select().from(testimonyAmens).where(eq(testimonyAmens.testimonyId, id));
    expect(rows).toHaveLength(1);
    const afterA = (await list(a.auth)).find((x) => x.id === id)!;
    expect(afterA).toMatchObject({ amenCount: 1, hasAmened: true });

    const byB = await amen(b.auth, id);
    expect(byB.json()).toMatchObject({ amenCount: 2, hasAmened: true });
    expect((await list(author.auth)).find((x) => x.id === id)).toMatchObject({ amenCount: 2, hasAmened: false });

    // Exactly two amen events: one per member, none for the repeats. A later event is the
    // barrier: NOTIFY delivers in order, so every amen event has arrived once it has.
    const barrier = ((await share(author.auth, "A barrier testimony for event ordering.")).json() as Testimony).id;
    await eventually((e) => e.event === "new-testimony" && (e.data as { testimonyId: string }).testimonyId === barrier);
    expect(events.filter((e) => e.event === "testimony-amen" && (e.data as { testimonyId: string }).testimonyId === id)).toHaveLength(2);
  });

  it("gives each member their own amens in the shared answer, byte for byte, whatever the words", async () => {
    const staff = await t.signUp("OWNER");
    const author = await t.signUp();
    const reader = await t.signUp();
    const texts = [
      'Él me sostuvo: "¡Gloria a Dios!" 🙏 when the clinic said hasAmened:false',
      "Line one\nline two, with a backslash \\ and a tab\tinside.",
      "先生 prayed with us; 感谢主 for a healed knee.",
    ];
    const ids: string[] = [];
    for (const text of texts) {
      const id = ((await share(author.auth, text)).json() as Testimony).id;
      await moderate(staff.auth, id, true);
      ids.push(id);
    }
    expect((await amen(reader.auth, ids[0])).statusCode).toBe(200);
    expect((await amen(reader.auth, ids[2])).statusCode).toBe(200);

    const res = await t.app.inject({ method: "GET", url: "/api/testimonies", headers: reader.auth });
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    const mine = res.json() as Testimony[];
    const byId = new Map(mine.map((x) => [x.id, x]));
    expect(ids.map((id) => byId.get(id)?.hasAmened)).toEqual([true, false, true]);
    expect(ids.map((id) => byId.get(id)?.text)).toEqual(texts);
    // Everyone else's copy is untouched by the reader's: the author said amen to none.
    const theirs = await list(author.auth);
    expect(theirs.filter((x) => ids.includes(x.id)).map((x) => x.hasAmened)).toEqual([false, false, false]);
    // Apart from their own amens, both are the same list.
    expect(mine.map((x) => ({ ...x, hasAmened: false }))).toEqual(theirs);
    expect((await list(reader.auth)).map((x) => x.hasAmened)).toEqual(mine.map((x) => x.hasAmened));
  });
});
