/**
 * How a gift was paid, written once for the ledger, the totals, the donor page and the export
 * (issue 19): `gifts.method` — a card, the wallet balance, or cash or a check entered in a batch
 * (decision 0120; gifts from before that column were given theirs by migration 0029).
 */
import { eq, type SQL } from "drizzle-orm";
import { gifts } from "../../db/schema/giving";
import type { GiftMethod } from "../../../contract/giving-funds";

/** The filter for one method (none: every method). */
export function methodFilter(method: GiftMethod | undefined): SQL | undefined {
  return method ? eq(gifts.method, method) : undefined;
}

/** A gift row's method. */
export const methodOf = (g: { method: GiftMethod }): GiftMethod => g.method;
