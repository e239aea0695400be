/**
 * How a gift was paid, written once for the ledger, the totals, the donor page and the export
 * (issue 19): a card was charged (the gift keeps its last four digits), or the wallet balance
 * was given (no card). Cash and check batches add their methods here.
 */
import { isNotNull, isNull, type SQL } from "drizzle-orm";
import { gifts } from "../../db/schema/giving";
import type { GiftMethod } from "../../../contract/giving-funds";

/** The filter for one method (none: every method). */
export function methodFilter(method: GiftMethod | undefined): SQL | undefined {
  if (method === "card") return isNotNull(gifts.cardLastFour);
  if (method === "wallet") return isNull(gifts.cardLastFour);
  return undefined;
}

/** A gift row's method. */
export const methodOf = (g: { cardLastFour: string | null }): GiftMethod => (g.cardLastFour ? "card" : "wallet");
