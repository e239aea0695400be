/**
 * Completed gifts per fund for a range (issue 19; decision 0113): what PASTOR and STAFF see of
 * the money without the finance permission. Amounts and counts only, never a donor: this read
 * is not audited. The ledger (list-ledger.ts) adds the same totals to its donor-level page.
 */
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { funds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { FundTotal, GivingTotals } from "../../../contract/giving-funds";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";
import { giftRange } from "./gift-range";
import { NET_FEE_CENTS, NET_GIFT_CENTS } from "../../shared/money/gift-rows";

/**
 * Per-fund sums of the COMPLETED gifts matching `where`, which may name the donor (users, or a
 * batch line's donor without an account): every fund with at least one gift. Net of refunds
 * (decision 0119), by the gift's date: a refund lowers the range its gift is in; `count` still
 * counts the gifts.
 */
export async function fundTotals(db: Db | Tx, where: SQL | undefined, locale: Locale): Promise<FundTotal[]> {
  const rows = await db
    .select({
      fundId: funds.id,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
      totalCents: sql<string>`coalesce(sum(${NET_GIFT_CENTS}), 0)`,
      feeCents: sql<string>`coalesce(sum(${NET_FEE_CENTS}), 0)`,
      count: count(),
    })
    .from(gifts)
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    // Left: a cash or check gift may have no member (anonymous, or a donor without an account; decision 0120).
    .leftJoin(users, eq(users.id, gifts.userId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .where(and(eq(gifts.status, "COMPLETED"), where))
    .groupBy(funds.id, funds.nameEn, funds.nameEs)
    .orderBy(asc(funds.nameEn));
  return rows.map((r) => ({ fundId: r.fundId, fundName: fundName(r, locale), totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), count: r.count }));
}

export async function getGivingTotals(deps: Deps, q: { from?: string; to?: string }, locale: Locale): Promise<GivingTotals> {
  const range = giftRange(deps, q);
  const list = await fundTotals(deps.db, range.where, locale);
  return {
    from: range.from,
    to: range.to,
    funds: list,
    totalCents: list.reduce((s, f) => s + f.totalCents, 0),
    count: list.reduce((s, f) => s + f.count, 0),
  };
}
