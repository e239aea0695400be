/**
 * Completed gifts per fund, and per week or month of the church's calendar, for a range, a fund
 * and a method (issue 19; decisions 0113, 0122, 0123: read from the totals kept per day): what PASTOR and STAFF see of the money without
 * the finance permission. Amounts and counts only, never a donor: this read is not audited and
 * never touches the users table. The ledger (list-ledger.ts) adds per-fund totals to its
 * donor-level page.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { jsonText } from "../../db/json-sql";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { funds, gifts } from "../../db/schema/giving";
import type { FundTotal } from "../../../contract/giving-funds";
import type { GivingTotalsReport, PeriodTotal, PeriodTotalsQuery } from "../../../contract/giving-ledger";
import { WEEKLY_UP_TO_DAYS } from "../../../contract/giving-ledger-text";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";
import { formatDate, giftRange } from "./gift-range";
import { periodStarts } from "./period-totals";
import { dayTotalsByPeriod } from "./day-totals";
import { NET_FEE_CENTS, NET_GIFT_CENTS } from "../../shared/money/gift-rows";

/**
 * Per-fund sums of the COMPLETED gifts matching `where` (on gifts alone), read from the gifts: for
 * a filter the day totals cannot answer (a donor search; decision 0123): every fund with at least
 * one gift, as the rows `fundTotalsJson` writes (`id`, `name_en`, `name_es`, `total`, `fee`, `n`).
 * Net of refunds (decision 0119), by the gift's date: a refund lowers the range its gift is in;
 * `n` still counts the gifts.
 */
export const giftFundSums = (where: SQL | undefined) => sql`
  select ${funds.id} as id, ${funds.nameEn} as name_en, ${funds.nameEs} as name_es,
    coalesce(sum(${NET_GIFT_CENTS}), 0) as total, coalesce(sum(${NET_FEE_CENTS}), 0) as fee, count(*) as n
  from ${gifts} join ${funds} on ${funds.id} = ${gifts.fundId}
  where ${and(eq(gifts.status, "COMPLETED"), where)}
  group by ${funds.id}, ${funds.nameEn}, ${funds.nameEs}`;

/**
 * Per-fund sums (giftFundSums, or dayFundSums from the day totals) as the ledger's head writes
 * them (decision 0137): `funds`, the JSON text of FundTotal[] by the funds' English names, named in
 * `locale` (a value or a placeholder); `totalCents` and `count`, their sums (integers' text).
 */
export const fundTotalsJson = (sums: SQL, locale: unknown) => sql`
  select ${jsonText(sql`coalesce(json_agg(item order by s.name_en), '[]')`)} as "funds",
    coalesce(sum(s.total), 0) as "totalCents", coalesce(sum(s.n), 0) as "count"
  from (${sums}) s
  cross join lateral (select s.id as "fundId", case when ${locale}::text = 'es' and s.name_es <> '' then s.name_es else s.name_en end as "fundName",
    s.total as "totalCents", s.fee as "feeCents", s.n as "count") item`;

const DAY_MS = 86_400_000;

/** The funds' names by English name, for the order of the report (built and planned once: db/prepared.ts). */
const fundNames = prepared("giving.totals.fund-names", (db) => db.select({ id: funds.id, nameEn: funds.nameEn, nameEs: funds.nameEs }).from(funds).orderBy(asc(funds.nameEn)));

export async function getGivingTotals(deps: Deps, q: PeriodTotalsQuery, locale: Locale): Promise<GivingTotalsReport> {
  const range = giftRange(deps, q);
  const days = (Date.UTC(range.toDate.y, range.toDate.m - 1, range.toDate.d) - Date.UTC(range.fromDate.y, range.fromDate.m - 1, range.fromDate.d)) / DAY_MS + 1;
  const group = q.group ?? (days <= WEEKLY_UP_TO_DAYS ? "week" : "month");
  const starts = periodStarts(group, range.fromDate, range.toDate);
  // One aggregate over the range's days (per period and fund) from the totals kept per day
  // (decision 0123); the fund totals are its sums.
  const [rows, fundRows] = await Promise.all([
    dayTotalsByPeriod(deps.db, starts, { from: range.from, to: range.to, fundId: q.fundId, method: q.method }),
    fundNames(deps.db),
  ]);
  const periods: PeriodTotal[] = starts.map((s) => ({ start: formatDate(s), totalCents: 0, feeCents: 0, count: 0, funds: [] }));
  const byFund = new Map<string, FundTotal>();
  for (const r of rows) {
    const p = periods[r.period]!;
    p.totalCents += r.totalCents;
    p.feeCents += r.feeCents;
    p.count += r.count;
    p.funds.push({ fundId: r.fundId, totalCents: r.totalCents, count: r.count });
    const f = byFund.get(r.fundId) ?? { fundId: r.fundId, fundName: "", totalCents: 0, feeCents: 0, count: 0 };
    f.totalCents += r.totalCents;
    f.feeCents += r.feeCents;
    f.count += r.count;
    byFund.set(r.fundId, f);
  }
  const list = fundRows.flatMap((f) => {
    const t = byFund.get(f.id);
    return t ? [{ ...t, fundName: fundName(f, locale) }] : [];
  });
  const rank = new Map(list.map((f, i) => [f.fundId, i]));
  for (const p of periods) p.funds.sort((a, b) => (rank.get(a.fundId) ?? -1) - (rank.get(b.fundId) ?? -1));
  return {
    from: range.from,
    to: range.to,
    group,
    funds: list,
    totalCents: list.reduce((s, f) => s + f.totalCents, 0),
    count: list.reduce((s, f) => s + f.count, 0),
    periods,
  };
}
