/**
 * Bank transfers to the church's account (issue 19; decision 0135): a batch line may be a
 * `bank` gift with an optional reference, and every reader of gifts shows it as what it is —
 * the batch (its bank total and the line's reference), the ledger's `method=bank` filter (once a
 * 400), the CSV export ("Bank transfer"), the donor's history and statement page and the
 * statement's PDF ("Bank transfer", "Transferencia bancaria"). A gift to a fund other than the
 * default shows that fund's name on the statement page and in its PDF.
 */
import { describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { useMoneyTestApp } from "../../testing/money-test-app";
import { pdfText } from "../../testing/pdf-text";
import { gifts } from "../../db/schema/giving";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { emailAttachments, emailOutbox } from "../../db/schema/platform";
import { sendRunningStatements } from "./send-statements";
import { BATCHES_TEXT, type Batch, type BatchCreateInput } from "../../../contract/giving-batches";
import type { FundAdmin, LedgerPage } from "../../../contract/giving-funds";
import type { GivingHistoryEntry, GivingStatement } from "../../../contract/giving";
import { localize } from "../../i18n";

const t = useMoneyTestApp();
type Auth = { authorization: string };
type Who = Awaited<ReturnType<typeof t.signUp>>;

const get = (auth: Auth, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { ...auth, ...headers } });
const createBatch = (who: Who, body: BatchCreateInput) =>
  t.app.inject({ method: "POST", url: "/api/admin/giving/batches", headers: { ...who.auth, "idempotency-key": `bank-${randomUUID()}` }, payload: body as never });

/** The year the test's gifts are dated in: nobody else's gifts are there. */
const YEAR = 2019;

async function setUp() {
  const owner = await t.signUp("OWNER");
  const treasurer = await t.signUp("MEMBER", { firstName: "Tabitha", lastName: "Treasurer" });
  expect((await t.app.inject({ method: "PUT", url: `/api/admin/users/${treasurer.user.id}/finance`, headers: owner.auth, payload: { finance: true } })).statusCode).toBe(200);
  const donor = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
  const made = await t.app.inject({ method: "POST", url: "/api/giving/funds", headers: owner.auth, payload: { name: { en: "Missions", es: "Misiones" } } });
  expect(made.statusCode, made.body).toBe(201);
  return { owner, treasurer, donor, missions: made.json() as FundAdmin };
}

describe("a bank transfer in a batch", () => {
  it("is a `bank` gift with its reference; the ledger's method=bank filter returns exactly it; the CSV, history, statement page and PDF say 'Bank transfer'", async () => {
    const { owner, treasurer, donor, missions } = await setUp();

    // A bad reference is a 400 naming the field; a reference sent with cash is dropped.
    const bad = await createBatch(treasurer, { date: `${YEAR}-03-10`, lines: [{ donor: { kind: "anonymous" }, amountCents: 100, method: "bank", reference: "ref; drop table" }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([expect.objectContaining({ path: "body.lines.0.reference", message: BATCHES_TEXT.referenceInvalid })]);

    const res = await createBatch(treasurer, {
      date: `${YEAR}-03-10`,
      note: "March bank statement",
      lines: [
        { donor: { kind: "member", userId: donor.user.id }, fundId: missions.id, amountCents: 12_345, method: "bank", reference: " SO-2019/03 " },
        { donor: { kind: "guest", name: "Cornelius Caesarea" }, amountCents: 5_000, method: "bank" },
        { donor: { kind: "anonymous" }, amountCents: 700, method: "cash", reference: "dropped for cash" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json() as Batch;
    expect(batch).toMatchObject({ count: 3, totalCents: 18_045, cashCents: 700, checkCents: 0, bankCents: 17_345 });
    expect(batch.lines.map((l) => [l.method, l.reference, l.checkNumber, l.fundName, l.amountCents])).toEqual([
      ["bank", "SO-2019/03", null, "Missions", 12_345],
      ["bank", null, null, "General Fund", 5_000],
      ["cash", null, null, "General Fund", 700],
    ]);
    const bankGift = batch.lines[0].id;
    const guestGift = batch.lines[1].id;
    const rows = await t.db.select({ id: gifts.id, method: gifts.method, batchId: gifts.batchId }).from(gifts).where(eq(gifts.batchId, batch.id));
    expect(rows.filter((r) => r.method === "bank").map((r) => r.id).sort()).toEqual([bankGift, guestGift].sort());
    const [line] = await t.db.select().from(givingBatchLines).where(eq(givingBatchLines.giftId, bankGift));
    expect(line).toMatchObject({ reference: "SO-2019/03", checkNumber: null });
    // The database itself refuses a bank gift outside a batch (a member's bank money given in the app is a wallet gift).
    await expect(
      t.db.insert(gifts).values({ userId: donor.user.id, amountCents: 100, fundId: missions.id, status: "COMPLETED", method: "bank" }),
    ).rejects.toThrow();
    expect((await t.app.inject({ method: "POST", url: `/api/admin/giving/batches/${batch.id}/close`, headers: treasurer.auth })).statusCode).toBe(200);

    // The ledger: method=bank (a 400 before) is exactly the two transfers; the cash line is not among them.
    const ledger = await get(owner.auth, `/api/admin/giving/gifts?from=${YEAR}-01-01&to=${YEAR}-12-31&method=bank&limit=100`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const page = ledger.json() as LedgerPage;
    expect(page.gifts.map((g) => g.id).sort()).toEqual([bankGift, guestGift].sort());
    expect(page.gifts.every((g) => g.method === "bank" && g.batchId === batch.id)).toBe(true);
    expect(page.totalCents).toBe(17_345);
    const totals = await get(owner.auth, `/api/admin/giving/totals?from=${YEAR}-01-01&to=${YEAR}-12-31&method=bank`);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json()).toMatchObject({ totalCents: 17_345 });

    // The CSV: the method in words, in the asker's language.
    for (const [lang, word] of [["en", "Bank transfer"], ["es", "Transferencia bancaria"]] as const) {
      const csv = await get(owner.auth, `/api/admin/giving/export.csv?from=${YEAR}-01-01&to=${YEAR}-12-31`, { "accept-language": lang });
      expect(csv.statusCode).toBe(200);
      const parsed = parse(csv.body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
      const giftIdColumn = lang === "en" ? "Gift ID" : Object.keys(parsed[0]!).at(-1)!;
      const methodColumn = Object.keys(parsed[0]!)[4]!;
      const row = parsed.find((r) => r[giftIdColumn] === bankGift);
      expect(row, csv.body).toBeDefined();
      expect(row![methodColumn]).toBe(word);
      expect(Object.values(row!)).toEqual(expect.arrayContaining(["123.45", batch.id, lang === "en" ? "Missions" : "Misiones", "Lydia Thyatira"]));
      expect(parsed.filter((r) => r[methodColumn] === word).map((r) => r[giftIdColumn]).sort()).toEqual([bankGift, guestGift].sort());
    }

    // The donor's history and statement page: "Bank transfer" (in Spanish on screen), to Missions.
    const history = (await get(donor.auth, "/api/giving/history")).json() as GivingHistoryEntry[];
    expect(history.find((h) => h.id === bankGift)).toMatchObject({ amountCents: 12_345, fundName: "Missions", paidWith: "Bank transfer" });
    const statement = (await get(donor.auth, `/api/giving/statement?year=${YEAR}`)).json() as GivingStatement;
    expect(statement.gifts.map((g) => [g.date, g.amountCents, g.fund, g.paidWith])).toEqual([[`${YEAR}-03-10`, 12_345, "Missions", "Bank transfer"]]);
    expect(statement.totalCents).toBe(12_345);
    expect(localize(statement.gifts[0]!.paidWith, "es")).toBe("Transferencia bancaria");
    const esStatement = (await get(donor.auth, `/api/giving/statement?year=${YEAR}`, { "accept-language": "es" })).json() as GivingStatement;
    expect(esStatement.gifts[0]!.fund).toBe("Misiones");

    // The year's statement run: the PDF names the fund and says how it was paid.
    const run = await t.app.inject({ method: "POST", url: "/api/admin/giving/statements", headers: owner.auth, payload: { year: YEAR } });
    expect(run.statusCode, run.body).toBe(202);
    await sendRunningStatements(t.deps);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, donor.user.email), like(emailOutbox.subject, `Your ${YEAR} giving statement%`)));
    expect(mail).toBeDefined();
    const [pdf] = await t.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mail!.id));
    const text = pdfText(pdf!.content);
    expect(text).toContain("Missions");
    expect(text).toContain("Bank transfer");
    expect(text).toContain("$123.45");
  });
});
