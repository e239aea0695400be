/**
 * Cash and check batches (issue 19; decision 0120): who may enter and read them (finance only:
 * MEMBER, STAFF and PASTOR without the permission get 403 and nothing is recorded), the rules of
 * a line (400 naming the field, in the asker's language, nothing recorded), exact totals in
 * cents, one batch per Idempotency-Key, changes while open and 409 once closed, the audit log,
 * and that each line is a gift every reader of gifts sees rightly: the donor's history and
 * statement ("Cash", "Check #1234", never a card), the ledger (anonymous and non-member donors,
 * the cash and check methods), the totals, "Given This Week", and no per-gift receipt.
 */
import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { auditLog } from "../../db/schema/users";
import { emailOutbox } from "../../db/schema/platform";
import { funds, gifts } from "../../db/schema/giving";
import { givingBatches } from "../../db/schema/giving-batches";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { runGiftReceipts } from "../../jobs/gift-receipts";
import { dateInZone } from "./next-payment-date";
import { writeCursor } from "../../http/keyset";
import { zonedToUtc } from "../../../contract/zoned-time";
import { BATCHES_TEXT, type Batch, type BatchCreateInput, type BatchList, type DonorMatch } from "../../../contract/giving-batches";
import type { GivingTotals, LedgerPage } from "../../../contract/giving-funds";
import type { GiveResponse, GivingHistoryEntry, GivingStatement } from "../../../contract/giving";
import { localize, messagesFor } from "../../i18n";

const t = useMoneyTestApp();
type Auth = { authorization: string };
type Who = { auth: Auth; user: { id: string; email: string } };

let k = 0;
const key = () => `batch-${++k}-${randomUUID()}`;
const send = (who: Who | null, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...who?.auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });
const create = (who: Who, body: BatchCreateInput, idem = key(), headers: Record<string, string> = {}) =>
  send(who, "POST", "/api/admin/giving/batches", body, { "idempotency-key": idem, ...headers });
const patch = (who: Who, id: string, body: unknown, idem = key()) => send(who, "PATCH", `/api/admin/giving/batches/${id}`, body, { "idempotency-key": idem });
const close = (who: Who, id: string) => send(who, "POST", `/api/admin/giving/batches/${id}/close`);
const auditRows = async (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));
const giftCount = async () => (await t.db.select({ id: gifts.id }).from(gifts)).length;

/** A church-zone calendar date `days` before today. */
const daysAgo = (days: number) => dateInZone(t.deps.church.timeZone, new Date(Date.now() - days * 86_400_000));

async function treasurer(firstName = "Tabitha") {
  const [owner, who] = await Promise.all([t.signUp("OWNER"), t.signUp("MEMBER", { firstName, lastName: "Treasurer" })]);
  const granted = await t.app.inject({ method: "PUT", url: `/api/admin/users/${who.user.id}/finance`, headers: owner.auth, payload: { finance: true } });
  expect(granted.statusCode, granted.body).toBe(200);
  return { owner, treasurer: who };
}

describe("who may enter and read batches", () => {
  it("MEMBER, STAFF and PASTOR without the finance permission get 403 on every batch route, and nothing is recorded", async () => {
    const [member, staff, pastor, donor] = await Promise.all([t.signUp(), t.signUp("STAFF"), t.signUp("PASTOR"), t.signUp()]);
    const { treasurer: tr } = await treasurer();
    const made = await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 500, method: "cash" }] });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as Batch).id;
    const gifts0 = await giftCount();
    const audits0 = (await t.db.select().from(auditLog)).length;
    const body: BatchCreateInput = { date: daysAgo(1), lines: [{ donor: { kind: "member", userId: donor.user.id }, amountCents: 100, method: "cash" }] };
    for (const who of [member, staff, pastor]) {
      expect((await send(who, "GET", "/api/admin/giving/batches")).statusCode).toBe(403);
      expect((await create(who, body)).statusCode).toBe(403);
      expect((await send(who, "GET", `/api/admin/giving/batches/${id}`)).statusCode).toBe(403);
      expect((await patch(who, id, { remove: [randomUUID()] })).statusCode).toBe(403);
      expect((await close(who, id)).statusCode).toBe(403);
      expect((await send(who, "GET", "/api/admin/giving/donor-search?q=tab")).statusCode).toBe(403);
    }
    expect((await send(null, "GET", "/api/admin/giving/batches")).statusCode).toBe(401);
    expect(await giftCount()).toBe(gifts0);
    expect((await t.db.select().from(auditLog)).length).toBe(audits0);
    const [batch] = await t.db.select().from(givingBatches).where(eq(givingBatches.id, id));
    expect(batch.status).toBe("open");
  });

  it("the OWNER and a MEMBER granted finance (a treasurer) enter batches; the donor picker finds members by name", async () => {
    const { owner, treasurer: tr } = await treasurer("Dorcas");
    const found = await send(tr, "GET", "/api/admin/giving/donor-search?q=dorc");
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as DonorMatch[]).map((m) => m.id)).toContain(tr.user.id);
    expect((found.json() as DonorMatch[])[0]).toEqual({ id: expect.any(String), name: expect.any(String), email: expect.any(String) });
    // The full name finds them too, and a last name that starts with the text comes before a name that only holds it.
    const byFull = await send(tr, "GET", "/api/admin/giving/donor-search?q=dorcas%20treas");
    expect((byFull.json() as DonorMatch[]).map((m) => m.id)).toContain(tr.user.id);
    const tok = `Qv${randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
    const holds = await t.signUp("MEMBER", { firstName: "Abigail", lastName: `X${tok}` });
    const starts = await t.signUp("MEMBER", { firstName: "Zillah", lastName: `${tok}son` });
    const picked = await send(tr, "GET", `/api/admin/giving/donor-search?q=${tok}`);
    expect(picked.json()).toEqual([
      { id: starts.user.id, name: `Zillah ${tok}son`, email: starts.user.email },
      { id: holds.user.id, name: `Abigail X${tok}`, email: holds.user.email },
    ]);
    expect((await send(tr, "GET", "/api/admin/giving/donor-search?q=")).statusCode).toBe(400);
    const res = await create(owner, { date: daysAgo(0), lines: [{ donor: { kind: "anonymous" }, amountCents: 1, method: "cash" }] });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe("a batch's lines", () => {
  it("become COMPLETED gifts of the batch's day with exact totals in cents; the batch, its plate details and the audit row are written together", async () => {
    const { treasurer: tr } = await treasurer();
    const donor = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const date = daysAgo(3);
    const res = await create(tr, {
      date,
      note: "Sunday 9 am",
      lines: [
        { donor: { kind: "anonymous" }, amountCents: 1999, method: "cash" },
        { donor: { kind: "member", userId: donor.user.id }, amountCents: 2001, method: "check", checkNumber: "1042" },
        { donor: { kind: "guest", name: "Cornelius Caesarea", email: "  Cornelius@Example.org " }, amountCents: 33_33, method: "check", checkNumber: "77" },
        { donor: { kind: "guest", name: "Simon Tanner" }, amountCents: 1, method: "cash", checkNumber: "ignored for cash" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json() as Batch;
    expect(batch).toMatchObject({ date, note: "Sunday 9 am", status: "open", count: 4, totalCents: 7334, cashCents: 2000, checkCents: 5334, closedAt: null, closedBy: null });
    expect(batch.createdBy).toEqual({ id: tr.user.id, name: "Tabitha Treasurer" });
    expect(batch.funds).toEqual([{ fundId: expect.any(String), fundName: "General Fund", totalCents: 7334, count: 4 }]);
    expect(batch.lines.map((l) => [l.position, l.donor, l.amountCents, l.method, l.checkNumber])).toEqual([
      [1, { kind: "anonymous" }, 1999, "cash", null],
      [2, { kind: "member", userId: donor.user.id, name: "Lydia Thyatira", email: donor.user.email }, 2001, "check", "1042"],
      [3, { kind: "guest", name: "Cornelius Caesarea", email: "cornelius@example.org" }, 3333, "check", "77"],
      [4, { kind: "guest", name: "Simon Tanner", email: null }, 1, "cash", null],
    ]);

    const rows = await t.db.select().from(gifts).where(eq(gifts.batchId, batch.id));
    expect(rows).toHaveLength(4);
    const noon = zonedToUtc(t.deps.church.timeZone, ...(date.split("-").map(Number) as [number, number, number]), 12);
    for (const g of rows) {
      expect(g).toMatchObject({ status: "COMPLETED", feeCents: 0, cardLastFour: null, cardBrand: null, gatewayTransactionId: null, recurringGiftId: null });
      expect(g.createdAt.toISOString()).toBe(noon.toISOString());
      expect(["cash", "check"]).toContain(g.method);
    }
    expect(rows.filter((g) => g.userId === donor.user.id)).toHaveLength(1);
    expect(rows.filter((g) => g.userId === null)).toHaveLength(3);
    const lines = await t.db.select().from(givingBatchLines).where(eq(givingBatchLines.batchId, batch.id));
    expect(lines.map((l) => l.donorEmail).sort()).toEqual(["cornelius@example.org", null, null, null]);

    const [entry] = (await auditRows("giving.batch.create")).filter((r) => r.detail.batchId === batch.id);
    expect(entry).toMatchObject({ actorId: tr.user.id, detail: { batchId: batch.id, date, lines: 4, totalCents: 7334 } });
    // Reading it names donors with amounts: audited too.
    const read = await send(tr, "GET", `/api/admin/giving/batches/${batch.id}`);
    expect(read.json()).toEqual(batch);
    expect((await auditRows("giving.batch.view")).filter((r) => r.detail.batchId === batch.id)).toHaveLength(1);
  });

  it("refuses a bad line with 400 naming the field (in the asker's language) and records nothing", async () => {
    const { treasurer: tr } = await treasurer();
    const [archived] = await t.db.insert(funds).values({ nameEn: `Old roof ${randomUUID()}`, archivedAt: new Date() }).returning();
    const cases: [BatchCreateInput, string, string][] = [
      [{ date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 0, method: "cash" }] }, "body.lines.0.amountCents", BATCHES_TEXT.amountRequired],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 2500, method: "check" }] }, "body.lines.0.checkNumber", BATCHES_TEXT.checkNumberRequired],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 2500, method: "check", checkNumber: "12;drop" }] }, "body.lines.0.checkNumber", BATCHES_TEXT.checkNumberInvalid],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "guest", name: "  " }, amountCents: 2500, method: "cash" }] }, "body.lines.0.donor.name", BATCHES_TEXT.donorNameRequired],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "guest", name: "Ann", email: "not-an-email" }, amountCents: 2500, method: "cash" }] }, "body.lines.0.donor.email", BATCHES_TEXT.donorEmailInvalid],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "member", userId: randomUUID() }, amountCents: 2500, method: "cash" }] }, "body.lines.0.donor.userId", BATCHES_TEXT.memberNotFound],
      [{ date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 2500, method: "cash", fundId: archived.id }] }, "body.lines.0.fundId", "Choose a fund that is open for giving"],
      [{ date: daysAgo(-2), lines: [{ donor: { kind: "anonymous" }, amountCents: 2500, method: "cash" }] }, "body.date", BATCHES_TEXT.dateInFuture],
      [{ date: daysAgo(1), lines: [] }, "body.lines", BATCHES_TEXT.linesRequired],
    ];
    const before = await giftCount();
    const batchesBefore = (await t.db.select().from(givingBatches)).length;
    for (const [body, path, message] of cases) {
      const res = await create(tr, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      expect(res.json().issues, path).toEqual(expect.arrayContaining([{ path, message }]));
    }
    const es = await create(tr, cases[1][0], key(), { "accept-language": "es" });
    expect(es.json().issues).toEqual([{ path: "body.lines.0.checkNumber", message: messagesFor("es").batches.checkNumberRequired }]);
    const noKey = await send(tr, "POST", "/api/admin/giving/batches", { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 100, method: "cash" }] });
    expect(noKey.statusCode, noKey.body).toBe(400);
    expect(noKey.json().issues).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    expect(await giftCount()).toBe(before);
    expect((await t.db.select().from(givingBatches)).length).toBe(batchesBefore);
  });

  it("one Idempotency-Key records one batch: a retry replays the answer, the key with another body is 409", async () => {
    const { treasurer: tr } = await treasurer();
    const body: BatchCreateInput = { date: daysAgo(2), lines: [{ donor: { kind: "anonymous" }, amountCents: 12_345, method: "cash" }] };
    const idem = key();
    const first = await create(tr, body, idem);
    const again = await create(tr, body, idem);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.db.select().from(givingBatches).where(eq(givingBatches.id, (first.json() as Batch).id))).toHaveLength(1);
    expect((await t.db.select().from(gifts).where(eq(gifts.batchId, (first.json() as Batch).id))).length).toBe(1);
    expect((await create(tr, { ...body, note: "other" }, idem)).statusCode).toBe(409);
  });
});

describe("changing and closing", () => {
  it("adds, changes and removes lines and moves the date while open; totals and the audit follow", async () => {
    const { treasurer: tr } = await treasurer();
    const donor = await t.signUp();
    const made = (await create(tr, {
      date: daysAgo(5),
      lines: [
        { donor: { kind: "anonymous" }, amountCents: 1000, method: "cash" },
        { donor: { kind: "anonymous" }, amountCents: 2000, method: "cash" },
      ],
    })).json() as Batch;
    const [a, b] = made.lines;
    const res = await patch(tr, made.id, {
      date: daysAgo(4),
      note: "recounted",
      remove: [a.id],
      change: [{ id: b.id, donor: { kind: "member", userId: donor.user.id }, amountCents: 2050, method: "check", checkNumber: "5001" }],
      add: [{ donor: { kind: "guest", name: "Priscilla" }, amountCents: 999, method: "cash" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Batch;
    expect(after).toMatchObject({ date: daysAgo(4), note: "recounted", count: 2, totalCents: 3049, cashCents: 999, checkCents: 2050 });
    expect(after.lines.map((l) => [l.id === b.id, l.position, l.donor.kind, l.amountCents, l.checkNumber])).toEqual([
      [true, 2, "member", 2050, "5001"],
      [false, 3, "guest", 999, null],
    ]);
    // The removed line's gift is gone; the others are dated the new day.
    expect(await t.db.select().from(gifts).where(eq(gifts.id, a.id))).toEqual([]);
    const noon = zonedToUtc(t.deps.church.timeZone, ...(daysAgo(4).split("-").map(Number) as [number, number, number]), 12);
    for (const g of await t.db.select().from(gifts).where(eq(gifts.batchId, made.id))) expect(g.createdAt.toISOString()).toBe(noon.toISOString());
    const [entry] = (await auditRows("giving.batch.change")).filter((r) => r.detail.batchId === made.id);
    expect(entry.detail).toEqual({ batchId: made.id, date: { before: daysAgo(5), after: daysAgo(4) }, added: 1, changed: 1, removed: 1, totalCents: { before: 3000, after: 3049 } });

    // A line of another batch, or no line at all, is a 400 and changes nothing.
    const other = (await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 5, method: "cash" }] })).json() as Batch;
    const wrong = await patch(tr, made.id, { remove: [other.lines[0].id] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: "body.remove.0", message: BATCHES_TEXT.lineNotFound }]);
    expect((await patch(tr, made.id, {})).statusCode).toBe(400);
    expect((await send(tr, "GET", `/api/admin/giving/batches/${other.id}`)).json()).toMatchObject({ count: 1, totalCents: 5 });
    expect((await patch(tr, randomUUID(), { note: "x" })).statusCode).toBe(404);
  });

  it("closing locks the batch: every later change and a second close answer 409, and nothing changes", async () => {
    const { owner, treasurer: tr } = await treasurer();
    const made = (await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 4200, method: "cash" }] })).json() as Batch;
    const closed = await close(tr, made.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closedBy: { id: tr.user.id, name: "Tabitha Treasurer" }, count: 1, totalCents: 4200 });
    expect((closed.json() as Batch).closedAt).not.toBeNull();
    const [entry] = (await auditRows("giving.batch.close")).filter((r) => r.detail.batchId === made.id);
    expect(entry).toMatchObject({ actorId: tr.user.id, detail: { batchId: made.id, lines: 1, totalCents: 4200 } });

    const line = made.lines[0];
    const attempts = [
      patch(tr, made.id, { add: [{ donor: { kind: "anonymous" }, amountCents: 100, method: "cash" }] }),
      patch(tr, made.id, { change: [{ id: line.id, donor: { kind: "anonymous" }, amountCents: 1, method: "cash" }] }),
      patch(tr, made.id, { remove: [line.id] }),
      patch(owner, made.id, { note: "late" }),
      patch(tr, made.id, { date: daysAgo(2) }),
      close(tr, made.id),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(BATCHES_TEXT.batchClosed);
    }
    expect((await send(tr, "GET", `/api/admin/giving/batches/${made.id}`)).json()).toEqual(closed.json());
    expect(await t.db.select({ amountCents: gifts.amountCents }).from(gifts).where(eq(gifts.batchId, made.id))).toEqual([{ amountCents: 4200 }]);

    // A batch whose lines were all removed can't be closed empty.
    const empty = (await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 1, method: "cash" }] })).json() as Batch;
    expect((await patch(tr, empty.id, { remove: [empty.lines[0].id] })).statusCode).toBe(200);
    const refused = await close(tr, empty.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(BATCHES_TEXT.closeEmpty);
  });

  it("a change racing the close either lands before it (and is in the closed total) or is refused: the closed total is the gifts' sum", async () => {
    const { treasurer: tr } = await treasurer();
    const made = (await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 1000, method: "cash" }] })).json() as Batch;
    const adds = Array.from({ length: 4 }, () => patch(tr, made.id, { add: [{ donor: { kind: "anonymous" }, amountCents: 250, method: "cash" }] }));
    const [closed, ...changes] = await Promise.all([close(tr, made.id), ...adds]);
    expect(closed.statusCode, closed.body).toBe(200);
    for (const c of changes) expect([200, 409]).toContain(c.statusCode);
    const landed = changes.filter((c) => c.statusCode === 200).length;
    const sum = (await t.db.select({ amountCents: gifts.amountCents }).from(gifts).where(eq(gifts.batchId, made.id))).reduce((s, g) => s + g.amountCents, 0);
    expect(sum).toBe(1000 + 250 * landed);
    expect((await send(tr, "GET", `/api/admin/giving/batches/${made.id}`)).json()).toMatchObject({ status: "closed", totalCents: sum, count: 1 + landed });
  });

  it("lists batches newest first with their totals, in keyset pages, and by status", async () => {
    const { treasurer: tr } = await treasurer();
    for (const days of [10, 11, 12]) {
      expect((await create(tr, { date: daysAgo(days), note: `page ${days}`, lines: [{ donor: { kind: "anonymous" }, amountCents: days * 100, method: "cash" }] })).statusCode).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await send(tr, "GET", `/api/admin/giving/batches?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as BatchList;
      seen.push(...page.batches.map((b) => b.id));
      for (const b of page.batches.filter((x) => x.note.startsWith("page "))) expect(b.totalCents).toBe(Number(b.note.slice(5)) * 100);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = (await send(tr, "GET", "/api/admin/giving/batches?limit=100")).json() as BatchList;
    expect(all.batches.map((b) => b.id)).toEqual(seen);
    const dates = all.batches.map((b) => b.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const closed = (await send(tr, "GET", "/api/admin/giving/batches?status=closed&limit=100")).json() as BatchList;
    expect(closed.batches.every((b) => b.status === "closed")).toBe(true);
    expect((await send(tr, "GET", "/api/admin/giving/batches?cursor=bm9wZQ")).statusCode).toBe(400);
    for (const day of ["2026-02-30", "0000-01-01", "2026-13-01"]) {
      const crafted = writeCursor(day, randomUUID());
      expect((await send(tr, "GET", `/api/admin/giving/batches?cursor=${crafted}`)).statusCode, day).toBe(400);
    }
  });
});

describe("a batch's gifts are gifts", () => {
  it("the donor sees them in their history and statement as cash and check; no receipt is emailed for them", async () => {
    const { treasurer: tr } = await treasurer();
    const donor = await t.signUp("MEMBER", { firstName: "Phoebe", lastName: "Cenchreae" });
    const date = daysAgo(0);
    const made = (await create(tr, {
      date,
      lines: [
        { donor: { kind: "member", userId: donor.user.id }, amountCents: 5000, method: "cash" },
        { donor: { kind: "member", userId: donor.user.id }, amountCents: 7525, method: "check", checkNumber: "0314" },
      ],
    })).json() as Batch;
    const history = (await send(donor, "GET", "/api/giving/history?limit=10")).json() as GivingHistoryEntry[];
    // Each says how it was paid in the statement's words (issue 19), the check's leading zero kept.
    expect(history.map((h) => [h.amountCents, h.status, h.fundName, h.feeCents, h.paidWith]).sort()).toEqual([
      [5000, "COMPLETED", "General Fund", 0, "Cash"],
      [7525, "COMPLETED", "General Fund", 0, "Check #0314"],
    ]);
    const year = Number(date.slice(0, 4));
    const statement = (await send(donor, "GET", `/api/giving/statement?year=${year}`)).json() as GivingStatement;
    expect(statement.gifts.map((g) => [g.date, g.amountCents, g.paidWith]).sort()).toEqual([
      [date, 5000, "Cash"],
      [date, 7525, "Check #0314"],
    ]);
    // The check number is text end to end: its leading zero stays, on the Spanish screen too (issue 19).
    expect(localize(statement.gifts.find((g) => g.amountCents === 7525)!.paidWith, "es")).toBe("Cheque n.º 0314");
    expect(statement.totalCents).toBe(12_525);
    expect(JSON.stringify(statement)).not.toMatch(/Wallet|ending/);

    // Another member sees none of it.
    const other = await t.signUp();
    expect((await send(other, "GET", "/api/giving/history")).json()).toEqual([]);

    // No receipt: not when entered, not from the receipts sweep (the year-end statement is their receipt).
    await runGiftReceipts(t.deps);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, donor.user.email))).toEqual([]);
    expect((await t.db.select().from(gifts).where(and(eq(gifts.batchId, made.id)))).every((g) => g.receiptSentAt === null)).toBe(true);

    // A card gift beside them says its card, as its receipt and the statement do.
    const card = await t.app.inject({ method: "POST", url: "/api/giving/one-time", headers: { ...donor.auth, "idempotency-key": key() }, payload: giveRequest({ amount_cents: 1200 }) });
    expect(card.statusCode, card.body).toBe(201);
    expect((card.json() as GiveResponse).gift.paidWith).toBe("Visa ending 4242");
    const withCard = (await send(donor, "GET", "/api/giving/history?limit=10")).json() as GivingHistoryEntry[];
    expect(withCard.map((h) => h.paidWith).sort()).toEqual(["Cash", "Check #0314", "Visa ending 4242"]);
  });

  it("the ledger shows anonymous and non-member donors with the cash and check methods; totals and Given This Week count them", async () => {
    const { owner, treasurer: tr } = await treasurer();
    const staff = await t.signUp("STAFF");
    const totalsBefore = (await send(staff, "GET", "/api/admin/giving/totals")).json() as GivingTotals;
    const weekBefore = ((await send(staff, "GET", "/api/admin/analytics")).json() as { givingTotal: number }).givingTotal;
    const made = (await create(tr, {
      date: daysAgo(0),
      lines: [
        { donor: { kind: "anonymous" }, amountCents: 1111, method: "cash" },
        { donor: { kind: "guest", name: "Zacchaeus Jericho", email: "zac@example.org" }, amountCents: 2222, method: "check", checkNumber: "9" },
      ],
    })).json() as Batch;
    const totalsAfter = (await send(staff, "GET", "/api/admin/giving/totals")).json() as GivingTotals;
    expect(totalsAfter.totalCents - totalsBefore.totalCents).toBe(3333);
    expect(totalsAfter.count - totalsBefore.count).toBe(2);
    const weekAfter = ((await send(staff, "GET", "/api/admin/analytics")).json() as { givingTotal: number }).givingTotal;
    expect(Math.round((weekAfter - weekBefore) * 100)).toBe(3333);

    const byName = (await send(owner, "GET", "/api/admin/giving/gifts?q=zacchaeus")).json() as LedgerPage;
    expect(byName.gifts).toEqual([
      expect.objectContaining({ donor: { id: null, name: "Zacchaeus Jericho", email: "zac@example.org" }, amountCents: 2222, method: "check", batchId: made.id, gatewayTransactionId: null }),
    ]);
    const cash = (await send(owner, "GET", "/api/admin/giving/gifts?method=cash&limit=200")).json() as LedgerPage;
    const anonymous = cash.gifts.find((g) => g.id === made.lines[0].id);
    expect(anonymous).toMatchObject({ donor: { id: null, name: "", email: null }, method: "cash", amountCents: 1111 });
    expect(cash.gifts.every((g) => g.method === "cash")).toBe(true);
    const ids = made.lines.map((l) => l.id);
    expect((await t.db.select().from(gifts).where(inArray(gifts.id, ids))).map((g) => g.method).sort()).toEqual(["cash", "check"]);
  });
});

describe("the database's own rules", () => {
  it("refuses a cash or check gift outside a batch, a batch gift that claims a card, a gift with neither member nor batch, and an unknown method", async () => {
    const donor = await t.signUp();
    const [general] = await t.db.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true));
    const base = { userId: donor.user.id, fundId: general.id, amountCents: 100, status: "COMPLETED" as const };
    await expect(t.db.insert(gifts).values({ ...base, method: "cash" })).rejects.toThrow();
    await expect(t.db.insert(gifts).values({ ...base, userId: null })).rejects.toThrow();
    await expect(t.db.insert(gifts).values({ ...base, method: "bitcoin" as never })).rejects.toThrow();
    const { treasurer: tr } = await treasurer();
    const made = (await create(tr, { date: daysAgo(1), lines: [{ donor: { kind: "anonymous" }, amountCents: 100, method: "cash" }] })).json() as Batch;
    await expect(t.db.insert(gifts).values({ ...base, method: "card", batchId: made.id })).rejects.toThrow();
    // A wallet gift (no card) and a card gift stay as they were.
    await t.db.insert(gifts).values({ ...base, method: "wallet" });
    await t.db.insert(gifts).values({ ...base, cardLastFour: "4242", cardBrand: "Visa" });
  });
});
