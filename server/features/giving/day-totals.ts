/**
 * The ledger's totals from `gift_day_totals` (issue 19; decision 0123): completed gifts already
 * summed per church-calendar day, fund and method by the database, in the transaction of every
 * change to `gifts`. A range of days is read and grouped into periods (weeks from Sunday, months,
 * years: the starts come from period-totals.ts) with `width_bucket` over the periods' first days,
 * so a five-year range reads at most one row per day, fund and method whatever the number of
 * gifts. Days are calendar dates on the church's clock: no time zone arithmetic is left here.
 * A donor search cannot be summed ahead (it names people): those totals still read `gifts`.
 */
import { and, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds, giftDayTotals } from "../../db/schema/giving";
import type { GiftMethod } from "../../../contract/giving-funds-text";
import { formatDate, type CalendarDate } from "./gift-range";
import type { BucketRow } from "./period-totals";

export interface DayFilter {
  /** Church-calendar days, both included ("YYYY-MM-DD"). */
  from: string;
  to: string;
  fundId?: string | undefined;
  method?: GiftMethod | undefined;
}

/**
 * The range's days, and the fund and the method when asked for (null: every one), as
 * placeholders: each read below is one statement built and planned once (db/prepared.ts; issue
 * 23), whatever the filters. The range walks the primary key (day, fund_id, method).
 */
const dayWhereOf = (f: { from: unknown; to: unknown; fundId: unknown; method: unknown }) =>
  and(
    gte(giftDayTotals.day, f.from as string),
    lte(giftDayTotals.day, f.to as string),
    sql`(${f.fundId}::uuid is null or ${giftDayTotals.fundId} = ${f.fundId}::uuid)`,
    sql`(${f.method}::text is null or ${giftDayTotals.method} = ${f.method}::text)`,
  );
const dayWhere = dayWhereOf({ from: sql.placeholder("from"), to: sql.placeholder("to"), fundId: sql.placeholder("fundId"), method: sql.placeholder("method") });
/** A filter as its values (null: every fund, every method), for the statements here and dayFundSums. */
export const filterValues = (f: DayFilter) => ({ from: f.from, to: f.to, fundId: f.fundId ?? null, method: f.method ?? null });

const byPeriod = prepared("giving.day-totals.by-period", (db) =>
  db
    .select({
      bucket: sql<number>`width_bucket(${giftDayTotals.day}, ${sql.placeholder("thresholds")}::date[])`,
      fundId: giftDayTotals.fundId,
      totalCents: sql<string>`sum(${giftDayTotals.totalCents})`,
      feeCents: sql<string>`sum(${giftDayTotals.feeCents})`,
      count: sql<string>`sum(${giftDayTotals.giftCount})`,
    })
    .from(giftDayTotals)
    .where(dayWhere)
    .groupBy(sql`1`, sql`2`),
);

/** Sums per period (index into `starts`) and fund. */
export async function dayTotalsByPeriod(db: Db, starts: CalendarDate[], f: DayFilter): Promise<BucketRow[]> {
  if (!starts.length) return [];
  const rows = await byPeriod(db, { ...filterValues(f), thresholds: `{${starts.map(formatDate).join(",")}}` });
  // width_bucket answers 1 for the first period (0 would be before it: the range never lets one through).
  return rows
    .map((r) => ({ period: Number(r.bucket) - 1, fundId: r.fundId, totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: Number(r.count) }))
    .filter((r) => r.period >= 0 && r.period < starts.length);
}

/**
 * Sums per fund over the range (every fund with at least one gift): `id`, `name_en`, `name_es`,
 * `total`, `fee`, `n`, the rows `fundTotalsJson` (giving-totals.ts) writes as the ledger's
 * FundTotal list, in the ledger page's one statement (decision 0137). The range's days, fund and
 * method are values or placeholders (null: every fund, every method).
 */
export const dayFundSums = (f: { from: unknown; to: unknown; fundId: unknown; method: unknown }) => sql`
  select ${funds.id} as id, ${funds.nameEn} as name_en, ${funds.nameEs} as name_es,
    sum(${giftDayTotals.totalCents}) as total, sum(${giftDayTotals.feeCents}) as fee, sum(${giftDayTotals.giftCount}) as n
  from ${giftDayTotals} join ${funds} on ${funds.id} = ${giftDayTotals.fundId}
  where ${dayWhereOf(f)}
  group by ${funds.id}, ${funds.nameEn}, ${funds.nameEs}`;
