import { z } from "./zod-setup";
import { GIFT_METHODS, ZGivingTotals, ZLedgerGift } from "./giving-funds";
import { DONOR_PAGE_DEFAULT, DONOR_PAGE_MAX, TOTALS_GROUPS } from "./giving-ledger-text";

/** The ledger's totals by week and month, a donor's page, the CSV export (issue 19; decision 0122). */
export * from "./giving-ledger-text";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * GET /api/admin/giving/totals (every staff member; no donor): the range (church-zone dates, `to`
 * included; default the last 30 days), a fund, a method, and how to group. Without `group`, up to
 * 92 days is grouped by week and a longer range by month.
 */
export const ZPeriodTotalsQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  fundId: z.uuid().optional(),
  method: z.enum(GIFT_METHODS).optional(),
  group: z.enum(TOTALS_GROUPS).optional(),
});
export type PeriodTotalsQuery = z.input<typeof ZPeriodTotalsQuery>;

/** One fund's share of a period. */
export const ZPeriodFund = z.object({ fundId: z.string(), totalCents: z.number().int(), count: z.number().int() });
/**
 * One week (Sunday to Saturday) or month of the church's calendar: `start` is its first day
 * (YYYY-MM-DD), even when the range begins later in it; only gifts inside the range count.
 */
export const ZPeriodTotal = z.object({
  start: z.string(),
  totalCents: z.number().int(),
  feeCents: z.number().int(),
  count: z.number().int(),
  funds: z.array(ZPeriodFund),
});
export type PeriodTotal = z.infer<typeof ZPeriodTotal>;

/** Completed gifts per fund over the range (as before), and per period: every period of the range, empty ones too. */
export const ZGivingTotalsReport = ZGivingTotals.extend({ group: z.enum(TOTALS_GROUPS), periods: z.array(ZPeriodTotal) });
export type GivingTotalsReport = z.infer<typeof ZGivingTotalsReport>;

/** GET /api/admin/giving/donors/:userId (finance). */
export const ZDonorParams = z.object({ userId: z.uuid() });
export const ZDonorQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DONOR_PAGE_MAX).default(DONOR_PAGE_DEFAULT),
});

export const ZDonorRecurringGift = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  fundName: z.string(),
  frequency: z.enum(["weekly", "monthly", "yearly"]),
  status: z.enum(["ACTIVE", "PAUSED", "CANCELLED", "FAILED"]),
  nextPaymentDate: z.string(),
  cardLastFour: z.string(),
  createdAt: z.string(),
});
export type DonorRecurringGift = z.infer<typeof ZDonorRecurringGift>;

/** A year of the church's calendar: completed gifts only. */
export const ZDonorYear = z.object({ year: z.number().int(), totalCents: z.number().int(), feeCents: z.number().int(), count: z.number().int() });

/**
 * A donor's page: who they are, their completed giving per year (newest first), every recurring
 * gift, and their gifts newest first in keyset pages (`cursor`: the previous page's nextCursor;
 * the donor, years and recurring gifts come with every page).
 */
export const ZDonorPage = z.object({
  donor: z.object({ id: z.string(), name: z.string(), email: z.string(), memberSince: z.string(), deleted: z.boolean() }),
  years: z.array(ZDonorYear),
  recurring: z.array(ZDonorRecurringGift),
  gifts: z.array(ZLedgerGift),
  nextCursor: z.string().nullable(),
});
export type DonorPage = z.infer<typeof ZDonorPage>;

/** GET /api/admin/giving/export.csv (finance): church-zone dates, `to` included; default the last 30 days. */
export const ZExportQuery = z.object({ from: isoDate.optional(), to: isoDate.optional() });
export type ExportQuery = z.input<typeof ZExportQuery>;
