/**
 * Completed gifts summed per period of the church's calendar (issue 19; decision 0122): weeks
 * (Sunday to Saturday, the church's first day, as zonedWeekBounds), months, years. The periods'
 * first instants are worked out by contract/zoned-time.ts (the one wall-clock module, DST
 * included) and handed to PostgreSQL as one sorted array; `width_bucket` puts each gift in its
 * period inside the one aggregate query, so the database never needs its own time zone rules
 * and a period can never disagree with the range (gift-range.ts uses the same instants).
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { NET_FEE_CENTS, NET_GIFT_CENTS } from "../../shared/money/gift-rows";
import type { Db, Tx } from "../../db/client";
import { gifts } from "../../db/schema/giving";
import { badRequest } from "../../http/app-error";
import { LEDGER_TEXT, MAX_PERIODS } from "../../../contract/giving-ledger-text";
import { addDays, dayStart, formatDate, type CalendarDate } from "./gift-range";

export type PeriodUnit = "week" | "month" | "year";

function nextPeriod(unit: PeriodUnit, p: CalendarDate): CalendarDate {
  if (unit === "week") return addDays(p, 7);
  if (unit === "month") return p.m === 12 ? { y: p.y + 1, m: 1, d: 1 } : { y: p.y, m: p.m + 1, d: 1 };
  return { y: p.y + 1, m: 1, d: 1 };
}

/** The first day of every period that overlaps [from, to] (church-zone calendar dates), in order. */
export function periodStarts(unit: PeriodUnit, from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const weekday = new Date(Date.UTC(from.y, from.m - 1, from.d)).getUTCDay();
  let p: CalendarDate = unit === "week" ? addDays(from, -weekday) : unit === "month" ? { y: from.y, m: from.m, d: 1 } : { y: from.y, m: 1, d: 1 };
  const last = formatDate(to);
  const out: CalendarDate[] = [];
  while (formatDate(p) <= last) {
    if (out.length >= MAX_PERIODS) throw badRequest("query.group", LEDGER_TEXT.tooManyPeriods);
    out.push(p);
    p = nextPeriod(unit, p);
  }
  return out;
}

export interface BucketRow {
  /** Index into the starts handed in (0 = the first period). */
  period: number;
  fundId: string;
  totalCents: number;
  feeCents: number;
  count: number;
}

/**
 * Sums of the COMPLETED gifts matching `where` (on gifts alone) per period and fund. Gifts before
 * the first period or after the last are left out (`where` usually keeps to a range already).
 */
export async function periodFundTotals(db: Db | Tx, tz: string, starts: CalendarDate[], where: SQL | undefined): Promise<BucketRow[]> {
  if (!starts.length) return [];
  const thresholds = `{${starts.map((s) => dayStart(tz, s).toISOString()).join(",")}}`;
  const bucket = sql<number>`width_bucket(${gifts.createdAt}, ${thresholds}::timestamptz[])`;
  const rows = await db
    .select({
      bucket,
      fundId: gifts.fundId,
      totalCents: sql<string>`coalesce(sum(${NET_GIFT_CENTS}), 0)`,
      feeCents: sql<string>`coalesce(sum(${NET_FEE_CENTS}), 0)`,
      count: count(),
    })
    .from(gifts)
    .where(and(eq(gifts.status, "COMPLETED"), where))
    .groupBy(sql`1`, sql`2`);
  // width_bucket answers 1 for the first period (0 would be before it: the range never lets one through).
  return rows
    .map((r) => ({ period: Number(r.bucket) - 1, fundId: r.fundId, totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: Number(r.count) }))
    .filter((r) => r.period >= 0 && r.period < starts.length);
}
