/**
 * A deleted member's wallet balance (issue 20, decision 0117). The balance is money the church
 * already holds (round-ups collected from the member's bank, deposits charged to their card) and
 * nobody can spend it once the account is gone, so it becomes what the wallet exists for: a gift
 * to the church's default fund, as "Give balance" makes one (give-wallet-balance.ts): a completed
 * gift paid from the wallet (`gifts.method = 'wallet'`, no fee, no card), and the payment row in
 * the wallet's ledger that takes the balance to zero. The delete dialog says so, with the amount,
 * before the member confirms. No receipt is sent: the member's address is erased in the same
 * transaction (their data export, taken before, shows the balance; the church's records keep the
 * gift under the tombstone like every other).
 *
 * Called under the member's wallet lock (wallet-ledger.ts, lockWallet) by the deletion, and by a
 * round-up collection that settles after the deletion (its money lands in the same place).
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { walletTransactions, wallets } from "../../db/schema/wallet";
import { WALLET_TEXT } from "../../../contract/wallet";
import { defaultFund } from "./funds";
import { recordCompletedGift } from "./gift-rows";
import { debit } from "./wallet-ledger";

/** Gives the whole balance to the default fund; the gift, or null when the balance is zero. */
export async function giveLeftBalance(tx: Tx, churchName: string, userId: string, now: Date) {
  const [wallet] = await tx.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.userId, userId));
  const amountCents = wallet?.balanceCents ?? 0;
  if (amountCents <= 0) return null;
  if (!(await debit(tx, userId, amountCents, now))) return null;
  const fund = await defaultFund(tx);
  const gift = await recordCompletedGift(tx, { userId, amountCents, fundId: fund.id, feeCents: 0, at: now, card: null });
  await tx.insert(walletTransactions).values({
    userId,
    type: "payment",
    status: "completed",
    amountCents,
    description: WALLET_TEXT.giftTo(churchName),
    giftId: gift.id,
    createdAt: now,
  });
  return gift;
}
