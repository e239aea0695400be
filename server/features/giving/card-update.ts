/**
 * The card update link of a recurring gift that stopped (decision 0121). When the last retry
 * of a period fails, the job makes the gift FAILED and emails the giver
 * (send-recurring-failed-email.ts) a link made here: a random token whose SHA-256 alone is
 * kept (`card_update_links`), good for CARD_UPDATE_LINK_DAYS and for one use. The email is
 * marked sensitive, so staff reading the outbox never see the link (decision 0004).
 *
 * Opening the link (GET /api/giving/card-update?token=…, no sign-in needed: the link is the
 * key) shows the stopped gift; sending a new card (POST /api/giving/card-update) stores it at
 * the gateway (a customer profile, under the card-testing guard, decision 0105; nothing is
 * charged) and then, in one transaction under the link's and the gift's row locks: the gift
 * takes the new profile and card, becomes ACTIVE with its failures cleared, and its next date
 * is the first date of its schedule **after the missed period** that is today or later; the
 * link (and any other unused link of the gift) is used up.
 *
 * **No double charge, by construction.** The missed period keeps its FAILED gift row, and the
 * unique (recurring gift, period) index allows one outcome per period, so that period can never
 * be charged; the new next date is charged once by the recurring job like any other period
 * (its gateway key names the gift and period). The missed gift is not charged again: the
 * giver was told it stopped, and may give it now on Give if they wish (decision 0121). A link
 * used, expired or unknown is refused (400 on `token`); a gift no longer FAILED (resumed by
 * another link, cancelled) is 409.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { cardUpdateLinks } from "../../db/schema/statements";
import { funds, recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { AppError, conflict } from "../../http/app-error";
import { hashToken, newToken } from "../../http/tokens";
import { newCardGuard, cardFingerprint } from "../../shared/money/new-card-guard";
import { paymentFailed } from "../../shared/money/card-details";
import { fundName } from "../../shared/money/funds";
import type { CardDetails } from "../../providers/payments/port";
import type { Locale } from "../../../contract/i18n/locales";
import { CARD_UPDATE_LINK_DAYS, STATEMENTS_TEXT, type CardUpdateAnswer, type CardUpdateGift } from "../../../contract/giving-statements";
import type { z } from "zod";
import type { ZCardUpdateRequest } from "../../../contract/giving-statements";
import { dateInZone, nextPaymentDate } from "./next-payment-date";
import { firstDateFrom } from "./change-recurring-gift";

const invalidLink = () => new AppError("BAD_REQUEST", STATEMENTS_TEXT.linkInvalid, { issues: [{ path: "body.token", message: STATEMENTS_TEXT.linkInvalid }] });

/** Makes a link for the FAILED recurring gift `recurringId`, inside the caller's transaction; returns its URL. */
export async function issueCardUpdateLink(deps: Deps, tx: Db | Tx, recurringId: string): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await tx.insert(cardUpdateLinks).values({
    recurringGiftId: recurringId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CARD_UPDATE_LINK_DAYS * 86_400_000),
  });
  return `${deps.config.publicUrl}/giving/update-card?token=${encodeURIComponent(token)}`;
}

/** The link's row and its gift, when the link may still be used (unused, unexpired). `lock`: take both rows' locks. */
async function usableLink(deps: Deps, tx: Db | Tx, token: string, lock = false) {
  const q = tx
    .select({ link: cardUpdateLinks, gift: recurringGifts })
    .from(cardUpdateLinks)
    .innerJoin(recurringGifts, eq(recurringGifts.id, cardUpdateLinks.recurringGiftId))
    .where(and(eq(cardUpdateLinks.tokenHash, hashToken(token)), isNull(cardUpdateLinks.usedAt), sql`${cardUpdateLinks.expiresAt} > ${deps.now().toISOString()}::timestamptz`));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw invalidLink();
  if (row.gift.status !== "FAILED") throw conflict(STATEMENTS_TEXT.linkNotFailed);
  return row;
}

/** GET /api/giving/card-update: the stopped gift the link is for (amount, frequency, fund, the old card's last four, the giver's name and email to fill the form). */
export async function readCardUpdateLink(deps: Deps, token: string, locale: Locale): Promise<CardUpdateGift> {
  const { gift } = await usableLink(deps, deps.db, token);
  const [who] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, gift.userId));
  const [fund] = await deps.db.select().from(funds).where(eq(funds.id, gift.fundId));
  return {
    amountCents: gift.amountCents,
    feeCents: gift.feeCents,
    frequency: gift.frequency,
    fundName: fundName(fund, locale),
    cardBrand: gift.cardBrand,
    cardLastFour: gift.cardLastFour,
    firstName: who?.firstName ?? "",
    lastName: who?.lastName ?? "",
    email: who?.email ?? "",
  };
}

/** The first date of the gift's schedule after its missed period that is today or later. */
export function resumeDateAfterMissed(gift: Pick<typeof recurringGifts.$inferSelect, "frequency" | "nextPaymentDate" | "anchorDay">, today: string) {
  const afterMissed = nextPaymentDate(gift.frequency, gift.nextPaymentDate, gift.anchorDay);
  return firstDateFrom({ ...gift, nextPaymentDate: afterMissed }, today);
}

type Body = z.output<typeof ZCardUpdateRequest>;

/**
 * POST /api/giving/card-update. Returns the answer, or a 402 answer when the gateway refused the
 * card (the link stays usable for another card).
 */
export async function updateCardFromLink(deps: Deps, ip: string, log: FastifyBaseLogger, body: Body): Promise<{ status: 200; body: CardUpdateAnswer } | ReturnType<typeof paymentFailed>> {
  const { link } = await usableLink(deps, deps.db, body.token);
  const card: CardDetails = {
    number: body.cardNumber,
    expMonth: Number(body.expMonth),
    expYear: Number(body.expYear),
    cvv: body.cvv,
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    address: { line1: body.address, city: body.city, state: body.state.toUpperCase(), zip: body.zip },
  };
  // Stored at the gateway under the card-testing guard; nothing is charged. The key names the
  // link and the card, so a retried request stores that card once, and another card is a new attempt.
  const profile = await newCardGuard(deps, ip, log)(card, () => deps.payments.createCustomerProfile(card, `card-update:${link.id}:${cardFingerprint(deps, card).slice(0, 24)}`));
  if (!profile.ok) return paymentFailed(profile.reason);

  return deps.db.transaction(async (tx) => {
    const { gift } = await usableLink(deps, tx, body.token, true);
    const today = dateInZone(deps.church.timeZone, deps.now());
    const next = resumeDateAfterMissed(gift, today);
    await tx
      .update(recurringGifts)
      .set({
        status: "ACTIVE",
        gatewayProfileId: profile.profileId,
        cardBrand: profile.brand,
        cardLastFour: profile.lastFour,
        nextPaymentDate: next,
        failedAttempts: 0,
        retryDate: null,
        lastFailureReason: null,
      })
      .where(eq(recurringGifts.id, gift.id));
    await tx
      .update(cardUpdateLinks)
      .set({ usedAt: deps.now() })
      .where(and(eq(cardUpdateLinks.recurringGiftId, gift.id), isNull(cardUpdateLinks.usedAt)));
    return { status: 200 as const, body: { nextPaymentDate: next, cardBrand: profile.brand, cardLastFour: profile.lastFour } };
  });
}
