/**
 * Year-end statements for every donor (issue 19; decision 0121): POST
 * /api/admin/giving/statements starts a year's run, the job emails every donor of the year
 * their statement (a PDF attached, in their language) exactly once per donor, even when a
 * batch dies mid-run and two instances take over; donors without an email are skipped; the
 * progress counts it; only the OWNER and finance holders may run or watch it, and each run is
 * audited. The church's legal name, address and tax statement (Admin → Church) are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, like, or } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { createMoneyTestApp } from "../../testing/money-test-app";
import { pdfText } from "../../testing/pdf-text";
import { startSmtpStandIn } from "../../testing/smtp-stand-in";
import { funds, gifts } from "../../db/schema/giving";
import { emailAttachments, emailOutbox } from "../../db/schema/platform";
import { auditLog, users } from "../../db/schema/users";
import { statementDeliveries } from "../../db/schema/statements";
import { givingBatches } from "../../db/schema/giving-batches";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { nextDonors, yearRange } from "./statement-donors";
import { sendRunningStatements, sendStatementBatch } from "./send-statements";
import { runEmailDelivery } from "../../jobs/email-delivery";
import { createSmtpSender } from "../../providers/email/smtp";
import { formatCents } from "../../../contract/money";
import type { StatementRun } from "../../../contract/giving-statements";

// The church's calendar says February 2026: last year is 2025. (The limit's test runs on the real
// clock: the counters' housekeeping deletes windows older than two days by the database's clock.)
let realClock = false;
const now = () => (realClock ? new Date() : new Date("2026-02-10T15:00:00Z"));
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createMoneyTestApp({ now, env: { RATE_LIMITS: "statementRun=6" } });
  second = await createTestApp({ now, sameDatabaseAs: sameDatabase(t) });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type Auth = { authorization: string };
const run = (auth: Auth, year: unknown) => t.app.inject({ method: "POST", url: "/api/admin/giving/statements", headers: auth, payload: { year } });
const progress = async (auth: Auth, year: number) => {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/giving/statements/${year}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StatementRun;
};

let n = 0;
/** A member (straight into the database) with completed gifts at the given instants. */
async function donor(opts: { first?: string; locale?: "en" | "es"; gifts: [string, number][]; failed?: [string, number][] }) {
  const user = await t.insertUser(`donor${++n}-${Date.now()}@example.org`, "MEMBER");
  await t.db
    .update(users)
    .set({ firstName: opts.first ?? `Donor${n}`, lastName: "Giver", locale: opts.locale ?? "en" })
    .where(eq(users.id, user.id));
  const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
  const rows = [
    ...opts.gifts.map(([at, cents]) => ({ status: "COMPLETED" as const, at, cents })),
    ...(opts.failed ?? []).map(([at, cents]) => ({ status: "FAILED" as const, at, cents })),
  ];
  if (rows.length) {
    await t.db.insert(gifts).values(rows.map((g) => ({ userId: user.id, amountCents: g.cents, fundId: general.id, status: g.status, cardBrand: "visa", cardLastFour: "4242", createdAt: new Date(g.at) })));
  }
  return { ...user, firstName: opts.first ?? `Donor${n}` };
}

/** The statement emails of `year` sent to `email` (English or Spanish subject). */
const statementsTo = (email: string, year: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), or(like(emailOutbox.subject, `Your ${year} giving statement%`), like(emailOutbox.subject, `Su constancia de ofrendas ${year}%`))));

const attachmentsOf = (emailId: string) => t.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId));

describe("who may run and watch statements", () => {
  it("OWNER and finance holders only (403 for PASTOR, STAFF, MEMBER; 401 signed out); each run is audited; bad years are 400 on the field", async () => {
    const owner = await t.signUp("OWNER");
    const pastor = await t.signUp("PASTOR");
    const staff = await t.signUp("STAFF");
    const member = await t.signUp("MEMBER");
    const treasurer = await t.signUp("MEMBER");
    for (const who of [pastor, staff, member]) {
      expect((await run(who.auth, 2021)).statusCode).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/giving/statements/2021", headers: who.auth })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "POST", url: "/api/admin/giving/statements", payload: { year: 2021 } })).statusCode).toBe(401);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "giving.statements.run"))).toHaveLength(0);

    const ok = await run(owner.auth, 2021);
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json()).toMatchObject({ year: 2021, status: "running", requestedBy: expect.any(String) });
    // The owner grants the finance permission to a member treasurer, who may then run it too.
    expect((await t.app.inject({ method: "PUT", url: `/api/admin/users/${treasurer.user.id}/finance`, headers: owner.auth, payload: { finance: true } })).statusCode).toBe(200);
    await t.authSettled();
    expect((await run(treasurer.auth, 2021)).statusCode).toBe(202);
    expect((await progress(treasurer.auth, 2021)).status).toBe("running");

    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, "giving.statements.run"));
    expect(audited.map((a) => [a.actorId, (a.detail as { year: number }).year]).sort()).toEqual([[owner.user.id, 2021], [treasurer.user.id, 2021]].sort());

    // A year not yet begun on the church's calendar, and a year that is no year.
    const future = await run(owner.auth, 2027);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ issues: [{ path: "body.year", message: "Choose a year that has ended or this year" }] });
    const spanish = await t.app.inject({ method: "POST", url: "/api/admin/giving/statements", headers: { ...owner.auth, "accept-language": "es" }, payload: { year: 2027 } });
    expect(spanish.json()).toMatchObject({ issues: [{ path: "body.year", message: "Elija un año que ya terminó o el año en curso" }] });
    for (const year of ["2025", 1999, 2025.5, null]) expect((await run(owner.auth, year)).statusCode, String(year)).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/giving/statements/abc", headers: owner.auth })).statusCode).toBe(400);
    await sendRunningStatements(t.deps); // 2021 has no donors: done
    expect((await progress(owner.auth, 2021)).status).toBe("done");
  });

  it("a finance holder's runs are limited (statementRun: 6 an hour here), and another's are not", async () => {
    realClock = true;
    try {
      const a = await t.signUp("OWNER");
      const b = await t.signUp("OWNER");
      for (let i = 0; i < 6; i++) expect((await run(a.auth, 2020)).statusCode).toBe(202);
      expect((await run(a.auth, 2020)).statusCode).toBe(429);
      expect((await run(b.auth, 2020)).statusCode).toBe(202);
      await sendRunningStatements(t.deps);
    } finally {
      realClock = false;
    }
  });
});

describe("a year's statements", () => {
  it("reach every donor of the year exactly once, through a batch that dies mid-run and two instances that take over", async () => {
    const owner = await t.signUp("OWNER");
    // Seven donors of 2025 with an email (one gives on 31 December at 23:30 in Orlando: already 2026 in UTC).
    const donors = [];
    for (let i = 0; i < 6; i++) donors.push(await donor({ gifts: [["2025-03-01T15:00:00Z", 1000 + i], ["2025-09-01T15:00:00Z", 500]] }));
    donors.push(await donor({ gifts: [["2026-01-01T04:30:00Z", 2500]] }));
    // A deleted account (no address, decision 0117): skipped.
    const gone = await donor({ gifts: [["2025-05-05T15:00:00Z", 700]] });
    await t.db.update(users).set({ deletedAt: now() }).where(eq(users.id, gone.id));
    // Not donors of 2025: only a declined attempt, only 2024, only 2026 (after midnight in Orlando).
    const notDonors = [
      await donor({ gifts: [], failed: [["2025-06-01T15:00:00Z", 900]] }),
      await donor({ gifts: [["2024-12-31T15:00:00Z", 900]] }),
      await donor({ gifts: [["2026-01-01T05:30:00Z", 900]] }),
    ];

    const started = await run(owner.auth, 2025);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: "running", donors: 8, remaining: 8, sent: 0 });

    expect(await sendStatementBatch(t.deps, 2025, { batchSize: 3 })).toBe("more");
    // The next batch dies before it commits, as a killed process would: nothing of it stays.
    await expect(
      sendStatementBatch(t.deps, 2025, {
        batchSize: 3,
        beforeCommit: () => {
          throw new Error("killed mid-batch");
        },
      }),
    ).rejects.toThrow("killed mid-batch");
    const afterCrash = await progress(owner.auth, 2025);
    expect(afterCrash).toMatchObject({ status: "running", remaining: 5 });
    expect(afterCrash.sent + afterCrash.skipped).toBe(3); // the first batch (donors in key order: the deleted one may be among them)
    expect(await t.db.select().from(statementDeliveries).where(eq(statementDeliveries.year, 2025))).toHaveLength(3);

    // Two instances take over at once.
    await Promise.all([sendRunningStatements(t.deps, { batchSize: 2 }), sendRunningStatements(second.deps, { batchSize: 2 }), sendRunningStatements(t.deps, { batchSize: 2 })]);
    for (const d of donors) expect(await statementsTo(d.email, 2025), d.email).toHaveLength(1);
    expect(await statementsTo(gone.email, 2025)).toHaveLength(0);
    for (const d of notDonors) expect(await statementsTo(d.email, 2025)).toHaveLength(0);
    expect(await progress(owner.auth, 2025)).toMatchObject({ status: "done", donors: 8, sent: 7, skipped: 1, failed: 0, remaining: 0, finishedAt: expect.any(String) });

    // Each statement carries its PDF, with the donor's total.
    const [mail] = await statementsTo(donors[0].email, 2025);
    const [pdf] = await attachmentsOf(mail.id);
    expect(pdf).toMatchObject({ filename: "giving-statement-2025.pdf", contentType: "application/pdf" });
    expect(pdf.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(pdf.content);
    expect(text).toContain(formatCents(1500)); // 1000 + 500
    expect(text).toContain("Giving statement 2025");
    expect(text).toContain(`${donors[0].firstName} Giver`);
    expect(text).toContain("No goods or services were provided in exchange for these contributions.");
    expect(mail.text).toContain(`Your gifts totalled ${formatCents(1500)}`);
    expect(mail.text).toContain("/giving/statement?year=2025");
    const lastDay = await attachmentsOf((await statementsTo(donors[6].email, 2025))[0].id);
    expect(pdfText(lastDay[0].content)).toContain(formatCents(2500));

    // Running the year again emails no one twice; a donor whose gift was recorded since gets theirs.
    const late = await donor({ gifts: [["2025-12-24T15:00:00Z", 4200]] });
    expect((await run(owner.auth, 2025)).json()).toMatchObject({ status: "running", remaining: 1, sent: 7 });
    await sendRunningStatements(t.deps, { batchSize: 2 });
    for (const d of [...donors, late]) expect(await statementsTo(d.email, 2025)).toHaveLength(1);
    expect(await progress(owner.auth, 2025)).toMatchObject({ status: "done", donors: 9, sent: 8, skipped: 1, remaining: 0 });
  });

  it("counts the year's donors (members kept per year, batch donors by email) and the statements the mail server then refused", async () => {
    const owner = await t.signUp("OWNER");
    // 2019: two members (one giving twice, one on 31 December at 23:30 in Orlando), a member whose
    // only 2019 gift moves to 2018, one whose gift is declined later, a batch with one donor
    // without an account under two spellings of their email, one without an email, loose cash.
    const a = await donor({ gifts: [["2019-03-01T15:00:00Z", 100], ["2019-04-01T15:00:00Z", 200]] });
    const b = await donor({ gifts: [["2020-01-01T04:30:00Z", 300]] });
    const moved = await donor({ gifts: [["2019-05-01T15:00:00Z", 400]] });
    const declined = await donor({ gifts: [["2019-06-01T15:00:00Z", 500]] });
    await donor({ gifts: [["2020-01-01T05:30:00Z", 600]] }); // 2020 in Orlando: not a donor of 2019
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    const batch = (await t.db.insert(givingBatches).values({ date: "2019-07-07", createdBy: owner.user.id }).returning())[0]!;
    const plate: [string | null, string | null][] = [["Lydia", "lydia@example.org"], ["Lydia S.", "LYDIA@example.org"], ["Zacchaeus", null], [null, null]];
    for (const [i, [name, email]] of plate.entries()) {
      const [g] = await t.db
        .insert(gifts)
        .values({ userId: null, amountCents: 1000 + i, fundId: general!.id, status: "COMPLETED", method: "cash", batchId: batch.id, createdAt: new Date("2019-07-07T16:00:00Z") })
        .returning();
      await t.db.insert(givingBatchLines).values({ giftId: g!.id, batchId: batch.id, position: i + 1, donorName: name, donorEmail: email?.toLowerCase() ?? null });
    }
    await t.db.update(gifts).set({ createdAt: new Date("2018-12-01T15:00:00Z") }).where(eq(gifts.userId, moved.id));
    await t.db.update(gifts).set({ status: "FAILED" }).where(eq(gifts.userId, declined.id));

    // The page's count is the run's own list of donors (nextDonors, read from the gifts).
    const listed = await nextDonors(t.db, 2019, yearRange(2019, t.deps.church.timeZone), null, 100);
    expect(listed.map((d) => d.donor_key).sort()).toEqual([`u:${a.id}`, `u:${b.id}`, "e:lydia@example.org"].sort());
    expect(await progress(owner.auth, 2019)).toMatchObject({ status: "none", donors: 3, remaining: 3, sent: 0, failed: 0 });

    // After the run, one statement refused by the mail server counts as failed, not sent.
    expect((await run(owner.auth, 2019)).statusCode).toBe(202);
    await sendRunningStatements(t.deps);
    expect(await progress(owner.auth, 2019)).toMatchObject({ status: "done", donors: 3, remaining: 0, sent: 3, failed: 0 });
    const [first] = await t.db.select().from(statementDeliveries).where(and(eq(statementDeliveries.year, 2019), eq(statementDeliveries.donorKey, `u:${a.id}`)));
    await t.db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.id, first!.emailId!));
    expect(await progress(owner.auth, 2019)).toMatchObject({ status: "done", donors: 3, remaining: 0, sent: 2, failed: 1 });
    // A new donor of 2019 since the run is remaining until it runs again.
    await donor({ gifts: [["2019-08-01T15:00:00Z", 700]] });
    expect(await progress(owner.auth, 2019)).toMatchObject({ donors: 4, remaining: 1 });
  });

  it("is written in each donor's language, and prints the church's legal name, address and tax statement", async () => {
    const owner = await t.signUp("OWNER");
    const patch = (body: unknown) => t.app.inject({ method: "PATCH", url: "/api/admin/church", headers: owner.auth, payload: body as object });
    const tooLong = await patch({ legalName: "x".repeat(151) });
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json() as { issues: { path: string }[] }).issues[0].path).toBe("body.legalName");
    const saved = await patch({
      legalName: "Koinonia Church of Orlando, Inc.",
      legalAddress: "PO Box 4400\nOrlando, FL 32802",
      taxStatement: "Koinonia Church of Orlando is a 501(c)(3) organization. No goods or services were given.",
      taxStatementEs: "Koinonia Church of Orlando es una organización 501(c)(3). No se dio ningún bien ni servicio.",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(t.deps.church).toMatchObject({ legalName: "Koinonia Church of Orlando, Inc.", legalAddress: "PO Box 4400\nOrlando, FL 32802" });

    const ana = await donor({ first: "Ana", locale: "es", gifts: [["2024-02-02T15:00:00Z", 123456], ["2024-11-11T15:00:00Z", 4400]] });
    const ben = await donor({ first: "Ben", gifts: [["2024-04-04T15:00:00Z", 9900]] });
    expect((await run(owner.auth, 2024)).statusCode).toBe(202);
    await sendRunningStatements(t.deps);

    const [es] = await statementsTo(ana.email, 2024);
    expect(es.subject).toBe("Su constancia de ofrendas 2024 de Koinonia Church of Orlando, Inc.");
    expect(es.text).toContain(`Sus ofrendas sumaron ${formatCents(127856, "es-US")}`);
    const [esPdf] = await attachmentsOf(es.id);
    expect(esPdf.filename).toBe("constancia-de-ofrendas-2024.pdf");
    const esText = pdfText(esPdf.content);
    for (const part of ["Constancia de ofrendas 2024", "Koinonia Church of Orlando, Inc.", "PO Box 4400", "Orlando, FL 32802", "organización 501(c)(3)", formatCents(127856, "es-US"), "Total ofrendado"]) {
      expect(esText).toContain(part);
    }

    const [en] = await statementsTo(ben.email, 2024);
    expect(en.subject).toBe("Your 2024 giving statement from Koinonia Church of Orlando, Inc.");
    const enText = pdfText((await attachmentsOf(en.id))[0].content);
    expect(enText).toContain("is a 501(c)(3) organization");
    expect(enText).toContain(formatCents(9900));

    // The member's own printable statement names the church the same way.
    const benSession = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ben.email, password: "secret-pass" } });
    const page = await t.app.inject({ method: "GET", url: "/api/giving/statement?year=2024", headers: { authorization: `Bearer ${(benSession.json() as { token: string }).token}` } });
    expect(page.json()).toMatchObject({ church: { name: "Koinonia Church of Orlando, Inc.", address: "PO Box 4400\nOrlando, FL 32802" }, totalCents: 9900 });

    // Cleared, the church's name and the standard sentence come back.
    expect((await patch({ legalName: null, legalAddress: "", taxStatement: null, taxStatementEs: null })).statusCode).toBe(200);
    expect(t.deps.church.legalName).toBeUndefined();
    expect(t.deps.church.legalAddress).toBeUndefined();
  });

  it("goes out through the mail server with the PDF attached, and the PDF is not kept once sent", async () => {
    const owner = await t.signUp("OWNER");
    const giver = await donor({ gifts: [["2023-06-06T15:00:00Z", 3300]] });
    expect((await run(owner.auth, 2023)).statusCode).toBe(202);
    await sendRunningStatements(t.deps);
    const [mail] = await statementsTo(giver.email, 2023);
    expect(await attachmentsOf(mail.id)).toHaveLength(1);

    const smtp = await startSmtpStandIn("ok");
    const sender = createSmtpSender(smtp.url, "Koinonia <no-reply@koinonia.test>");
    try {
      await runEmailDelivery({ ...t.deps, email: sender });
    } finally {
      sender.close();
      await smtp.close();
    }
    const got = smtp.received.filter((r) => r.to.includes(giver.email));
    expect(got).toHaveLength(1);
    expect(got[0].raw).toMatch(/Content-Type: application\/pdf; name="?giving-statement-2023\.pdf"?/);
    const b64 = /Content-Disposition: attachment;[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(got[0].raw.slice(got[0].raw.indexOf("application/pdf")))?.[1] ?? "";
    const sent = Buffer.from(b64.replace(/\s+/g, ""), "base64");
    expect(sent.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfText(sent)).toContain(formatCents(3300));
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id)))[0].status).toBe("sent");
    expect(await attachmentsOf(mail.id)).toHaveLength(0);
    // Staff without the finance permission don't read a donor's statement in the outbox.
    const staff = await t.signUp("STAFF");
    const outbox = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: staff.auth });
    expect(outbox.body).not.toContain(giver.email);
    const ids = (await t.db.select({ id: statementDeliveries.emailId }).from(statementDeliveries).where(inArray(statementDeliveries.year, [2023]))).map((r) => r.id);
    expect(ids).toContain(mail.id);
  });
});
