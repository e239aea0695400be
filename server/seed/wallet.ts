/**
 * The demo member's wallet (member@koinonia.test), so the Wallet tab looks alive after
 * `npm start`: round-ups on, a saved Visa (the default, so Add Funds works) and the sandbox
 * bank linked, six weeks of round-ups from the bank's purchases (those older than a week
 * collected by one settled debit, the rest pending), one Add Funds and one gift
 * from the wallet. The bank's cursor stops a day and a half back, so Sync Round-ups has new
 * purchases to add. Written through the same tables and rules as the app (the balance is the
 * sum of the completed transactions). Idempotent: does nothing once the member has linked a bank.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";
import { funds, gifts } from "../db/schema/giving";
import { bankAccounts, bankPurchases, paymentMethods, roundUpCollections, roundUpSettings, walletTransactions, wallets } from "../db/schema/wallet";
import type { SecretBox } from "../security/secret-box";
import { createSandboxBank, sandboxPurchasesBetween } from "../providers/bank/sandbox";
import { sealAccessToken } from "../shared/bank-token";
import { roundUpCents, WALLET_TEXT } from "../../contract/wallet";
import { formatCents } from "../../contract/money";

export const DEMO_WALLET_EMAIL = "member@koinonia.test";
const DAY = 86_400_000;

export async function seedWalletDemo(db: Db, opts: { secrets: SecretBox; now: Date; churchName: string }) {
  const [member] = await db.select().from(users).where(eq(users.email, DEMO_WALLET_EMAIL));
  if (!member) return;
  const [linked] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.userId, member.id)).limit(1);
  if (linked) return;

  const now = opts.now;
  const from = new Date(now.getTime() - 42 * DAY);
  const syncedTo = new Date(now.getTime() - 1.5 * DAY);
  const link = await createSandboxBank(() => now).exchangePublicToken("public-sandbox-demo", { id: member.id });
  const purchases = sandboxPurchasesBetween(link.itemId, from, syncedTo);

  await db.transaction(async (tx) => {
    await tx
      .insert(roundUpSettings)
      .values({ userId: member.id, isEnabled: true, roundsUpFrom: from, updatedAt: from })
      .onConflictDoUpdate({ target: roundUpSettings.userId, set: { isEnabled: true, roundsUpFrom: from } });

    await tx.insert(paymentMethods).values({
      userId: member.id,
      type: "credit_card",
      provider: "sandbox",
      lastFour: "4242",
      cardBrand: "visa",
      expiryMonth: 12,
      expiryYear: 2030,
      // The sandbox gateway charges an unknown profile as its success card.
      gatewayProfileId: "sbx_cus_demo_member_visa",
      isDefault: true,
      createdAt: from,
    });
    const bankId = randomUUID();
    await tx.insert(bankAccounts).values({
      id: bankId,
      userId: member.id,
      provider: "sandbox",
      itemId: link.itemId,
      accessTokenSealed: sealAccessToken(opts.secrets, bankId, link.accessToken),
      providerAccountId: link.account.id,
      institutionName: link.account.institutionName,
      accountName: link.account.name,
      mask: link.account.mask,
      syncCursor: `sbx1:${syncedTo.toISOString()}`,
      roundsUpFrom: from,
      // Leave the new purchases to the member's own Sync Round-ups for a while.
      nextSyncAt: new Date(now.getTime() + 12 * 3600_000),
      lastSyncedAt: syncedTo,
      linkedAt: from,
    });
    await tx.insert(paymentMethods).values({
      userId: member.id,
      type: "bank_account",
      provider: "sandbox",
      lastFour: link.account.mask,
      bankName: link.account.institutionName,
      bankAccountId: bankId,
      isDefault: false,
      createdAt: new Date(from.getTime() + 1000),
    });

    let balance = 0;
    let roundUps = 0;
    if (purchases.length) {
      const stored = await tx
        .insert(bankPurchases)
        .values(
          purchases.map((p) => ({
            userId: member.id,
            bankAccountId: bankId,
            provider: "sandbox" as const,
            providerTransactionId: p.id,
            amountCents: p.amountCents,
            merchantName: p.merchantName,
            description: p.description,
            postedAt: p.postedAt,
            roundUpCents: roundUpCents(p.amountCents),
            createdAt: p.postedAt,
          })),
        )
        .returning();
      const credits = stored.filter((p) => p.roundUpCents > 0);
      // Round-ups older than a week were collected (one settled debit); the rest are on their way.
      const collectedBefore = new Date(now.getTime() - 7 * DAY);
      const collected = credits.filter((p) => p.postedAt < collectedBefore);
      roundUps = collected.reduce((s, p) => s + p.roundUpCents, 0);
      const [collection] = roundUps
        ? await tx
            .insert(roundUpCollections)
            .values({
              userId: member.id,
              bankAccountId: bankId,
              amountCents: roundUps,
              status: "completed",
              providerDebitId: `sbx-seed-debit-${member.id}`,
              nextCheckAt: collectedBefore,
              createdAt: new Date(collectedBefore.getTime() - 2 * DAY),
              settledAt: collectedBefore,
            })
            .returning()
        : [];
      if (credits.length) {
        await tx.insert(walletTransactions).values(
          credits.map((p) => ({
            userId: member.id,
            type: "round_up" as const,
            status: p.postedAt < collectedBefore ? ("completed" as const) : ("pending" as const),
            amountCents: p.roundUpCents,
            description: WALLET_TEXT.roundUpOn(formatCents(p.amountCents)),
            merchantName: p.merchantName ?? p.description,
            bankPurchaseId: p.id,
            collectionId: p.postedAt < collectedBefore ? collection?.id : null,
            createdAt: p.postedAt,
          })),
        );
      }
      balance += roundUps;
    }

    const depositAt = new Date(now.getTime() - 20 * DAY);
    await tx.insert(walletTransactions).values({
      userId: member.id,
      type: "deposit",
      status: "completed",
      amountCents: 2000,
      description: WALLET_TEXT.addedFundsFrom("Visa •••• 4242"),
      gatewayTransactionId: `sbx_ch_demo_${member.id.slice(0, 8)}`,
      createdAt: depositAt,
    });
    balance += 2000;

    const giftAmount = Math.min(1500, balance);
    const giftAt = new Date(now.getTime() - 9 * DAY);
    const [general] = await tx.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true));
    const [gift] = await tx.insert(gifts).values({ userId: member.id, amountCents: giftAmount, fundId: general.id, status: "COMPLETED", method: "wallet", createdAt: giftAt }).returning();
    await tx.insert(walletTransactions).values({
      userId: member.id,
      type: "payment",
      status: "completed",
      amountCents: giftAmount,
      description: WALLET_TEXT.giftTo(opts.churchName),
      giftId: gift.id,
      createdAt: giftAt,
    });
    balance -= giftAmount;

    await tx
      .insert(wallets)
      .values({ userId: member.id, balanceCents: balance, roundUpAccumulatedCents: roundUps, updatedAt: now })
      .onConflictDoUpdate({ target: wallets.userId, set: { balanceCents: balance, roundUpAccumulatedCents: roundUps, updatedAt: now } });
  });
}
