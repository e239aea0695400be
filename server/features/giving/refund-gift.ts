/**
 * Refunds and voids of a gift (issue 19; decision 0119): POST /api/admin/giving/gifts/:id/refund
 * for the OWNER and finance holders, through the one money path (runChargeRequest: the
 * Idempotency-Key, the money rate limit, a 503 when the gateway is unreachable).
 *
 * What can be refunded is the gift and the fee its giver covered (what the card was charged),
 * less earlier refunds; a refund returns the gift first, then the fee. How it reaches the donor
 * depends on how the gift was paid:
 *   - a card gift, by the gateway: an unsettled charge is voided (whole only: the gateway cannot
 *     refund a charge that has not settled, so a partial refund before settlement is a 400), a
 *     settled one refunded (in part or whole, repeatedly);
 *   - a gift from the wallet balance, back into the wallet (a `refund` wallet transaction),
 *     with no gateway;
 *   - a gift with neither (cash, check): recorded with no gateway call; the church returns the
 *     money by hand (the donor's email says so).
 *
 * Never more than was given, under any concurrency: the gift's row is locked (FOR UPDATE) while
 * the amount is checked and added to gifts.refunded_cents (a check constraint holds it within
 * amount + fee too). A card refund is reserved that way (a `pending` gift_refunds row) and
 * committed before the gateway is called, so no lock is held across the network; its outcome
 * then completes the row (the gateway's id, the audit row, the donor's email and the stored
 * answer in one transaction) or, for a refusal, marks it failed and gives its cents back (402).
 * An unreachable gateway gives the reservation back and answers 503; a retry with the same key
 * sends the same gateway key, so a refund whose answer was lost is answered, not made again.
 * A server that dies after the gateway answered leaves the reservation pending: the retry with
 * the same key (after the key's lease) finds that row by its request key and completes it.
 *
 * The audit log holds every refund that reached the gateway, whatever came of it (decision
 * 0135): `giving.refund` with outcome "completed", or `giving.refund.failed` with outcome
 * "declined" (402, the gateway's reason) or "gateway-unavailable" (503), each written in the
 * transaction that settles the reservation, so a failed attempt is never missing from the log.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { funds, giftRefunds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { givingBatches } from "../../db/schema/giving-batches";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { walletTransactions } from "../../db/schema/wallet";
import type { AuthUser } from "../../http/auth";
import { GatewayUnavailableError, type RefundResult } from "../../providers/payments/port";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { storeAnswer, type StoredAnswer } from "../../shared/money/idempotency";
import type { Charge } from "../../shared/money/charge-request";
import { credit, lockWallet } from "../../shared/money/wallet-ledger";
import { fundName } from "../../shared/money/funds";
import { paidWith } from "../../shared/money/send-gift-receipt";
import { enqueueEmail } from "../../shared/email/outbox";
import { renderEmail } from "../../shared/email/layout";
import { messagesFor } from "../../i18n";
import { formatCents } from "../../../contract/money";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { REFUNDS_TEXT, type RefundMethod, type RefundResponse } from "../../../contract/giving-refunds";
import { WALLET_TEXT } from "../../../contract/wallet-text";

type GiftRow = typeof gifts.$inferSelect;
type RefundRow = typeof giftRefunds.$inferSelect;

/** What is still refundable: what the card was charged (gift + covered fee) less the refunds so far. */
export const refundableCents = (g: Pick<GiftRow, "amountCents" | "feeCents" | "refundedCents">) => g.amountCents + g.feeCents - g.refundedCents;

const actorName = (a: AuthUser) => `${a.firstName} ${a.lastName}`.trim() + ` <${a.email}>`;

async function lockGift(tx: Tx, giftId: string): Promise<GiftRow> {
  const [g] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for("update");
  if (!g) throw notFound(REFUNDS_TEXT.giftNotFound);
  return g;
}

/** The gift's wallet payment, if it was given from the wallet balance. */
async function walletPaymentOf(tx: Tx, giftId: string) {
  const [row] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.giftId, giftId), eq(walletTransactions.type, "payment")));
  return row ?? null;
}

/** The checks every refund passes, under the gift's lock: a completed gift, something left, no more than that. */
function checkAmount(g: GiftRow, requested: number | undefined): number {
  if (g.status !== "COMPLETED") throw badRequest("params.id", REFUNDS_TEXT.notCompleted);
  const left = refundableCents(g);
  if (left <= 0) throw conflict(REFUNDS_TEXT.alreadyRefunded);
  const amount = requested ?? left;
  if (amount > left) throw badRequest("body.amountCents", REFUNDS_TEXT.overRemaining(formatCents(left)));
  return amount;
}

function answerFor(r: RefundRow, g: Pick<GiftRow, "id" | "amountCents" | "feeCents" | "refundedCents">): StoredAnswer {
  const body: RefundResponse = {
    refund: { id: r.id, giftId: r.giftId, amountCents: r.amountCents, method: r.method, reason: r.reason, createdAt: r.createdAt.toISOString() },
    gift: { id: g.id, refundedCents: g.refundedCents, refundableCents: refundableCents(g) },
  };
  return { status: 201, body };
}

/**
 * Who is told of a gift's refund: its member (unless the account was deleted); or, for a cash or
 * check gift of a donor without an account, the name and email entered on its batch line (in
 * English: such a donor chose no language, as for their year-end statement); an anonymous gift,
 * or a batch donor without an email, tells nobody.
 */
async function refundRecipient(tx: Tx, g: GiftRow): Promise<{ email: string; firstName: string; locale: string | null; nameEn: string; nameEs: string } | null> {
  if (g.userId) {
    const [row] = await tx
      .select({ email: users.email, firstName: users.firstName, locale: users.locale, deletedAt: users.deletedAt, nameEn: funds.nameEn, nameEs: funds.nameEs })
      .from(users)
      .innerJoin(funds, eq(funds.id, g.fundId))
      .where(eq(users.id, g.userId));
    return row && !row.deletedAt && row.email ? row : null;
  }
  const [line] = await tx
    .select({ email: givingBatchLines.donorEmail, name: givingBatchLines.donorName, nameEn: funds.nameEn, nameEs: funds.nameEs })
    .from(givingBatchLines)
    .innerJoin(funds, eq(funds.id, g.fundId))
    .where(eq(givingBatchLines.giftId, g.id));
  return line?.email ? { email: line.email, firstName: line.name ?? "", locale: null, nameEn: line.nameEn, nameEs: line.nameEs } : null;
}

/**
 * The donor's email, in their language, queued in the refund's transaction: how much, from which
 * gift, why, and where the money goes (the card, the wallet, or the church office).
 */
async function queueRefundEmail(deps: Deps, tx: Tx, r: RefundRow, g: GiftRow) {
  const row = await refundRecipient(tx, g);
  if (!row) return;
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const msg = messagesFor(locale).email;
  const m = msg.refund;
  const intl = INTL_LOCALE[locale];
  const amount = formatCents(r.amountCents, intl);
  const card = paidWith(g.cardBrand, g.cardLastFour, locale);
  const to: Record<RefundMethod, string> = { void: m.voided(card), refund: m.toCard(card), wallet: m.toWallet, manual: m.byHand };
  const netGift = Math.max(g.amountCents - g.refundedCents, 0);
  const church = deps.church;
  const email = renderEmail({
    locale,
    subject: m.subject(amount, church.name),
    blocks: [
      { heading: m.heading, text: null },
      { paragraph: msg.receipt.dear(row.firstName) },
      { paragraph: m.body(amount, church.name) },
      {
        facts: [
          [m.refunded, amount],
          [m.gift, `${formatCents(g.amountCents + g.feeCents, intl)} · ${fundName(row, locale)}`],
          [m.giftDate, g.createdAt.toLocaleDateString(intl, { timeZone: church.timeZone, year: "numeric", month: "long", day: "numeric" })],
          [m.reason, r.reason],
          [m.refundedTo, to[r.method]],
          [m.nowCounts, formatCents(netGift, intl)],
          [msg.receipt.reference, g.id],
        ],
      },
      { paragraph: [m.statement, m.questions(church.name)], small: true },
      { signOff: [church.name] },
    ],
  });
  await enqueueEmail(tx, { kind: "giving", to: row.email, ...email }, deps.now());
}

/** A completed refund's record: the audit row and the donor's email, in the refund's transaction. */
async function recordCompleted(deps: Deps, tx: Tx, actor: AuthUser, r: RefundRow, g: GiftRow) {
  await audit(
    tx,
    actor,
    "giving.refund",
    { giftId: g.id, donorId: g.userId, refundId: r.id, amountCents: r.amountCents, method: r.method, reason: r.reason, refundedCents: g.refundedCents, outcome: "completed" },
    deps.now(),
  );
  await queueRefundEmail(deps, tx, r, g);
}

/**
 * A refund the gateway did not make (decision 0135): who tried, which gift and donor, how much,
 * why, and what happened, in the transaction that gives the reservation back. `declined`: the
 * gateway refused (402, its reason kept); `gateway-unavailable`: it could not be reached (503);
 * `error`: anything else the call threw (a 500 to the asker).
 */
async function recordFailed(
  deps: Deps,
  tx: Tx,
  actor: AuthUser,
  r: RefundRow,
  g: Pick<GiftRow, "id" | "userId" | "refundedCents">,
  outcome: "declined" | "gateway-unavailable" | "error",
  status: number,
  gatewayReason: string | null,
) {
  await audit(
    tx,
    actor,
    "giving.refund.failed",
    { giftId: g.id, donorId: g.userId, refundId: r.id, amountCents: r.amountCents, method: r.method, reason: r.reason, refundedCents: g.refundedCents, outcome, status, gatewayReason },
    deps.now(),
  );
}

export async function refundGift(charge: Charge, actor: AuthUser, giftId: string, body: { amountCents?: number; reason: string }): Promise<StoredAnswer> {
  const { deps, userId, key } = charge;
  const requestKey = `refund:${userId}:${key}`;

  // Where the card charge is at the gateway, asked before any lock is taken (a read).
  const [peek] = await deps.db.select().from(gifts).where(eq(gifts.id, giftId));
  if (!peek) throw notFound(REFUNDS_TEXT.giftNotFound);
  const settlement = peek.gatewayTransactionId && peek.status === "COMPLETED" ? await deps.payments.settlement(peek.gatewayTransactionId, peek.createdAt) : null;

  // 1. Under the gift's lock: check, and either finish a refund with no gateway or reserve a card refund.
  const step = await deps.db.transaction(async (tx): Promise<{ done: StoredAnswer } | { pending: RefundRow; gift: GiftRow }> => {
    // A gift of an open cash and check batch is still the treasurer's draft: the batch changes it
    // (or removes it). The batch is locked in share mode before the gift, in the order the batch's
    // own changes take them (batch, then its gifts), so the two never deadlock.
    if (peek.batchId) {
      const [batch] = await tx.select({ status: givingBatches.status }).from(givingBatches).where(eq(givingBatches.id, peek.batchId)).for("share");
      if (batch?.status === "open") throw conflict(REFUNDS_TEXT.batchOpen);
    }
    const g = await lockGift(tx, giftId);
    const [resumed] = await tx.select().from(giftRefunds).where(and(eq(giftRefunds.requestKey, requestKey), eq(giftRefunds.status, "pending")));
    if (resumed) return { pending: resumed, gift: g };
    const amount = checkAmount(g, body.amountCents);
    const now = deps.now();
    const row = { giftId, amountCents: amount, reason: body.reason, actorId: actor.id, actorName: actorName(actor), requestKey, createdAt: now };

    if (g.gatewayTransactionId) {
      if (settlement === "unknown" || settlement === "voided") throw badRequest("params.id", REFUNDS_TEXT.gatewayHasNoCharge);
      const method: RefundMethod = settlement === "unsettled" ? "void" : "refund";
      // A void cancels the whole charge: only when nothing was refunded yet and all of it is asked for.
      if (method === "void" && (g.refundedCents > 0 || amount !== g.amountCents + g.feeCents)) throw badRequest("body.amountCents", REFUNDS_TEXT.notSettledPartial);
      const [pending] = await tx
        .insert(giftRefunds)
        .values({ ...row, method, status: "pending" })
        .returning();
      const [reserved] = await tx
        .update(gifts)
        .set({ refundedCents: sql`${gifts.refundedCents} + ${amount}` })
        .where(and(eq(gifts.id, giftId), sql`${gifts.refundedCents} + ${amount} <= ${gifts.amountCents} + ${gifts.feeCents}`))
        .returning();
      if (!reserved) throw conflict(REFUNDS_TEXT.alreadyRefunded); // unreachable under the lock; the check constraint agrees
      return { pending, gift: reserved };
    }

    // No gateway: the wallet, or cash and checks. Done in this one transaction.
    const payment = await walletPaymentOf(tx, giftId);
    let walletTransactionId: string | null = null;
    if (payment && g.userId) {
      await lockWallet(tx, g.userId);
      await credit(tx, g.userId, amount, now);
      const [credited] = await tx
        .insert(walletTransactions)
        .values({ userId: g.userId, type: "refund", status: "completed", amountCents: amount, description: WALLET_TEXT.giftRefundedFrom(deps.church.name), createdAt: now })
        .returning({ id: walletTransactions.id });
      walletTransactionId = credited.id;
    }
    const [updated] = await tx
      .update(gifts)
      .set({ refundedCents: sql`${gifts.refundedCents} + ${amount}` })
      .where(eq(gifts.id, giftId))
      .returning();
    const [refund] = await tx
      .insert(giftRefunds)
      .values({ ...row, method: payment ? "wallet" : "manual", status: "completed", walletTransactionId })
      .returning();
    await recordCompleted(deps, tx, actor, refund, updated);
    const answer = answerFor(refund, updated);
    await storeAnswer(tx, userId, key, answer);
    return { done: answer };
  });
  if ("done" in step) return step.done;

  // 2. The gateway, with no lock held. The gateway key is the request key: a repeat is the same void or refund.
  const { pending, gift } = step;
  let result: RefundResult;
  try {
    result =
      pending.method === "void"
        ? await deps.payments.voidCharge(gift.gatewayTransactionId!, requestKey)
        : await deps.payments.refundCharge({ transactionId: gift.gatewayTransactionId!, amountCents: pending.amountCents, cardLastFour: gift.cardLastFour ?? "" }, requestKey);
  } catch (err) {
    // Unreachable (503 from the money path): give the reservation back; the retry with the same key reserves again.
    // The attempt is audited in the same transaction (the row it names is deleted: its id stays in the log).
    const unavailable = err instanceof GatewayUnavailableError;
    await deps.db.transaction(async (tx) => {
      await lockGift(tx, giftId);
      const gone = await tx.delete(giftRefunds).where(and(eq(giftRefunds.id, pending.id), eq(giftRefunds.status, "pending"))).returning();
      const [g] = gone.length
        ? await tx.update(gifts).set({ refundedCents: sql`${gifts.refundedCents} - ${pending.amountCents}` }).where(eq(gifts.id, giftId)).returning()
        : await tx.select().from(gifts).where(eq(gifts.id, giftId));
      await recordFailed(deps, tx, actor, pending, g, unavailable ? "gateway-unavailable" : "error", unavailable ? 503 : 500, null);
    });
    throw err;
  }

  // 3. The outcome, its record and its answer in one transaction.
  return deps.db.transaction(async (tx) => {
    const g = await lockGift(tx, giftId);
    if (!result.ok) {
      await tx.update(giftRefunds).set({ status: "failed", failureReason: result.reason }).where(eq(giftRefunds.id, pending.id));
      const [back] = await tx.update(gifts).set({ refundedCents: sql`${gifts.refundedCents} - ${pending.amountCents}` }).where(eq(gifts.id, giftId)).returning();
      await recordFailed(deps, tx, actor, pending, back ?? g, "declined", 402, result.reason);
      const answer: StoredAnswer = { status: 402, body: { error: result.reason, code: "PAYMENT_FAILED" } };
      await storeAnswer(tx, userId, key, answer);
      return answer;
    }
    const [refund] = await tx
      .update(giftRefunds)
      .set({ status: "completed", gatewayTransactionId: result.transactionId })
      .where(eq(giftRefunds.id, pending.id))
      .returning();
    await recordCompleted(deps, tx, actor, refund, g);
    const answer = answerFor(refund, g);
    await storeAnswer(tx, userId, key, answer);
    return answer;
  });
}
