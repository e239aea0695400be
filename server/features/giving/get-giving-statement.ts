/**
 * The year-end giving statement a member keeps for their taxes: every COMPLETED gift they made
 * in one calendar year of the church's time zone (a gift at 11 pm on 31 December in Orlando
 * belongs to that year, though it is already 1 January in UTC), the total, the church's name
 * and address, and the statement that no goods or services were given in return. Failed
 * attempts are not gifts and are left out. The year defaults to the current one. A refunded gift
 * stays on its line with the part of it refunded, and the total is net of refunds (decision 0119).
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { formatAddress } from "../../../contract/church";
import { FREQUENCY_LABELS, GIVING_TEXT, type GivingStatement } from "../../../contract/giving";
import { dateInZone } from "./next-payment-date";
import { paidWithGift } from "../../shared/money/send-gift-receipt";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { GIFT_LINE, refundedOfGift } from "../../shared/money/gift-rows";
import { fundName } from "../../shared/money/funds";
import type { Locale } from "../../../contract/i18n/locales";

/** The UTC instant of local midnight starting 1 January of `year` in zone `tz`, computed by the database's time zone data. */
const newYearIn = (year: number, tz: string) => sql`(${`${year}-01-01 00:00:00`}::timestamp at time zone ${tz})`;

export async function getGivingStatement(deps: Deps, userId: string, requestedYear?: number, locale: Locale = "en"): Promise<GivingStatement> {
  const tz = deps.church.timeZone;
  const year = requestedYear ?? Number(dateInZone(tz, deps.now()).slice(0, 4));
  const [donor] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  const rows = await deps.db
    .select({ id: gifts.id, ...GIFT_LINE, checkNumber: givingBatchLines.checkNumber })
    .from(gifts)
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .leftJoin(recurringGifts, eq(recurringGifts.id, gifts.recurringGiftId))
    // Cash and checks entered in a batch (decision 0120): "Cash", "Check #1234".
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .where(
      and(
        eq(gifts.userId, userId),
        eq(gifts.status, "COMPLETED"),
        gte(gifts.createdAt, newYearIn(year, tz)),
        lt(gifts.createdAt, newYearIn(year + 1, tz)),
      ),
    )
    .orderBy(asc(gifts.createdAt), asc(gifts.id));
  const church = deps.church;
  return {
    year,
    church: { name: church.name, address: formatAddress(church.address), phone: church.phone, email: church.email },
    donor: { name: `${donor.firstName} ${donor.lastName}`.trim(), email: donor.email },
    gifts: rows.map((r) => ({
      id: r.id,
      date: dateInZone(tz, r.createdAt),
      amountCents: r.amountCents,
      refundedCents: refundedOfGift(r),
      fund: fundName({ nameEn: r.fundNameEn, nameEs: r.fundNameEs }, locale),
      kind: r.frequency ? FREQUENCY_LABELS[r.frequency] : GIVING_TEXT.oneTime,
      paidWith: paidWithGift(r),
    })),
    totalCents: rows.reduce((sum, r) => sum + r.amountCents - refundedOfGift(r), 0),
    noGoodsOrServices: GIVING_TEXT.noGoodsOrServices,
    issuedAt: deps.now().toISOString(),
  };
}
