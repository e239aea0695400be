/**
 * Pause, resume and cancel (POST /api/giving/recurring/:id/pause|resume|cancel): a member's own
 * gifts only (another member's is 404), CANCELLED is final (409), FAILED can only be cancelled
 * (409 otherwise), asking for the current state is a harmless 200, and resuming after the date
 * passed moves to the next scheduled date from today, never back-charging.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { recurringGifts } from "../../db/schema/giving";
import { sessions } from "../../db/schema/users";
import { GIVING_TEXT, type GiveResponse, type RecurringDonation } from "../../../contract/giving";
import { firstDateFrom } from "./change-recurring-gift";

let fixedNow: Date | null = null;
const t = useMoneyTestApp({ now: () => fixedNow ?? new Date() });

type Auth = { authorization: string };
let n = 0;
async function member() {
  const m = await t.signUp();
  await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
  await t.authSettled(); // the session cache hears of the new expiry
  return m;
}
async function setUp(auth: Auth, frequency: "weekly" | "monthly" | "yearly" = "monthly", at?: string) {
  if (at) fixedNow = new Date(at);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/giving/recurring",
    headers: { ...auth, "idempotency-key": `rc-${++n}` },
    payload: giveRequest({ amount_cents: 2000, is_recurring: true, frequency }),
  });
  fixedNow = null;
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as GiveResponse).recurring!;
}
const act = (auth: Auth | null, id: string, action: string) =>
  t.app.inject({ method: "POST", url: `/api/giving/recurring/${id}/${action}`, headers: auth ?? {} });
const list = async (auth: Auth) => (await t.app.inject({ method: "GET", url: "/api/giving/recurring", headers: auth })).json() as RecurringDonation[];

describe("pause, resume and cancel", () => {
  it("a member pauses, resumes and cancels their gift; repeating the current state is a harmless 200", async () => {
    const m = await member();
    const r = await setUp(m.auth);
    const paused = await act(m.auth, r.id, "pause");
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ ...r, status: "PAUSED" });
    expect((await act(m.auth, r.id, "pause")).json()).toMatchObject({ status: "PAUSED" });
    expect((await list(m.auth))[0].status).toBe("PAUSED");

    const resumed = await act(m.auth, r.id, "resume");
    expect(resumed.statusCode).toBe(200);
    // Resumed before its date: the date stays.
    expect(resumed.json()).toEqual({ ...r, status: "ACTIVE" });
    expect((await act(m.auth, r.id, "resume")).statusCode).toBe(200);

    const cancelled = await act(m.auth, r.id, "cancel");
    expect(cancelled.json()).toMatchObject({ status: "CANCELLED" });
    expect((await act(m.auth, r.id, "cancel")).statusCode).toBe(200);
    // A cancelled gift is over: the list (Active Recurring Donations) no longer carries it.
    expect(await list(m.auth)).toEqual([]);
  });

  it("the list keeps active, paused and failed gifts, newest first, and leaves cancelled ones out (it does not grow with every gift ever set up)", async () => {
    const m = await member();
    const cancelled = await setUp(m.auth);
    await act(m.auth, cancelled.id, "cancel");
    const failed = await setUp(m.auth);
    await t.db.update(recurringGifts).set({ status: "FAILED" }).where(eq(recurringGifts.id, failed.id));
    const paused = await setUp(m.auth);
    await act(m.auth, paused.id, "pause");
    const active = await setUp(m.auth);
    expect((await list(m.auth)).map((r) => [r.id, r.status])).toEqual([
      [active.id, "ACTIVE"],
      [paused.id, "PAUSED"],
      [failed.id, "FAILED"],
    ]);
  });

  it("CANCELLED is final (409); a FAILED gift can only be cancelled (409 for pause and resume)", async () => {
    const m = await member();
    const r = await setUp(m.auth);
    await act(m.auth, r.id, "cancel");
    for (const action of ["pause", "resume"]) {
      const res = await act(m.auth, r.id, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toBe(GIVING_TEXT.recurringCancelledFinal);
    }

    const f = await setUp(m.auth);
    await t.db.update(recurringGifts).set({ status: "FAILED" }).where(eq(recurringGifts.id, f.id));
    for (const action of ["pause", "resume"]) {
      const res = await act(m.auth, f.id, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toBe(GIVING_TEXT.recurringFailedFinal);
    }
    expect((await act(m.auth, f.id, "cancel")).json()).toMatchObject({ status: "CANCELLED" });
  });

  it("needs a signed-in member (401); another member's gift or an unknown id is 404; a bad id or action is 400", async () => {
    const a = await member();
    const b = await member();
    const r = await setUp(a.auth);
    for (const action of ["pause", "resume", "cancel"]) {
      expect((await act(null, r.id, action)).statusCode, action).toBe(401);
      const res = await act(b.auth, r.id, action);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().error).toBe(GIVING_TEXT.recurringNotFound);
    }
    expect((await act(a.auth, "00000000-0000-4000-8000-000000000000", "pause")).statusCode).toBe(404);
    expect((await act(a.auth, "not-a-uuid", "pause")).statusCode).toBe(400);
    expect((await act(a.auth, r.id, "delete")).statusCode).toBe(400);
    // Untouched by the other member's attempts.
    expect((await list(a.auth))[0]).toEqual(r);
    expect(await list(b.auth)).toEqual([]);
  });

  it("resuming after the date passed moves to the first scheduled date from today (no back-charge) and drops a pending retry", async () => {
    const m = await member();
    // Monthly from 31 January: 28 February, 31 March, 30 April, 31 May ...
    const r = await setUp(m.auth, "monthly", "2026-01-31T15:00:00Z");
    expect(r.nextPaymentDate).toBe("2026-02-28");
    fixedNow = new Date("2026-02-27T15:00:00Z");
    await act(m.auth, r.id, "pause");
    await t.db.update(recurringGifts).set({ failedAttempts: 1, retryDate: "2026-03-01", lastFailureReason: "Declined" }).where(eq(recurringGifts.id, r.id));
    fixedNow = new Date("2026-04-15T15:00:00Z");
    const resumed = await act(m.auth, r.id, "resume");
    fixedNow = null;
    expect(resumed.json()).toMatchObject({ status: "ACTIVE", nextPaymentDate: "2026-04-30", retryDate: null, lastFailureReason: null });
    const [row] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, r.id));
    expect(row.failedAttempts).toBe(0);
  });

  it("the first date from today counts today and keeps the anchor day", () => {
    expect(firstDateFrom({ frequency: "weekly", nextPaymentDate: "2026-03-09", anchorDay: 2 }, "2026-03-23")).toBe("2026-03-23");
    expect(firstDateFrom({ frequency: "weekly", nextPaymentDate: "2026-03-09", anchorDay: 2 }, "2026-03-24")).toBe("2026-03-30");
    expect(firstDateFrom({ frequency: "monthly", nextPaymentDate: "2026-02-28", anchorDay: 31 }, "2026-03-01")).toBe("2026-03-31");
    expect(firstDateFrom({ frequency: "yearly", nextPaymentDate: "2025-02-28", anchorDay: 29 }, "2027-06-01")).toBe("2028-02-29");
    expect(firstDateFrom({ frequency: "monthly", nextPaymentDate: "2026-05-10", anchorDay: 10 }, "2026-04-01")).toBe("2026-05-10");
  });
});
