/**
 * The gift ledger (issue 19; decision 0113): every gift with its donor, for the OWNER and the
 * holders of the finance permission (the route's access is "finance"; PASTOR and STAFF without
 * it get 403 and read the totals instead). Filters: church-zone date range, fund, method
 * (card, wallet, or cash and check from a batch: gifts.method), status, donor name or email
 * (a member's, or a batch line's donor without an account; decision 0120).
 * Newest first, keyset-paginated on (created_at, id) with the exact timestamp in the cursor, so
 * a page never skips or repeats a gift however many share a millisecond. Each page carries the
 * per-fund totals of completed gifts for the same filters. Every view is written to the audit
 * log (who, the filters, how many donors' gifts were shown) before it is answered.
 */
import { and, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds, giftRefunds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { AuthUser } from "../../http/auth";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import { auditView } from "../../shared/audit";
import { fundName } from "../../shared/money/funds";
import { ZGivingTotals, type LedgerGift, type ZLedgerQuery } from "../../../contract/giving-funds";
import { jsonOf } from "../../http/json-text";
import type { Locale } from "../../../contract/i18n/locales";
import type { z } from "zod";
import { giftRange, type GiftRange } from "./gift-range";
import { fundTotals } from "./giving-totals";
import { dayFundTotals } from "./day-totals";
import { methodFilter, methodOf } from "./gift-method";

type Query = z.output<typeof ZLedgerQuery>;

/**
 * What a ledger line reads: the columns it shows, not the whole gift row (every timestamp of a
 * row is a Date parsed per row). `createdAt` is the exact instant's text (`ts`, also the
 * cursor's key) cut to milliseconds, the same text `Date#toISOString` wrote of the row's Date:
 * both drop the microseconds PostgreSQL keeps.
 */
const ledgerColumns = {
  id: gifts.id,
  ts: exactTs(gifts.createdAt),
  userId: gifts.userId,
  fundId: gifts.fundId,
  amountCents: gifts.amountCents,
  feeCents: gifts.feeCents,
  method: gifts.method,
  batchId: gifts.batchId,
  status: gifts.status,
  recurring: sql<boolean>`${gifts.recurringGiftId} is not null`,
  gatewayTransactionId: gifts.gatewayTransactionId,
  refundedCents: gifts.refundedCents,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  nameEn: funds.nameEn,
  nameEs: funds.nameEs,
  guestName: givingBatchLines.donorName,
  guestEmail: givingBatchLines.donorEmail,
  // A refund still pending at the gateway is shown apart from the done ones (at most a page of gifts, by gift_refunds_gift_idx).
  pendingRefund: sql<string>`(select coalesce(sum(r.amount_cents), 0) from ${giftRefunds} r where r.gift_id = ${gifts.id} and r.status = 'pending')`,
};

/** Gifts matching `where`, newest first, `limit` (a number or a placeholder) at most. */
const ledgerQuery = (db: Db | Tx, where: SQL | undefined, limit: number | Placeholder) =>
  db
    .select(ledgerColumns)
    .from(gifts)
    // Left: a cash or check gift may have no member (anonymous, or a donor without an account; decision 0120).
    .leftJoin(users, eq(users.id, gifts.userId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .where(where)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit);
type LedgerRow = Awaited<ReturnType<typeof ledgerQuery>>[number];

/** What JavaScript's `String#trim` removes (WhiteSpace and LineTerminator), for PostgreSQL's btrim. */
const JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const afterCursor = (ts: unknown, id: unknown) => sql`(${gifts.createdAt}, ${gifts.id}) < (${ts}::timestamptz, ${id}::uuid)`;

/**
 * A ledger line as JSON text, written by PostgreSQL (decision 0132): the same fields, in the
 * same order and with the same values as `toLedgerGift` (a test compares the two on every kind
 * of gift). A page of 50 lines read as rows was most of the route's CPU: the driver parsing
 * 1,000 fields, drizzle mapping them, zod checking the objects and JSON.stringify writing them
 * again. Integers stay integers (amounts are integer columns; the pending sum a bigint, written
 * as a JSON number), `createdAt` is cut to milliseconds as `Date#toISOString` wrote it, and a
 * member's name is trimmed of what `String#trim` removes. `locale` is the asker's language, a
 * value or a placeholder.
 */
const lineJson = (locale: unknown) => sql<string>`(select row_to_json(x)::text from (select
  ${gifts.id} as "id",
  substr(${exactTs(gifts.createdAt)}, 1, 23) || 'Z' as "createdAt",
  (select row_to_json(d) from (select ${gifts.userId} as "id",
     case when ${gifts.userId} is not null then btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''), ${JS_WHITESPACE}) else coalesce(${givingBatchLines.donorName}, '') end as "name",
     case when ${gifts.userId} is not null then ${users.email} else ${givingBatchLines.donorEmail} end as "email") d) as "donor",
  ${gifts.fundId} as "fundId",
  case when ${locale}::text = 'es' and ${funds.nameEs} <> '' then ${funds.nameEs} else ${funds.nameEn} end as "fundName",
  ${gifts.amountCents} as "amountCents",
  ${gifts.feeCents} as "feeCents",
  ${gifts.method} as "method",
  ${gifts.status} as "status",
  ${gifts.recurringGiftId} is not null as "recurring",
  ${gifts.gatewayTransactionId} as "gatewayTransactionId",
  ${gifts.batchId} as "batchId",
  ${gifts.refundedCents} as "refundedCents",
  case when ${gifts.status} = 'COMPLETED' then ${gifts.amountCents}::bigint + ${gifts.feeCents} - ${gifts.refundedCents} else 0 end as "refundableCents",
  (select coalesce(sum(r.amount_cents), 0) from ${giftRefunds} r where r.gift_id = ${gifts.id} and r.status = 'pending') as "pendingRefundCents"
) x)`;

/** Lines of gifts matching `where`, newest first, `limit` (a number or a placeholder) at most: each its JSON and its key. */
const lineQuery = (db: Db | Tx, where: SQL | undefined, limit: number | Placeholder, locale: unknown) =>
  db
    .select({ line: lineJson(locale), ts: exactTs(gifts.createdAt), id: gifts.id })
    .from(gifts)
    // Left: a cash or check gift may have no member (anonymous, or a donor without an account; decision 0120).
    .leftJoin(users, eq(users.id, gifts.userId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .where(where)
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit);

/**
 * The ledger's default page (a range, no other filter), the first and the next ones: built and
 * planned once (db/prepared.ts; issue 23). Drizzle building this joined query on every request
 * was a large part of the page's CPU. The range's bounds and the language are placeholders.
 */
const inRange = sql`${gifts.createdAt} >= ${sql.placeholder("start")}::timestamptz and ${gifts.createdAt} < ${sql.placeholder("end")}::timestamptz`;
const rangeFirst = prepared("giving.ledger.range-first", (db) => lineQuery(db, inRange, sql.placeholder("limit"), sql.placeholder("locale")));
const rangeNext = prepared("giving.ledger.range-next", (db) =>
  lineQuery(db, and(inRange, afterCursor(sql.placeholder("ts"), sql.placeholder("id"))), sql.placeholder("limit"), sql.placeholder("locale")),
);

interface Lines {
  /** The page's gifts as a JSON array. */
  json: string;
  count: number;
  nextCursor: string | null;
}

function linesOf(rows: { line: string; ts: string; id: string }[], limit: number): Lines {
  const { page, nextCursor } = pageOf(rows, limit, (last) => [last.ts, last.id]);
  return { json: `[${page.map((r) => r.line).join(",")}]`, count: page.length, nextCursor };
}

/** One keyset page of the ledger's lines as JSON: the default page by the prepared statements, a filtered one built for its filters. */
async function readLedgerLines(db: Db, range: GiftRange, filtered: SQL | undefined, cursor: string | undefined, limit: number, locale: Locale): Promise<Lines> {
  const after = cursor ? readCursor(cursor, ["ts", "uuid"]) : null;
  if (filtered) return linesOf(await lineQuery(db, and(range.where, filtered, after ? afterCursor(after[0], after[1]) : undefined), limit + 1, locale), limit);
  const bounds = { start: range.start.toISOString(), end: range.end.toISOString(), limit: limit + 1, locale };
  return linesOf(after ? await rangeNext(db, { ...bounds, ts: after[0], id: after[1] }) : await rangeFirst(db, bounds), limit);
}

const toLedgerGift = (r: LedgerRow, locale: Locale): LedgerGift => ({
  id: r.id,
  createdAt: `${r.ts.slice(0, 23)}Z`,
  // A member; else a batch line's donor without an account; else anonymous (no id, no name).
  donor: r.userId ? { id: r.userId, name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(), email: r.email } : { id: null, name: r.guestName ?? "", email: r.guestEmail },
  fundId: r.fundId,
  fundName: fundName(r, locale),
  amountCents: r.amountCents,
  feeCents: r.feeCents,
  method: methodOf(r),
  batchId: r.batchId,
  status: r.status,
  recurring: r.recurring,
  gatewayTransactionId: r.gatewayTransactionId,
  refundedCents: r.refundedCents,
  pendingRefundCents: Number(r.pendingRefund),
  refundableCents: r.status === "COMPLETED" ? r.amountCents + r.feeCents - r.refundedCents : 0,
});

function toPage(rows: LedgerRow[], limit: number, locale: Locale): { gifts: LedgerGift[]; nextCursor: string | null } {
  const { page, nextCursor } = pageOf(rows, limit, (last) => [last.ts, last.id]);
  return { gifts: page.map((r) => toLedgerGift(r, locale)), nextCursor };
}

/** One keyset page of gifts matching `where` (which may name the donor), newest first, as the ledger shows them. */
export async function readLedgerPage(tx: Db | Tx, where: SQL | undefined, cursor: string | undefined, limit: number, locale: Locale): Promise<{ gifts: LedgerGift[]; nextCursor: string | null }> {
  const after = cursor ? readCursor(cursor, ["ts", "uuid"]) : null;
  const rows = await ledgerQuery(tx, and(where, after ? afterCursor(after[0], after[1]) : undefined), limit + 1);
  return toPage(rows, limit, locale);
}

/**
 * The ledger's page as the JSON text of ZLedgerPage (the route sends it as it is; the response
 * guard still reads it): the range, the per-fund totals and the lines written by PostgreSQL.
 */
export async function listLedger(deps: Deps, actor: AuthUser, q: Query, locale: Locale): Promise<string> {
  const range = giftRange(deps, q);
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filters: (SQL | undefined)[] = [
    q.fundId ? eq(gifts.fundId, q.fundId) : undefined,
    methodFilter(q.method),
    // The donor search, as the set of matching members or batch donors without an account: the
    // totals then never read users.
    pattern
      ? or(
          inArray(
            gifts.userId,
            deps.db
              .select({ id: users.id })
              .from(users)
              .where(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))),
          ),
          inArray(
            gifts.id,
            deps.db
              .select({ id: givingBatchLines.giftId })
              .from(givingBatchLines)
              .where(or(ilike(givingBatchLines.donorName, pattern), ilike(givingBatchLines.donorEmail, pattern))),
          ),
        )
      : undefined,
  ];

  // The page and the totals are read side by side (two pool connections on PostgreSQL), then the
  // view is written to the audit log; only once that row is committed is the page answered, so an
  // answered view is never missing from the log (decision 0122: no transaction is needed for that,
  // and none is held across the reads). Views at the same moment share one insert and commit
  // (auditView). The default page (a range alone) reads by prepared statements.
  const [lines, totals] = await Promise.all([
    readLedgerLines(deps.db, range, and(...filters, q.status ? eq(gifts.status, q.status) : undefined), q.cursor, q.limit, locale),
    // Without a donor search the day totals answer (decision 0123); a search names people and reads the gifts.
    pattern ? fundTotals(deps.db, and(range.where, ...filters), locale) : dayFundTotals(deps.db, { from: range.from, to: range.to, fundId: q.fundId, method: q.method }, locale),
  ]);
  await auditView(
    deps.db,
    actor,
    "giving.ledger.view",
    { from: range.from, to: range.to, fundId: q.fundId ?? null, method: q.method ?? null, status: q.status ?? null, q: q.q ?? null, page: q.cursor ? "next" : "first", gifts: lines.count },
    deps.now(),
  );
  // The head checked by its schema (a few funds), then the lines and the cursor: ZLedgerPage's fields in its order.
  const head = jsonOf(ZGivingTotals, {
    from: range.from,
    to: range.to,
    funds: totals,
    totalCents: totals.reduce((s, f) => s + f.totalCents, 0),
    count: totals.reduce((s, f) => s + f.count, 0),
  });
  return `${head.slice(0, -1)},"gifts":${lines.json},"nextCursor":${JSON.stringify(lines.nextCursor)}}`;
}
