/**
 * Sending a year's statements (decision 0121): the work the statements job
 * (server/jobs/statements.ts) does, in batches of donors, each batch one transaction. The
 * pattern is the announcements' (decision 0110):
 *
 * 1. **Batches.** Each batch locks the year's `statement_runs` row (`FOR UPDATE SKIP LOCKED`:
 *    another instance moves on rather than waits), takes the next donors of the year in
 *    donor-key order after the run's cursor, leaving out donors already claimed
 *    (statement-donors.ts), and in the same transaction: makes each donor's statement (PDF),
 *    queues the email with the PDF attached (the outbox, decision 0101), writes one
 *    `statement_deliveries` row per donor (primary key (year, donor): the exactly-once rule,
 *    with the outcome), moves the counters and the cursor.
 * 2. **Crash.** A process that dies mid-batch rolls the whole batch back (no email, no claim);
 *    the next pass anywhere redoes it. A donor's claim and email commit together, so a donor is
 *    emailed at most once, and, the run staying `running` until a batch finds no donor left, at
 *    least once. If the claim insert ever claimed fewer rows than the batch's donors, the batch
 *    throws and rolls back rather than queue a statement twice.
 * 3. **Finish.** A batch that finds no donor left marks the run `done`.
 *
 * Outcomes: `sent` (queued), `skipped` (no email address: a deleted account, a donor recorded
 * without one), `failed` (the statement could not be made; the error is kept, and running the
 * year again retries it). Each donor reads it in their language (users.locale), with the
 * printable page's link when they have an account.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { enqueueEmail } from "../../shared/email/outbox";
import { renderEmail } from "../../shared/email/layout";
import { messagesFor } from "../../i18n";
import { formatCents } from "../../../contract/money";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import type { StatementOutcome } from "../../../contract/giving-statements";
import { nextDonors, statementLines, yearRange, type StatementDonorRow } from "./statement-donors";
import { statementChurch, totalOf, type StatementData } from "./statement-model";
import { renderStatementPdf } from "./statement-pdf";
import { dateInZone } from "./next-payment-date";
import { rowsOf } from "../../db/rows";

/** Donors a batch takes (each one a PDF made inside the batch's transaction). */
export const STATEMENT_BATCH_SIZE = 100;

/** The email that carries a statement: who, which year, the total, the printable page (members), the PDF attached. */
export function renderStatementEmail(s: StatementData, locale: Locale, opts: { printableUrl: string | null; accent?: string }) {
  const t = messagesFor(locale).statements;
  const total = formatCents(s.totalCents, INTL_LOCALE[locale]);
  const facts: [string, string][] = [[t.pdfTotal, total]];
  return renderEmail({
    locale,
    subject: t.emailSubject(s.year, s.church.name),
    accent: opts.accent,
    blocks: [
      { eyebrow: s.church.name },
      { heading: t.emailHeading(s.year) },
      { paragraph: t.emailDear(s.donor.name) },
      { paragraph: t.emailBody(s.year, total) },
      { facts },
      ...(opts.printableUrl ? [{ button: t.emailPrintable, href: opts.printableUrl }] : []),
      { paragraph: [s.church.taxStatement, t.emailKeep], small: true },
      { signOff: [t.emailThanks, s.church.name] },
    ],
  });
}

export type StatementBatchResult = "more" | "done" | "busy";

interface Claim {
  donor: StatementDonorRow;
  outcome: StatementOutcome;
  totalCents: number;
  emailId: string | null;
  error: string | null;
}

/** Makes and queues one donor's statement inside the batch's transaction; a statement that cannot be made is `failed`, not fatal. */
async function statementFor(deps: Deps, tx: Tx, year: number, donor: StatementDonorRow, data: Omit<StatementData, "church" | "donor">): Promise<Claim> {
  const base = { donor, totalCents: data.totalCents };
  if (!donor.email) return { ...base, outcome: "skipped", emailId: null, error: null };
  const locale: Locale = isLocale(donor.locale) ? donor.locale : DEFAULT_LOCALE;
  const statement: StatementData = { ...data, church: statementChurch(deps.church, locale), donor: { name: donor.name, email: donor.email } };
  let pdf: Buffer;
  try {
    pdf = await renderStatementPdf(statement, locale);
  } catch (err) {
    return { ...base, outcome: "failed", emailId: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
  const printableUrl = donor.user_id ? `${deps.config.publicUrl}/giving/statement?year=${year}` : null;
  const message = renderStatementEmail(statement, locale, { printableUrl, accent: deps.church.accentColor });
  const filename = messagesFor(locale).statements.pdfFileName(year);
  const emailId = await enqueueEmail(tx, { kind: "giving", to: donor.email, ...message, attachments: [{ filename, contentType: "application/pdf", content: pdf }] }, deps.now());
  return { ...base, outcome: "sent", emailId, error: null };
}

/**
 * One batch of one running year, in one transaction. "busy": another instance holds it (or it
 * is not running); "done": no donor was left and the run is now `done`. `beforeCommit` runs
 * last inside the transaction (tests make a batch die there, as a killed process would).
 */
export async function sendStatementBatch(
  deps: Deps,
  year: number,
  opts: { batchSize?: number; beforeCommit?: () => Promise<void> | void } = {},
): Promise<StatementBatchResult> {
  return deps.db.transaction(async (tx): Promise<StatementBatchResult> => {
    const [run] = rowsOf<{ cursor_donor_key: string | null }>(
      await tx.execute(sql`select cursor_donor_key from statement_runs where year = ${year} and status = 'running' for update skip locked`),
    );
    if (!run) return "busy";
    const now = deps.now();
    const tz = deps.church.timeZone;
    const range = yearRange(year, tz);
    const donors = await nextDonors(tx, year, range, run.cursor_donor_key, opts.batchSize ?? STATEMENT_BATCH_SIZE);
    if (!donors.length) {
      await tx.execute(sql`update statement_runs set status = 'done', finished_at = ${now.toISOString()}::timestamptz where year = ${year}`);
      return "done";
    }
    const lines = await statementLines(
      tx,
      range,
      donors.map((d) => d.donor_key),
    );
    const issuedOn = dateInZone(tz, now);
    const claims: Claim[] = [];
    for (const donor of donors) {
      const mine = lines.get(donor.donor_key) ?? [];
      claims.push(await statementFor(deps, tx, year, donor, { year, lines: mine, totalCents: totalOf(mine), issuedAt: now, issuedOn }));
    }

    // The claim: one row per donor, with its outcome, in the transaction of its email.
    const values = sql.join(
      claims.map(
        (c) =>
          sql`(${year}, ${c.donor.donor_key}, ${c.donor.user_id}::uuid, ${c.outcome}, ${c.totalCents}, ${c.emailId}::uuid, ${c.error}, ${now.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const claimed = rowsOf<{ donor_key: string }>(
      await tx.execute(sql`
        insert into statement_deliveries (year, donor_key, user_id, outcome, total_cents, email_id, error, created_at)
        values ${values}
        on conflict do nothing
        returning donor_key
      `),
    );
    if (claimed.length !== claims.length) {
      throw new Error(`statements ${year}: claimed ${claimed.length} of ${claims.length} donors in one batch; refusing to send twice`);
    }
    const count = (o: StatementOutcome) => claims.filter((c) => c.outcome === o).length;
    await tx.execute(sql`
      update statement_runs set
        cursor_donor_key = ${donors[donors.length - 1].donor_key},
        sent = sent + ${count("sent")},
        skipped = skipped + ${count("skipped")},
        failed = failed + ${count("failed")}
      where year = ${year}
    `);
    await opts.beforeCommit?.();
    return "more";
  });
}

/**
 * One pass of the job: every running year, batch by batch, until done or another instance
 * holds it. Returns how many batches this pass wrote.
 */
export async function sendRunningStatements(deps: Deps, opts: { batchSize?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  const years = rowsOf<{ year: number }>(await deps.db.execute(sql`select year from statement_runs where status = 'running' order by year`));
  let batches = 0;
  for (const { year } of years) {
    for (;;) {
      if (opts.shouldStop?.()) return batches;
      const r = await sendStatementBatch(deps, Number(year), { batchSize: opts.batchSize });
      if (r !== "more") break;
      batches += 1;
    }
  }
  return batches;
}
