/**
 * Funds and the covered fee as every way of giving needs them (issue 19; decision 0113): the
 * fund a gift goes to (the one asked for, if it is open, else the default) and the processing
 * fee a giver covers, checked against the church's setting. Read before the gateway is called,
 * so a gift to an archived fund or with a stale fee is refused (400) before any money moves.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds, givingSettings } from "../../db/schema/giving";
import { badRequest } from "../../http/app-error";
import { coverFeeCents, NO_FEE, type ProcessingFee } from "../../../contract/giving-fee";
import { FUNDS_TEXT } from "../../../contract/giving-funds-text";
import type { Locale } from "../../../contract/i18n/locales";

export type FundRow = typeof funds.$inferSelect;

/** A fund's name in `locale` (an empty Spanish name shows the English one). */
export const fundName = (f: Pick<FundRow, "nameEn" | "nameEs">, locale: Locale) => (locale === "es" && f.nameEs ? f.nameEs : f.nameEn);

/** The church's default fund (the migration seeds 'General Fund'; one always exists). */
export async function defaultFund(db: Db | Tx): Promise<FundRow> {
  const [row] = await db.select().from(funds).where(eq(funds.isDefault, true));
  if (!row) throw new Error("no default fund: the migration seeds one and no use case clears it");
  return row;
}

/** The fund a gift goes to: `fundId` when it names an open fund (else 400 on body.fund_id), the default when absent. */
export async function fundForGift(db: Db | Tx, fundId: string | undefined): Promise<FundRow> {
  if (!fundId) return defaultFund(db);
  const [row] = await db
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), isNull(funds.archivedAt)));
  if (!row) throw badRequest("body.fund_id", FUNDS_TEXT.fundUnavailable);
  return row;
}

const feeOf = (db: Db | Tx) =>
  db.select({ percentBps: givingSettings.feePercentBps, fixedCents: givingSettings.feeFixedCents }).from(givingSettings).where(eq(givingSettings.id, 1));
/** Built and planned once (db/prepared.ts): every Give screen asks for it (issue 23). */
const churchFee = prepared("giving.fee", (db) => feeOf(db));

/** The church's processing fee (none until staff set one). */
export async function readProcessingFee(db: Db): Promise<ProcessingFee> {
  const [row] = await churchFee(db);
  return row ?? NO_FEE;
}

/** The same, read inside a transaction (the fee's change reads what it replaces). */
export async function readProcessingFeeIn(tx: Tx): Promise<ProcessingFee> {
  const [row] = await feeOf(tx);
  return row ?? NO_FEE;
}

/**
 * The fee the giver covers: 0 when they did not choose to; otherwise exactly the church's fee
 * for this amount, computed again here (contract/giving-fee.ts). A fee that differs from what the
 * form showed (the setting changed meanwhile, or a hand-made body) is a 400 on body.fee_cents.
 */
export async function coveredFee(db: Db, amountCents: number, feeCents: number | undefined): Promise<number> {
  if (!feeCents) return 0;
  const expected = coverFeeCents(amountCents, await readProcessingFee(db));
  if (expected === 0 || feeCents !== expected) throw badRequest("body.fee_cents", FUNDS_TEXT.feeChanged);
  return expected;
}
