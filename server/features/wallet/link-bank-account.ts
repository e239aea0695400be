/**
 * POST /api/wallet/plaid/exchange-token: exchanges the public token for an access token, seals
 * it (bank-token.ts) and records the bank and its bank_account payment method in one
 * transaction (the first method becomes the default). The bank's purchases are rounded up from
 * the moment of linking; the first bank a member ever links also brings the week before
 * (ROUNDUP_LOOKBACK_DAYS). The same login linked twice is a 409.
 */
import { randomUUID } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { bankAccounts } from "../../db/schema/wallet";
import { conflict } from "../../http/app-error";
import { ROUNDUP_LOOKBACK_DAYS, WALLET_TEXT, type PaymentMethod } from "../../../contract/wallet";
import type { BankError } from "../../providers/bank/port";
import { bankCall } from "./bank-errors";
import { sealAccessToken } from "../../shared/bank-token";
import { lockWallet } from "../../shared/money/wallet-ledger";
import { insertPaymentMethod } from "./save-payment-method";

export async function linkBankAccount(deps: Deps, userId: string, publicToken: string, log?: (err: BankError) => void): Promise<PaymentMethod> {
  const linked = await bankCall(() => deps.bank.exchangePublicToken(publicToken, { id: userId }), log);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const [active] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(
        and(eq(bankAccounts.userId, userId), eq(bankAccounts.provider, deps.bank.kind), eq(bankAccounts.itemId, linked.itemId), isNull(bankAccounts.unlinkedAt)),
      );
    if (active) throw conflict(WALLET_TEXT.bankAlreadyLinked);
    const [before] = await tx.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.userId, userId));
    const first = Number(before?.n ?? 0) === 0;
    const id = randomUUID();
    await tx.insert(bankAccounts).values({
      id,
      userId,
      provider: deps.bank.kind,
      itemId: linked.itemId,
      accessTokenSealed: sealAccessToken(deps.secrets, id, linked.accessToken),
      providerAccountId: linked.account.id,
      institutionName: linked.account.institutionName,
      accountName: linked.account.name,
      mask: linked.account.mask,
      roundsUpFrom: first ? new Date(now.getTime() - ROUNDUP_LOOKBACK_DAYS * 86_400_000) : now,
      nextSyncAt: now,
      linkedAt: now,
    });
    return insertPaymentMethod(
      tx,
      {
        userId,
        type: "bank_account",
        provider: deps.bank.kind,
        lastFour: linked.account.mask,
        bankName: linked.account.institutionName,
        bankAccountId: id,
        createdAt: now,
      },
      false,
    );
  });
}
