/**
 * The date range the ledger and the totals read (issue 19): church-zone calendar dates, `to`
 * included; by default the last 30 days up to today. Turned into UTC instants by the
 * database's time zone data, as the statement does.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { gifts } from "../../db/schema/giving";
import { dateInZone } from "./next-payment-date";

const DEFAULT_DAYS = 30;

const dayStart = (date: string, tz: string) => sql`(${date}::date::timestamp at time zone ${tz})`;

export function giftRange(deps: Pick<Deps, "church" | "now">, q: { from?: string; to?: string }): { from: string; to: string; where: SQL } {
  const tz = deps.church.timeZone;
  const to = q.to ?? dateInZone(tz, deps.now());
  const from = q.from ?? dateInZone(tz, new Date(Date.parse(`${to}T12:00:00Z`) - DEFAULT_DAYS * 86_400_000));
  const where = sql`${gifts.createdAt} >= ${dayStart(from, tz)} and ${gifts.createdAt} < (${dayStart(to, tz)} + interval '1 day')`;
  return { from, to, where };
}
