/**
 * The ledger's totals from `gift_day_totals` (issue 19; decision 0123): completed gifts already
 * summed per church-calendar day, fund and method by the database, in the transaction of every
 * change to `gifts`. A range of days is read and grouped into periods (weeks from Sunday, months,
 * years: the starts come from period-totals.ts) with `width_bucket` over the periods' first days,
 * so a five-year range reads at most one row per day, fund and method whatever the number of
 * gifts. Days are calendar dates on the church's clock: no time zone arithmetic is left here.
 * A donor search cannot be summed ahead (it names people): those totals still read `gifts`.
 */
import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
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

function dayWhere(f: DayFilter): SQL | undefined {
  return and(gte(giftDayTotals.day, f.from), lte(giftDayTotals.day, f.to), f.fundId ? eq(giftDayTotals.fundId, f.fundId) : undefined, f.method ? eq(giftDayTotals.method, f.method) : undefined);
}

/** Sums per period (index into `starts`) and fund. */
export async function dayTotalsByPeriod(db: Db | Tx, starts: CalendarDate[], f: DayFilter): Promise<BucketRow[]> {
  if (!starts.length) return [];
  const thresholds = `{${starts.map(formatDate).join(",")}}`;
  const rows = await db
    .select({
      bucket: sql<number>`width_bucket(${giftDayTotals.day}, ${thresholds}::date[])`,
      fundId: giftDayTotals.fundId,
      totalCents: sql<string>`sum(${giftDayTotals.totalCents})`,
      feeCents: sql<string>`sum(${giftDayTotals.feeCents})`,
      count: sql<string>`sum(${giftDayTotals.giftCount})`,
    })
    .from(giftDayTotals)
    .where(dayWhere(f))
    .groupBy(sql`1`, sql`2`);
  // width_bucket answers 1 for the first period (0 would be before it: the range never lets one through).
  return rows
    .map((r) => ({ period: Number(r.bucket) - 1, fundId: r.fundId, totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: Number(r.count) }))
    .filter((r) => r.period >= 0 && r.period < starts.length);
}

/** Sums per fund over the range (every fund with at least one gift), by the funds' English names. */
export async function dayFundTotals(db: Db | Tx, f: DayFilter, locale: Locale): Promise<FundTotal[]> {
  const rows = await db
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
    .where(dayWhere(f))
    .groupBy(funds.id, funds.nameEn, funds.nameEs)
    .orderBy(asc(funds.nameEn));
  return rows.map((r) => ({ fundId: r.fundId, fundName: fundName(r, locale), totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: Number(r.count) }));
}
