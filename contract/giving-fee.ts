/**
 * "Cover the processing fee" (issue 19, decision 0113): the fee a giver adds so the church
 * receives the whole gift. One function, used by the give form (what it shows) and the server
 * (what it charges and checks), in integer cents. No zod here (decision 0072).
 *
 * The rule is the gross-up: the processor takes `pct` of the whole charge plus `fixed`, so the
 * charge that leaves the gift after the processor's cut is
 *     total = ceil((amount + fixed) / (1 - pct)),   fee = total - amount
 * computed exactly as ceil((amount + fixed) * 10000 / (10000 - bps)) with integers (BigInt), so
 * no float ever rounds a cent. Rounding up means the church receives at least the gift (at most
 * a cent more), never less. With no fee configured (both zero) the fee is 0 and the choice is not
 * offered. Worked example: $100.00 at 2.9% + 30¢ -> ceil(10030 * 10000 / 9710) = 10330, fee $3.30.
 */

/** Largest percent a church may set (10%, in basis points) and largest fixed part ($5.00). */
export const MAX_FEE_PERCENT_BPS = 1000;
export const MAX_FEE_FIXED_CENTS = 500;

export interface ProcessingFee {
  /** Percent of the charge in basis points (290 = 2.9%). */
  percentBps: number;
  /** Fixed cents per charge. */
  fixedCents: number;
}

export const NO_FEE: ProcessingFee = { percentBps: 0, fixedCents: 0 };

export const feeConfigured = (fee: ProcessingFee | null | undefined) => !!fee && (fee.percentBps > 0 || fee.fixedCents > 0);

/** The fee that covers the processor's cut of `amountCents` (0 when no fee is configured or the amount is not positive). */
export function coverFeeCents(amountCents: number, fee: ProcessingFee): number {
  if (!Number.isInteger(amountCents) || !Number.isInteger(fee.percentBps) || !Number.isInteger(fee.fixedCents)) throw new Error("cents and basis points are integers");
  if (fee.percentBps < 0 || fee.percentBps > MAX_FEE_PERCENT_BPS || fee.fixedCents < 0 || fee.fixedCents > MAX_FEE_FIXED_CENTS) throw new Error("fee out of range");
  if (!feeConfigured(fee) || amountCents <= 0) return 0;
  const numerator = BigInt(amountCents + fee.fixedCents) * 10000n;
  const denominator = BigInt(10000 - fee.percentBps);
  const total = (numerator + denominator - 1n) / denominator;
  return Number(total) - amountCents;
}

/** "2.9% + $0.30", "3%", "$0.30" as a church sets it (English digits; the screen adds the words). */
export function describeFee(fee: ProcessingFee): string {
  const pct = fee.percentBps > 0 ? `${(fee.percentBps / 100).toString()}%` : "";
  const fixed = fee.fixedCents > 0 ? `$${(fee.fixedCents / 100).toFixed(2)}` : "";
  return [pct, fixed].filter(Boolean).join(" + ");
}
