/**
 * Who may see the money (issue 19; decision 0113): the ledger (donors with amounts) for the
 * OWNER and holders of the finance permission only; PASTOR and STAFF get 403 there and read
 * totals (no donor); only the OWNER grants the permission and reads the audit log; every ledger
 * view, grant and fee change writes one audit row; the two-step rule covers finance holders.
 */
import { describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { auditLog } from "../../db/schema/users";
import { AuditViewBatch } from "../../shared/audit";
import { requiresTwoStep } from "../auth/two-step-policy";
import { ZAuditPage, type AuditPage, type GivingTotals, type LedgerPage } from "../../../contract/giving-funds";
import type { User } from "../../../contract/auth";

const t = useMoneyTestApp();
type Auth = { authorization: string };
let k = 0;
const give = (auth: Auth, over: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/api/giving/one-time", headers: { ...auth, "idempotency-key": `fin-${++k}` }, payload: giveRequest(over as never) });
const get = (auth: Auth, url: string) => t.app.inject({ method: "GET", url, headers: auth });
const grant = (auth: Auth, userId: string, finance: boolean) =>
  t.app.inject({ method: "PUT", url: `/api/admin/users/${userId}/finance`, headers: auth, payload: { finance } });
const auditRows = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("who may see the money", () => {
  it("the ledger is the OWNER's and the finance holders'; PASTOR, STAFF and MEMBER get 403 and no audit row", async () => {
    const [owner, pastor, staff, member, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("PASTOR"), t.signUp("STAFF"), t.signUp(), t.signUp("MEMBER", { firstName: "Dorcas", lastName: "Joppa" })]);
    expect((await give(donor.auth, { amount_cents: 1234 })).statusCode).toBe(201);
    const before = (await auditRows("giving.ledger.view")).length;
    for (const who of [pastor, staff, member]) expect((await get(who.auth, "/api/admin/giving/gifts")).statusCode).toBe(403);
    expect((await auditRows("giving.ledger.view")).length).toBe(before);

    const res = await get(owner.auth, "/api/admin/giving/gifts?q=dorcas");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as LedgerPage;
    expect(page.gifts).toHaveLength(1);
    expect(page.gifts[0]).toMatchObject({ donor: { name: "Dorcas Joppa", email: donor.user.email }, amountCents: 1234, fundName: "General Fund", method: "card", status: "COMPLETED" });
    expect(page.totalCents).toBe(1234);
    const views = await auditRows("giving.ledger.view");
    expect(views.length).toBe(before + 1);
    expect(views.at(-1)).toMatchObject({ actorId: owner.user.id, detail: expect.objectContaining({ q: "dorcas", gifts: 1 }) });
  });

  it("ledger views at once are each audited before they are answered, written together in a few commits", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("MEMBER", { firstName: "Eunice" })]);
    expect((await give(donor.auth, { amount_cents: 700 })).statusCode).toBe(201);
    const before = new Set((await auditRows("giving.ledger.view")).map((r) => r.id));
    // Thirty views of thirty ranges (each row names its own `to`), all at once.
    const days = Array.from({ length: 30 }, (_, i) => `2026-04-${String(i + 1).padStart(2, "0")}`);
    const answers = await Promise.all(
      days.map(async (to) => {
        const res = await get(owner.auth, `/api/admin/giving/gifts?to=${to}`);
        // Answered only after its row is committed: the row is there the moment the answer is.
        const logged = (await auditRows("giving.ledger.view")).some((r) => !before.has(r.id) && r.detail.to === to);
        return { status: res.statusCode, logged };
      }),
    );
    expect(answers).toEqual(days.map(() => ({ status: 200, logged: true })));
    const rows = (await auditRows("giving.ledger.view")).filter((r) => !before.has(r.id));
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.actorId === owner.user.id && r.actorName.endsWith(`<${owner.user.email}>`) && r.detail.page === "first")).toBe(true);
    // Rows written by one transaction share its xmin: one view per commit would be 30.
    const ids = sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `);
    const res = (await t.db.execute(sql`select count(distinct xmin::text)::int as n from audit_log where id in (${ids})`)) as unknown as { rows: { n: number }[] } | { n: number }[];
    const commits = (Array.isArray(res) ? res : res.rows)[0].n;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(10);
  });

  it("a batch of views that fails as a whole is written view by view: only the bad one fails", async () => {
    const owner = await t.signUp("OWNER");
    const batch = new AuditViewBatch(t.db);
    const at = new Date("2026-03-01T10:00:00.123Z");
    const actor = { id: owner.user.id, firstName: "Olive", lastName: "Owner", email: owner.user.email };
    // An actor who is not a user breaks the foreign key, and so the batch's one statement.
    const ghost = { ...actor, id: "00000000-0000-4000-8000-000000000000" };
    const results = await Promise.allSettled([
      batch.record(actor, "giving.ledger.view", { n: 1 }, at),
      batch.record(ghost, "giving.ledger.view", { n: 2 }, at),
      batch.record(actor, "giving.donor.view", { n: 3, nested: { a: [1, "x"] } }, at),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const rows = (await t.db.select().from(auditLog).where(eq(auditLog.createdAt, at))).sort((a, b) => Number(a.detail.n) - Number(b.detail.n));
    expect(rows.map((r) => [r.action, r.detail, r.actorName, r.createdAt.toISOString()])).toEqual([
      ["giving.ledger.view", { n: 1 }, `Olive Owner <${owner.user.email}>`, "2026-03-01T10:00:00.123Z"],
      ["giving.donor.view", { n: 3, nested: { a: [1, "x"] } }, `Olive Owner <${owner.user.email}>`, "2026-03-01T10:00:00.123Z"],
    ]);
  });

  it("PASTOR and STAFF read totals per fund with no donor in them", async () => {
    const [pastor, staff, member] = await Promise.all([t.signUp("PASTOR"), t.signUp("STAFF"), t.signUp()]);
    for (const who of [pastor, staff]) {
      const res = await get(who.auth, "/api/admin/giving/totals");
      expect(res.statusCode, res.body).toBe(200);
      const totals = res.json() as GivingTotals;
      expect(totals.totalCents).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/Dorcas|@example\.org/);
      expect(Object.keys(totals.funds[0]).sort()).toEqual(["count", "feeCents", "fundId", "fundName", "totalCents"]);
    }
    expect((await get(member.auth, "/api/admin/giving/totals")).statusCode).toBe(403);
  });

  it("only the OWNER grants the finance permission; a granted MEMBER (a treasurer) reads the ledger, and loses it when revoked", async () => {
    const [owner, pastor, treasurer] = await Promise.all([t.signUp("OWNER"), t.signUp("PASTOR"), t.signUp("MEMBER", { firstName: "Tabitha" })]);
    expect((await grant(pastor.auth, treasurer.user.id, true)).statusCode).toBe(403);
    expect((await grant(treasurer.auth, treasurer.user.id, true)).statusCode).toBe(403);
    expect((await get(treasurer.auth, "/api/admin/giving/gifts")).statusCode).toBe(403);

    const granted = await grant(owner.auth, treasurer.user.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json() as User).finance).toBe(true);
    // At once (the session cache forgot the user), and the session check says so.
    expect((await get(treasurer.auth, "/api/admin/giving/gifts")).statusCode).toBe(200);
    expect(((await get(treasurer.auth, "/api/church/me")).json() as { user?: User }).user?.finance ?? true).toBe(true);
    expect(await auditRows("finance.grant")).toEqual(expect.arrayContaining([expect.objectContaining({ actorId: owner.user.id, detail: expect.objectContaining({ userId: treasurer.user.id }) })]));

    expect((await grant(owner.auth, treasurer.user.id, false)).statusCode).toBe(200);
    expect((await get(treasurer.auth, "/api/admin/giving/gifts")).statusCode).toBe(403);
    expect((await auditRows("finance.revoke")).some((r) => r.detail.userId === treasurer.user.id)).toBe(true);
    // A grant of the PASTOR lifts them to the ledger too.
    await grant(owner.auth, pastor.user.id, true);
    expect((await get(pastor.auth, "/api/admin/giving/gifts")).statusCode).toBe(200);
  });

  it("the admin outbox hides a donor's receipt from staff without the finance permission; shown to the OWNER, the view is audited", async () => {
    const [owner, staff, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("STAFF"), t.signUp("MEMBER", { firstName: "Phoebe" })]);
    expect((await give(donor.auth, { amount_cents: 4321 })).statusCode).toBe(201);
    type Entry = { id: string; to: string; subject: string; text: string };
    const viewsOf = async (userId: string) => (await auditRows("giving.outbox.view")).filter((r) => r.actorId === userId);
    const asStaff = (await get(staff.auth, "/api/admin/outbox")).json() as Entry[];
    expect(JSON.stringify(asStaff)).not.toContain(donor.user.email);
    expect(JSON.stringify(asStaff)).not.toContain("$43.21");
    // Staff saw no giving email: nothing to audit.
    expect(await viewsOf(staff.user.id)).toHaveLength(0);
    const asOwner = (await get(owner.auth, "/api/admin/outbox")).json() as Entry[];
    const receipt = asOwner.find((e) => e.to === donor.user.email && e.subject.includes("$43.21"));
    expect(receipt).toBeDefined();
    // The OWNER read a donor's name and amount: one audit row naming the giving emails shown, the receipt among them.
    const [view, ...more] = await viewsOf(owner.user.id);
    expect(more).toHaveLength(0);
    expect(view).toMatchObject({ action: "giving.outbox.view", actorName: expect.stringContaining(owner.user.email) });
    expect(view!.detail.emailIds).toContain(receipt!.id);
    expect(view!.detail.emails).toBe((view!.detail.emailIds as string[]).length);
    // The owner reads it in the audit log in their words.
    const log = (await get(owner.auth, "/api/admin/audit-log")).json() as AuditPage;
    expect(log.entries.some((e) => e.action === "giving.outbox.view" && e.actor.id === owner.user.id)).toBe(true);
  });

  it("the two-step rule for staff covers whoever holds the finance permission", () => {
    expect(requiresTwoStep({ role: "MEMBER", finance: true })).toBe(true);
    expect(requiresTwoStep({ role: "MEMBER", finance: false })).toBe(false);
    expect(requiresTwoStep({ role: "STAFF", finance: false })).toBe(true);
  });

  it("a fee change is audited; the OWNER reads the audit log newest first in keyset pages; no one else can", async () => {
    const [owner, pastor, staff] = await Promise.all([t.signUp("OWNER"), t.signUp("PASTOR"), t.signUp("STAFF")]);
    expect((await t.app.inject({ method: "PUT", url: "/api/giving/fee", headers: pastor.auth, payload: { percentBps: 300, fixedCents: 25 } })).statusCode).toBe(200);
    const [change] = (await auditRows("giving.fee.change")).filter((r) => r.actorId === pastor.user.id);
    expect(change.detail).toEqual({ before: { percentBps: 0, fixedCents: 0 }, after: { percentBps: 300, fixedCents: 25 } });
    for (let i = 0; i < 3; i++) await get(owner.auth, "/api/admin/giving/gifts");

    for (const who of [pastor, staff]) expect((await get(who.auth, "/api/admin/audit-log")).statusCode).toBe(403);
    const all = await t.db.select().from(auditLog);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(owner.auth, `/api/admin/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as AuditPage;
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    // Every row once, newest first (the rows written while paging are newer than the first page).
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(all.length);
    const first = ((await get(owner.auth, "/api/admin/audit-log?limit=1")).json() as AuditPage).entries[0];
    expect(first).toMatchObject({ action: "giving.ledger.view", actor: { id: owner.user.id } });
    expect((await get(owner.auth, "/api/admin/audit-log?cursor=bm9wZQ")).statusCode).toBe(400);

    // Each entry as the row holds it (PostgreSQL writes the JSON, decision 0132): a detail of any
    // shape, an actor whose account is gone, the instant cut to milliseconds.
    await t.db.insert(auditLog).values({
      actorId: null,
      actorName: 'Gone "Old" Owner <gone@example.org>',
      action: "giving.fee.change",
      detail: { before: { percentBps: 0 }, after: { list: [1, 2.5, "é\n\"q\"", null, true], empty: {} }, note: "<b>" },
      createdAt: new Date("2030-01-01T00:00:00.999Z"),
    });
    const res = await get(owner.auth, "/api/admin/audit-log?limit=20");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const rows = await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(20);
    expect((res.json() as AuditPage).entries).toEqual(
      rows.map((r) => ({ id: r.id, actor: { id: r.actorId, name: r.actorName }, action: r.action, detail: r.detail, createdAt: r.createdAt.toISOString() })),
    );
    expect((res.json() as AuditPage).entries[0]).toMatchObject({ actor: { id: null }, createdAt: "2030-01-01T00:00:00.999Z" });
    expect(ZAuditPage.parse(res.json())).toEqual(res.json());
  });

  it("the ledger pages by keyset without skipping or repeating, and filters by fund, method and status", async () => {
    const [owner, m] = await Promise.all([t.signUp("OWNER"), t.signUp("MEMBER", { firstName: "Lois" })]);
    for (let i = 0; i < 5; i++) expect((await give(m.auth, { amount_cents: 100 + i })).statusCode).toBe(201);
    expect((await give(m.auth, { amount_cents: 999 }, )).statusCode).toBe(201);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LedgerPage = (await get(owner.auth, `/api/admin/giving/gifts?q=lois&limit=2${cursor ? `&cursor=${cursor}` : ""}`)).json();
      ids.push(...page.gifts.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    const wallet: LedgerPage = (await get(owner.auth, "/api/admin/giving/gifts?q=lois&method=wallet")).json();
    expect(wallet.gifts).toEqual([]);
    const failed: LedgerPage = (await get(owner.auth, "/api/admin/giving/gifts?q=lois&status=FAILED")).json();
    expect(failed.gifts).toEqual([]);
    const far: LedgerPage = (await get(owner.auth, "/api/admin/giving/gifts?q=lois&from=2020-01-01&to=2020-12-31")).json();
    expect(far.gifts).toEqual([]);
    expect(far.totalCents).toBe(0);
  });
});
