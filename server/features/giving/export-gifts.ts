/**
 * The CSV export (GET /api/admin/giving/export.csv; issue 19, decision 0122): every completed gift
 * of a range of the church's calendar, oldest first, as RFC 4180 CSV (CRLF line ends, fields
 * quoted when they hold a comma, quote or line break; a UTF-8 byte order mark so spreadsheet
 * programs read accents) that accounting tools import.
 *
 * Constant memory at any size: the gifts are read a page at a time with a keyset on
 * (created_at, id) (the `gifts_created_idx` index), each page its own short query (no transaction
 * or connection held for the whole download: on the embedded database that would stop every
 * other request), and the next page is read only when the response has taken the last one:
 * `Readable.from` pulls from the generator as the socket drains (backpressure), through
 * csv-stringify. A gift added during the download is included if it falls in the range.
 *
 * Formula injection: a text cell that begins with = + - @ (or a tab or carriage return) would be
 * run as a formula by a spreadsheet; such cells (names, emails, funds, ids: what members or
 * gateways write) are prefixed with a single quote. Amounts are ours and always plain numbers.
 *
 * Refunded: what was given back by completed refunds and voids (decision 0119), gift first then
 * fee. A refund still pending at the gateway (reserved in gifts.refunded_cents, not yet made) is
 * not in it, as the ledger shows it apart (`pendingRefundCents`): an accounting import must not
 * book money the gateway has not returned. Batch: the id of the cash, check and bank transfer
 * batch the gift was entered in (decisions 0120, 0135), empty otherwise; Method is the gift's
 * (gift-method.ts), "Bank transfer" for a transfer to the church's account.
 *
 * The export is audited (who, the range) before its first byte is sent.
 */
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { funds, giftRefunds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import type { AuthUser } from "../../http/auth";
import { audit } from "../../shared/audit";
import { fundName } from "../../shared/money/funds";
import { EXPORT_COLUMNS, type ExportColumn } from "../../../contract/giving-ledger-text";
import type { Locale } from "../../../contract/i18n/locales";
import { zonedDate } from "../../../contract/zoned-time";
import { messagesFor } from "../../i18n";
import { giftRange } from "./gift-range";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { exactTs } from "../../http/keyset";

/** Gifts read per query. */
export const EXPORT_PAGE_ROWS = 1000;

/** A text cell a spreadsheet would run as a formula gets a leading single quote (OWASP's advice for CSV injection). */
export const neutralizeFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** Integer cents as a plain decimal ("1234.05"), with no float in between. */
export const centsToDecimal = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

const giftTs = exactTs(gifts.createdAt);

/** One page of the range, after the keyset position. */
function readPage(deps: Deps, where: ReturnType<typeof and>, after: { ts: string; id: string } | null) {
  return deps.db
    .select({
      id: gifts.id,
      ts: giftTs,
      createdAt: gifts.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
      method: gifts.method,
      amountCents: gifts.amountCents,
      feeCents: gifts.feeCents,
      gatewayTransactionId: gifts.gatewayTransactionId,
      // Completed refunds only (the pending ones are reserved in refunded_cents: left out, decision 0135);
      // the subquery (gift_refunds_gift_idx) runs only for a gift with a refund.
      refundedCents: sql<string>`case when ${gifts.refundedCents} = 0 then 0 else (select coalesce(sum(r.amount_cents), 0) from ${giftRefunds} r where r.gift_id = ${gifts.id} and r.status = 'completed') end`,
      // The cash and check batch the gift was entered in (decision 0120), and the line's donor
      // when they have no account.
      batch: gifts.batchId,
      guestName: givingBatchLines.donorName,
      guestEmail: givingBatchLines.donorEmail,
    })
    .from(gifts)
    // Left: a cash or check gift may have no member (anonymous, or a donor without an account).
    .leftJoin(users, eq(users.id, gifts.userId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .where(and(where, after ? sql`(${gifts.createdAt}, ${gifts.id}) > (${after.ts}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(asc(gifts.createdAt), asc(gifts.id))
    .limit(EXPORT_PAGE_ROWS);
}

type PageRow = Awaited<ReturnType<typeof readPage>>[number];

function exportRow(r: PageRow, tz: string, locale: Locale, methods: Record<string, string>): Record<ExportColumn, string> {
  return {
    date: zonedDate(tz, r.createdAt),
    donor: neutralizeFormula(r.firstName !== null ? `${r.firstName} ${r.lastName ?? ""}`.trim() : (r.guestName ?? "")),
    email: neutralizeFormula(r.email ?? r.guestEmail ?? ""),
    fund: neutralizeFormula(fundName(r, locale)),
    method: methods[r.method] ?? r.method,
    amount: centsToDecimal(r.amountCents),
    fee: centsToDecimal(r.feeCents),
    refunded: centsToDecimal(Number(r.refundedCents)),
    transactionId: neutralizeFormula(r.gatewayTransactionId ?? ""),
    batch: neutralizeFormula(r.batch ?? ""),
    giftId: r.id,
  };
}

async function* exportRows(deps: Deps, where: ReturnType<typeof and>, locale: Locale): AsyncGenerator<Record<ExportColumn, string>> {
  const tz = deps.church.timeZone;
  const methods = messagesFor(locale).funds.methods;
  let after: { ts: string; id: string } | null = null;
  for (;;) {
    const page = await readPage(deps, where, after);
    for (const r of page) yield exportRow(r, tz, locale, methods);
    const last = page[page.length - 1];
    if (page.length < EXPORT_PAGE_ROWS || !last) return;
    after = { ts: last.ts, id: last.id };
  }
}

/** The download's file name: giving-FROM-to-TO.csv (church-zone dates). */
export const exportFileName = (from: string, to: string) => `giving-${from}-to-${to}.csv`;

/** Audits the export, then returns the CSV as a stream that reads the database as it is sent. */
export async function exportGifts(deps: Deps, actor: AuthUser, q: { from?: string; to?: string }, locale: Locale): Promise<{ fileName: string; stream: Readable }> {
  const range = giftRange(deps, q);
  await audit(deps.db, actor, "giving.export", { from: range.from, to: range.to, format: "csv" }, deps.now());
  const where = and(range.where, eq(gifts.status, "COMPLETED"));
  const headings = messagesFor(locale).ledger.exportColumns;
  const columns = EXPORT_COLUMNS.map((key) => ({ key, header: headings[key] }));
  const csv = stringify({ header: true, columns, bom: true, record_delimiter: "windows" });
  // pipeline: an error on either side, or the client going away, ends both (and the reading).
  const stream = pipeline(Readable.from(exportRows(deps, where, locale)), csv, () => undefined);
  return { fileName: exportFileName(range.from, range.to), stream };
}
