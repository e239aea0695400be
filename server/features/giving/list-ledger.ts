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
import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { preparedSql, runtimeValue } from "../../db/prepared";
import { funds, giftRefunds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { AuthUser } from "../../http/auth";
import { exactTs, pageFilters, pageOf, readCursor, writeCursor } from "../../http/keyset";
import { auditView } from "../../shared/audit";
import { fundName } from "../../shared/money/funds";
import type { LedgerGift, ZLedgerQuery } from "../../../contract/giving-funds";
import type { Locale } from "../../../contract/i18n/locales";
import type { z } from "zod";
import { giftRange } from "./gift-range";
import { fundTotalsJson, giftFundSums } from "./giving-totals";
import { dayFundSums, filterValues } from "./day-totals";
import { methodFilter, methodOf } from "./gift-method";
import type { GiftMethod } from "../../../contract/giving-funds-text";
import { containsPattern } from "../../db/like-pattern";
import { rowsOf } from "../../db/rows";

type Query = z.output<typeof ZLedgerQuery>;

/**
 * The ledger's rows, written once for its lines (JSON) and readLedgerPage's objects: every gift
 * with its member, its batch line and its fund. Left joins: a cash or check gift may have no
 * member (anonymous, or a donor without an account; decision 0120).
 */
const ledgerFrom = sql`${gifts}
  left join ${users} on ${users.id} = ${gifts.userId}
  left join ${givingBatchLines} on ${givingBatchLines.giftId} = ${gifts.id}
  join ${funds} on ${funds.id} = ${gifts.fundId}`;
/** Newest first, the id breaking ties (gifts_created_idx; the keyset's order). */
const newestFirst = sql`order by ${gifts.createdAt} desc, ${gifts.id} desc`;
const whereOf = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);
// A refund still pending at the gateway is shown apart from the done ones (at most a page of gifts, by gift_refunds_gift_idx).
const pendingRefund = sql`(select coalesce(sum(r.amount_cents), 0) from ${giftRefunds} r where r.gift_id = ${gifts.id} and r.status = 'pending')`;

/**
 * What a ledger line reads as an object (readLedgerPage): the columns it shows, not the whole
 * gift row. `ts` is the exact instant's text (also the cursor's key), cut to milliseconds for
 * `createdAt`: the text `Date#toISOString` wrote of the row's Date (both drop the microseconds
 * PostgreSQL keeps).
 */
interface LedgerRow {
  id: string;
  ts: string;
  userId: string | null;
  fundId: string;
  amountCents: number;
  feeCents: number;
  method: GiftMethod;
  batchId: string | null;
  status: LedgerGift["status"];
  recurring: boolean;
  gatewayTransactionId: string | null;
  refundedCents: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  nameEn: string;
  nameEs: string;
  guestName: string | null;
  guestEmail: string | null;
  /** A bigint's text. */
  pendingRefund: string;
}
const objectQuery = async (db: Db | Tx, where: SQL | undefined, limit: number): Promise<LedgerRow[]> =>
  rowsOf<LedgerRow>(
    await db.execute(sql`
      select ${gifts.id} as "id", ${exactTs(gifts.createdAt)} as "ts", ${gifts.userId} as "userId", ${gifts.fundId} as "fundId",
        ${gifts.amountCents} as "amountCents", ${gifts.feeCents} as "feeCents", ${gifts.method} as "method", ${gifts.batchId} as "batchId",
        ${gifts.status} as "status", ${gifts.recurringGiftId} is not null as "recurring", ${gifts.gatewayTransactionId} as "gatewayTransactionId",
        ${gifts.refundedCents} as "refundedCents", ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.email} as "email",
        ${funds.nameEn} as "nameEn", ${funds.nameEs} as "nameEs", ${givingBatchLines.donorName} as "guestName", ${givingBatchLines.donorEmail} as "guestEmail",
        ${pendingRefund} as "pendingRefund"
      from ${ledgerFrom} ${whereOf(where)} ${newestFirst} limit ${limit}`),
  );

/** What JavaScript's `String#trim` removes (WhiteSpace and LineTerminator), for PostgreSQL's btrim. */
const JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

const afterCursor = (ts: unknown, id: unknown) => sql`(${gifts.createdAt}, ${gifts.id}) < (${ts}::timestamptz, ${id}::uuid)`;

/**
 * Lines of gifts matching `where`, newest first, a page of `limit` (a number or a placeholder)
 * and one more (is there a next page?): each its JSON text, written by PostgreSQL (decisions
 * 0132, 0137), its key and its place (`ord`, from 1). The same
 * fields, in the same order and with the same values as `toLedgerGift` (a test compares the two
 * on every kind of gift). Each line is a lateral row named as ZLedgerGift's fields, its donor
 * one too, written by `row_to_json` of the row: as a scalar subquery per field set (0132) the
 * JSON was most of the statement's time (a subplan started per line, the instant formatted
 * twice). Integers stay integers (amounts are integer columns; the pending sum a bigint,
 * written as a JSON number), `createdAt` is the key's text cut to milliseconds as
 * `Date#toISOString` wrote it, and a member's name is trimmed of what `String#trim` removes.
 * `locale` is the asker's language, a value or a placeholder.
 */
const lineQuery = (where: SQL | undefined, limit: number | SQL, locale: unknown) => sql`
  select row_to_json(line)::text as "line", k.ts as "ts", ${gifts.id} as "id", row_number() over (${newestFirst}) as "ord"
  from ${ledgerFrom}
  cross join lateral (select ${exactTs(gifts.createdAt)} as ts) k
  cross join lateral (select ${gifts.userId} as "id",
    case when ${gifts.userId} is not null then btrim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''), ${JS_WHITESPACE}) else coalesce(${givingBatchLines.donorName}, '') end as "name",
    case when ${gifts.userId} is not null then ${users.email} else ${givingBatchLines.donorEmail} end as "email") donor
  cross join lateral (select
    ${gifts.id} as "id",
    substr(k.ts, 1, 23) || 'Z' as "createdAt",
    donor as "donor",
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
    ${pendingRefund} as "pendingRefundCents") line
  ${whereOf(where)} ${newestFirst} limit ${limit}::int + 1`;

/**
 * A ledger page in one statement (decision 0137): its lines joined in their order, how many of
 * them the page shows, whether more follow and the key of the last one shown (the cursor), beside
 * the per-fund totals (`totals`: fundTotalsJson). Read as the lines and the totals side by side,
 * the page was two statements: two round trips, each a write to the socket and a wake-up of the
 * database, which were the most of what was left of the server's CPU.
 */
const pageQuery = (where: SQL | undefined, limit: number | SQL, locale: unknown, totals: SQL) => {
  const page = pageFilters(sql`${limit}::int`, sql`l.ord`);
  return sql`
  select p.lines, p.shown, p.more, p.last_ts, p.last_id, t.funds, t."totalCents", t."count"
  from (
    select string_agg(l.line, ',' order by l.ord) ${page.shown} as lines,
      least(count(*), ${limit}::int)::int as shown, count(*) > ${limit}::int as more,
      max(l.ts) ${page.last} as last_ts, max(l.id::text) ${page.last} as last_id
    from (${lineQuery(where, limit, locale)}) l
  ) p
  cross join (${totals}) t`;
};

interface PageRow {
  /** The shown lines' JSON objects joined by commas (null: none). */
  lines: string | null;
  shown: number;
  more: boolean;
  last_ts: string | null;
  last_id: string | null;
  /** FundTotal[] as JSON text, and its sums as integers' text. */
  funds: string;
  totalCents: string;
  count: string;
}

/**
 * The ledger's default page (a range, no other filter), the first and the next ones, with its
 * totals from the day totals (decision 0123): built and planned once (db/prepared.ts; issue 23).
 * The range's bounds (instants and church days), the limit and the cursor's key are runtime
 * values (`runtimeValue`: the plan is the same for every page, and PostgreSQL planned this
 * statement again on every request while it saw them); the language is a placeholder.
 */
const inRange = sql`${gifts.createdAt} >= ${runtimeValue("start", "timestamptz")} and ${gifts.createdAt} < ${runtimeValue("end", "timestamptz")}`;
const rangeTotals = () =>
  fundTotalsJson(dayFundSums({ from: runtimeValue("from", "date"), to: runtimeValue("to", "date"), fundId: null, method: null }), sql.placeholder("locale"));
const rangeFirst = preparedSql<PageRow>("giving.ledger.range-first", () => pageQuery(inRange, runtimeValue("limit", "int"), sql.placeholder("locale"), rangeTotals()));
const rangeNext = preparedSql<PageRow>("giving.ledger.range-next", () =>
  pageQuery(sql`${inRange} and ${afterCursor(runtimeValue("ts", "timestamptz"), runtimeValue("id", "uuid"))}`, runtimeValue("limit", "int"), sql.placeholder("locale"), rangeTotals()),
);

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
  const rows = await objectQuery(tx, and(where, after ? afterCursor(after[0], after[1]) : undefined), limit + 1);
  return toPage(rows, limit, locale);
}

/**
 * The ledger's page as the JSON text of ZLedgerPage (the route sends it as it is; the response
 * guard still reads it): the range, the per-fund totals and the lines written by PostgreSQL.
 */
export async function listLedger(deps: Deps, actor: AuthUser, q: Query, locale: Locale): Promise<string> {
  const range = giftRange(deps, q);
  const pattern = q.q ? containsPattern(q.q) : undefined;
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

  // The page and its totals are one statement; then the view is written to the audit log, and
  // only once that row is committed is the page answered, so an answered view is never missing
  // from the log (decision 0122: no transaction is needed for that, and none is held across the
  // read). Views at the same moment share one insert and commit (auditView). The default page
  // (a range alone) reads by a prepared statement; without a donor search the totals are the day
  // totals' (decision 0123), a search names people and sums the gifts.
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const filtered = and(...filters, q.status ? eq(gifts.status, q.status) : undefined);
  const bounds = { start: range.start.toISOString(), end: range.end.toISOString(), from: range.from, to: range.to, limit: q.limit, locale };
  const [page] = filtered
    ? rowsOf<PageRow>(
        await deps.db.execute(
          pageQuery(
            and(range.where, filtered, after ? afterCursor(after[0], after[1]) : undefined),
            q.limit,
            locale,
            fundTotalsJson(pattern ? giftFundSums(and(range.where, ...filters)) : dayFundSums(filterValues({ from: range.from, to: range.to, fundId: q.fundId, method: q.method })), locale),
          ),
        ),
      )
    : after
      ? await rangeNext(deps.db, { ...bounds, ts: after[0], id: after[1] })
      : await rangeFirst(deps.db, bounds);
  if (!page) throw new Error("the ledger's page statement answered no row");
  await auditView(
    deps.db,
    actor,
    "giving.ledger.view",
    { from: range.from, to: range.to, fundId: q.fundId ?? null, method: q.method ?? null, status: q.status ?? null, q: q.q ?? null, page: q.cursor ? "next" : "first", gifts: page.shown },
    deps.now(),
  );
  const nextCursor = page.more ? writeCursor(page.last_ts!, page.last_id!) : null;
  // ZLedgerPage's fields in its order: the head (ZGivingTotals), the lines and the cursor.
  return `{"from":${JSON.stringify(range.from)},"to":${JSON.stringify(range.to)},"funds":${page.funds},"totalCents":${page.totalCents},"count":${page.count},"gifts":[${page.lines ?? ""}],"nextCursor":${JSON.stringify(nextCursor)}}`;

}
