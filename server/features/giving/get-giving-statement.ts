/**
 * The year-end giving statement a member keeps for their taxes: every COMPLETED gift they made
 * in one calendar year of the church's time zone (a gift at 11 pm on 31 December in Orlando
 * belongs to that year, though it is already 1 January in UTC), the total, the church's name
 * and address, and the statement that no goods or services were given in return. Failed
 * attempts are not gifts and are left out. The year defaults to the current one. A refunded gift
 * stays on its line with the part of it refunded, and the total is net of refunds (decision 0119).
 * The gifts are the ones the emailed statement lists (statement-donors.ts); the church is named as staff set it
 * for statements (legal name, address, tax statement; statement-model.ts).
 */
import type { Deps } from "../../deps";
import { FREQUENCY_LABELS, GIVING_TEXT, type GivingStatement } from "../../../contract/giving";
import { dateInZone } from "./next-payment-date";
import { paidWithGift } from "../../shared/money/paid-with";
import { fundName } from "../../shared/money/funds";
import type { Locale } from "../../../contract/i18n/locales";
import { memberLines, memberStatement, yearStart } from "./statement-donors";
import { statementChurch, totalOf } from "./statement-model";

/**
 * The church's current year. Every zone is within 14 hours of UTC, so away from New Year it is
 * UTC's year, with no Intl formatting on each request (issue 23); near it, the zone decides.
 */
export function currentYear(tz: string, now: Date): number {
  const y = now.getUTCFullYear();
  const t = now.getTime();
  const margin = 15 * 3_600_000;
  if (t - Date.UTC(y, 0, 1) >= margin && Date.UTC(y + 1, 0, 1) - t >= margin) return y;
  return Number(dateInZone(tz, now).slice(0, 4));
}

export async function getGivingStatement(deps: Deps, userId: string, requestedYear?: number, locale: Locale = "en"): Promise<GivingStatement> {
  const tz = deps.church.timeZone;
  const year = requestedYear ?? currentYear(tz, deps.now());
  // The member and the same gifts the emailed statement lists (statement-donors.ts), in one statement.
  const [donor] = await memberStatement(deps.db, { userId, tz, from: yearStart(year), to: yearStart(year + 1) });
  const rows = memberLines(donor, userId);
  // The church's own legal name, address and tax statement when staff set them (decision 0121).
  const church = statementChurch(deps.church, locale, false);
  return {
    year,
    church: { name: church.name, address: church.address, phone: church.phone, email: church.email },
    donor: { name: `${donor?.first_name ?? ""} ${donor?.last_name ?? ""}`.trim(), email: donor?.email ?? "" },
    gifts: rows.map((r) => ({
      id: r.id,
      date: r.date,
      amountCents: r.amount_cents,
      refundedCents: r.refunded_cents,
      fund: fundName({ nameEn: r.fund_name_en, nameEs: r.fund_name_es }, locale),
      kind: r.frequency ? FREQUENCY_LABELS[r.frequency] : GIVING_TEXT.oneTime,
      // "Cash", "Check #1234" (a batch line), or the card or wallet balance.
      paidWith: paidWithGift({ method: r.method, cardBrand: r.card_brand, cardLastFour: r.card_last_four, checkNumber: r.check_number }),
    })),
    totalCents: totalOf(rows),
    noGoodsOrServices: church.taxStatement,
    issuedAt: deps.now().toISOString(),
  };
}
