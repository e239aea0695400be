/**
 * The ledger's totals from `gift_day_totals` (issue 19; decision 0123): completed gifts already
 * summed per church-calendar day, fund and method by the database, in the transaction of every
 * change to `gifts`. A range of days is read and grouped into periods (weeks from Sunday, months,
 * years: the starts come from period-totals.ts) with `width_bucket` over the periods' first days,
 * so a five-year range reads at most one row per day, fund and method whatever the number of
 * gifts. Days are calendar dates on the church's clock: no time zone arithmetic is left here.
 * A donor search cannot be summed ahead (it names people): those totals still read `gifts`.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds, giftDayTotals } from "../../db/schema/giving";
import type { FundTotal } from "../../../contract/giving-funds";
import type { GiftMethod } from "../../../contract/giving-funds-text";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";
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
const dayWhere = and(
  gte(giftDayTotals.day, sql.placeholder("from")),
  lte(giftDayTotals.day, sql.placeholder("to")),
  sql`(${sql.placeholder("fundId")}::uuid is null or ${giftDayTotals.fundId} = ${sql.placeholder("fundId")}::uuid)`,
  sql`(${sql.placeholder("method")}::text is null or ${giftDayTotals.method} = ${sql.placeholder("method")}::text)`,
);
const filterValues = (f: DayFilter) => ({ from: f.from, to: f.to, fundId: f.fundId ?? null, method: f.method ?? null });

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

const byFund = prepared("giving.day-totals.by-fund", (db) =>
  db
    .select({
      fundId: funds.id,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
      totalCents: sql<string>`sum(${giftDayTotals.totalCents})`,
      feeCents: sql<string>`sum(${giftDayTotals.feeCents})`,
      count: sql<string>`sum(${giftDayTotals.giftCount})`,
    })
    .from(giftDayTotals)
    .innerJoin(funds, eq(funds.id, giftDayTotals.fundId))
    .where(dayWhere)
    .groupBy(funds.id, funds.nameEn, funds.nameEs)
    .orderBy(asc(funds.nameEn)),
);

/** Sums per fund over the range (every fund with at least one gift), by the funds' English names. */
export async function dayFundTotals(db: Db, f: DayFilter, locale: Locale): Promise<FundTotal[]> {
  const rows = await byFund(db, filterValues(f));
  return rows.map((r) => ({ fundId: r.fundId, fundName: fundName(r, locale), totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: Number(r.count) }));
}
