/**
 * A donor's page (issue 19; decision 0122), for the OWNER and the finance permission (the route's
 * access is "finance"): who they are, their completed giving per year of the church's calendar,
 * every recurring gift, and their gifts newest first in keyset pages (the ledger's own reader,
 * list-ledger.ts, so a gift looks the same in both). Every view, each page included, is written
 * to the audit log before it is answered. An unknown member is a 404 (and no audit
 * row); an account deleted since keeps its gifts and shows as deleted (decision 0117).
 */
import { and, desc, eq, max, min } from "drizzle-orm";
import type { Deps } from "../../deps";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import type { AuthUser } from "../../http/auth";
import { notFound } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { fundName } from "../../shared/money/funds";
import type { DonorPage } from "../../../contract/giving-ledger";
import { LEDGER_TEXT } from "../../../contract/giving-ledger-text";
import type { Locale } from "../../../contract/i18n/locales";
import { wallTime } from "../../../contract/zoned-time";
import { readLedgerPage } from "./list-ledger";
import { periodFundTotals, periodStarts } from "./period-totals";

/** Completed giving per year of the church's calendar, newest first (years without a gift left out). */
async function donorYears(deps: Deps, userId: string): Promise<DonorPage["years"]> {
  const tz = deps.church.timeZone;
  const [span] = await deps.db
    .select({ first: min(gifts.createdAt), last: max(gifts.createdAt) })
    .from(gifts)
    .where(and(eq(gifts.userId, userId), eq(gifts.status, "COMPLETED")));
  if (!span?.first || !span.last) return [];
  const starts = periodStarts("year", { y: wallTime(tz, new Date(span.first)).y, m: 1, d: 1 }, { y: wallTime(tz, new Date(span.last)).y, m: 12, d: 31 });
  const rows = await periodFundTotals(deps.db, tz, starts, eq(gifts.userId, userId));
  return starts
    .map((s, i) => {
      const inYear = rows.filter((r) => r.period === i);
      return { year: s.y, totalCents: inYear.reduce((n, r) => n + r.totalCents, 0), feeCents: inYear.reduce((n, r) => n + r.feeCents, 0), count: inYear.reduce((n, r) => n + r.count, 0) };
    })
    .filter((y) => y.count > 0)
    .reverse();
}

export async function getDonor(deps: Deps, actor: AuthUser, userId: string, q: { cursor?: string; limit: number }, locale: Locale): Promise<DonorPage> {
  const [donor] = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, createdAt: users.createdAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!donor) throw notFound(LEDGER_TEXT.donorNotFound);
  // Read side by side; answered only once the view's audit row is committed.
  const [years, recurring, page] = await Promise.all([
    donorYears(deps, userId),
    deps.db
      .select({ r: recurringGifts, nameEn: funds.nameEn, nameEs: funds.nameEs })
      .from(recurringGifts)
      .innerJoin(funds, eq(funds.id, recurringGifts.fundId))
      .where(eq(recurringGifts.userId, userId))
      .orderBy(desc(recurringGifts.createdAt)),
    readLedgerPage(deps.db, eq(gifts.userId, userId), q.cursor, q.limit, locale),
  ]);
  await audit(deps.db, actor, "giving.donor.view", { userId, page: q.cursor ? "next" : "first", gifts: page.gifts.length }, deps.now());
  return {
    donor: {
      id: donor.id,
      name: donor.deletedAt ? "" : `${donor.firstName} ${donor.lastName}`.trim(),
      email: donor.deletedAt ? "" : donor.email,
      memberSince: donor.createdAt.toISOString(),
      deleted: donor.deletedAt !== null,
    },
    years,
    recurring: recurring.map(({ r, ...f }) => ({
      id: r.id,
      amountCents: r.amountCents,
      feeCents: r.feeCents,
      fundName: fundName(f, locale),
      frequency: r.frequency,
      status: r.status,
      nextPaymentDate: r.nextPaymentDate,
      cardLastFour: r.cardLastFour,
      createdAt: r.createdAt.toISOString(),
    })),
    ...page,
  };
}
