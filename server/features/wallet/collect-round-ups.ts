/**
 * Collecting round-ups from the member's bank (docs/decisions/0024-collecting-round-ups.md).
 * A round-up is written `pending` (process-round-ups.ts): its money is still in the member's
 * bank. The collections job (server/jobs/round-up-collections.ts) runs the steps here:
 *
 * 1. claimDueCollection: one linked bank (round-ups on) whose uncollected round-ups reach the
 *    minimum, or whose oldest has waited a week, is locked with FOR UPDATE SKIP LOCKED; in that
 *    transaction a collection row (`initiating`) is written and the round-ups are tied to it.
 *    A round-up belongs to at most one collection, so two instances never collect it twice.
 * 2. startDebit, outside any transaction: one ACH debit for the sum, with the collection's id as
 *    the idempotency key (a retry after a crash finds the same debit), then the debit id is
 *    stored and the collection is `pending`. A bank that cannot be reached leaves it
 *    `initiating`, retried when its lease ends; a declined debit fails it.
 * 3. checkCollection: a pending debit's status is read at most hourly. Settled: in one
 *    transaction under the wallet lock the collection and its round-ups become `completed` and
 *    the balance and the round-ups saved grow by their sum (the only place round-ups reach the
 *    balance). Failed or returned: the collection and its round-ups become `failed` (nothing is
 *    reversed: they were never in the balance) and the member is emailed, once (notifiedAt).
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { bankAccounts, bankPurchases, roundUpCollections, roundUpSettings, walletTransactions } from "../../db/schema/wallet";
import { users } from "../../db/schema/users";
import { DebitDeclined, type Debit } from "../../providers/bank/port";
import { renderEmail } from "../../shared/email/layout";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import { formatCents } from "../../../contract/money";
import { ROUNDUP_COLLECT_AFTER_DAYS, WALLET_TEXT } from "../../../contract/wallet";
import { openAccessToken } from "../../shared/bank-token";
import { credit, lockWallet } from "../../shared/money/wallet-ledger";
import { giveLeftBalance } from "../../shared/money/left-balance";
import { roundsUpNow } from "./roundup-setting";
import { enqueueEmail } from "../../shared/email/outbox";

type Collection = typeof roundUpCollections.$inferSelect;
type BankAccount = typeof bankAccounts.$inferSelect;

/** An `initiating` collection (or an unsent failure email) is tried again after this. */
export const COLLECTION_LEASE_MS = 10 * 60_000;
/** A pending debit's status is read at most this often (ACH takes one to three business days). */
export const COLLECTION_CHECK_EVERY_MS = 3600_000;
const DAY_MS = 86_400_000;

const uncollected = and(eq(walletTransactions.type, "round_up"), eq(walletTransactions.status, "pending"), isNull(walletTransactions.collectionId));

/** Claims one bank whose round-ups are due for collection and writes its `initiating` collection. Null when none is due. */
export async function claimDueCollection(deps: Deps): Promise<{ collection: Collection; account: BankAccount } | null> {
  const now = deps.now();
  const waitedSince = new Date(now.getTime() - ROUNDUP_COLLECT_AFTER_DAYS * DAY_MS).toISOString();
  const min = deps.config.roundUpCollectMinCents;
  return deps.db.transaction(async (tx) => {
    // Due: the bank's uncollected round-ups reach the minimum, or the oldest was recorded a week ago.
    const [due] = await tx
      .select({ account: bankAccounts })
      .from(bankAccounts)
      .innerJoin(roundUpSettings, eq(roundUpSettings.userId, bankAccounts.userId))
      .where(
        and(
          roundsUpNow(deps.bank.kind),
          sql`(select coalesce(sum(t.amount_cents), 0) >= ${min} or min(p.created_at) <= ${waitedSince}::timestamptz
               from wallet_transactions t join bank_purchases p on p.id = t.bank_purchase_id
               where p.bank_account_id = ${bankAccounts.id} and t.type = 'round_up' and t.status = 'pending' and t.collection_id is null)`,
        ),
      )
      .orderBy(asc(bankAccounts.linkedAt))
      .limit(1)
      .for("update", { of: bankAccounts, skipLocked: true });
    if (!due) return null;
    const account = due.account;
    // Under the bank's lock: a sync of this bank (which moves its cursor first) waits, so the set is stable.
    const rows = await tx
      .select({ id: walletTransactions.id, amountCents: walletTransactions.amountCents })
      .from(walletTransactions)
      .innerJoin(bankPurchases, eq(bankPurchases.id, walletTransactions.bankPurchaseId))
      .where(and(eq(walletTransactions.userId, account.userId), uncollected, eq(bankPurchases.bankAccountId, account.id)))
      .for("update", { of: walletTransactions });
    const amountCents = rows.reduce((s, r) => s + r.amountCents, 0);
    if (amountCents <= 0) return null;
    const [collection] = await tx
      .insert(roundUpCollections)
      .values({
        userId: account.userId,
        bankAccountId: account.id,
        amountCents,
        status: "initiating",
        nextCheckAt: new Date(now.getTime() + COLLECTION_LEASE_MS),
        createdAt: now,
      })
      .returning();
    await tx
      .update(walletTransactions)
      .set({ collectionId: collection.id })
      .where(
        and(
          inArray(
            walletTransactions.id,
            rows.map((r) => r.id),
          ),
          uncollected,
        ),
      );
    return { collection, account };
  });
}

/** Starts (or, with the same key, finds) the collection's debit and records it. Outside any transaction. */
export async function startDebit(deps: Deps, collection: Collection, account: BankAccount) {
  if (!account.accessTokenSealed || account.unlinkedAt || account.provider !== deps.bank.kind) {
    return failCollection(deps, collection.id, WALLET_TEXT.roundUpsUnlinked);
  }
  const [holder] = await deps.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, collection.userId));
  let debit: Debit;
  try {
    debit = await deps.bank.createDebit({
      accessToken: openAccessToken(deps.secrets, account.id, account.accessTokenSealed),
      accountId: account.providerAccountId,
      amountCents: collection.amountCents,
      idempotencyKey: collection.id,
      legalName: `${holder?.firstName ?? ""} ${holder?.lastName ?? ""}`.trim() || "Church member",
    });
  } catch (err) {
    // Declined: nothing will move. Anything else (unreachable): retried when the lease ends.
    if (err instanceof DebitDeclined) return failCollection(deps, collection.id, err.reason);
    throw err;
  }
  const now = deps.now();
  await deps.db
    .update(roundUpCollections)
    .set({ providerDebitId: debit.id, status: "pending", nextCheckAt: new Date(now.getTime() + COLLECTION_CHECK_EVERY_MS) })
    .where(and(eq(roundUpCollections.id, collection.id), eq(roundUpCollections.status, "initiating")));
  await applyDebitStatus(deps, collection.id, debit);
}

/** Claims one collection due for its next step (start its debit, read its status, or tell the member of a failure) and pushes its lease on. */
export async function claimCollectionToCheck(deps: Deps): Promise<Collection | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select()
      .from(roundUpCollections)
      .where(
        and(
          lte(roundUpCollections.nextCheckAt, now),
          or(
            inArray(roundUpCollections.status, ["initiating", "pending"]),
            and(eq(roundUpCollections.status, "failed"), isNull(roundUpCollections.notifiedAt)),
          ),
        ),
      )
      .orderBy(asc(roundUpCollections.nextCheckAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const wait = due.status === "pending" ? COLLECTION_CHECK_EVERY_MS : COLLECTION_LEASE_MS;
    await tx
      .update(roundUpCollections)
      .set({ nextCheckAt: new Date(now.getTime() + wait) })
      .where(eq(roundUpCollections.id, due.id));
    return due;
  });
}

/** The next step of a claimed collection. */
export async function checkCollection(deps: Deps, collection: Collection) {
  if (collection.status === "initiating") {
    const [account] = await deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, collection.bankAccountId));
    return startDebit(deps, collection, account);
  }
  if (collection.status === "pending" && collection.providerDebitId) {
    return applyDebitStatus(deps, collection.id, await deps.bank.getDebit(collection.providerDebitId));
  }
  if (collection.status === "failed" && !collection.notifiedAt) return sendCollectionFailedEmail(deps, collection.id);
}

async function applyDebitStatus(deps: Deps, collectionId: string, debit: Debit) {
  if (debit.status === "settled") return settleCollection(deps, collectionId);
  if (debit.status === "failed" || debit.status === "returned") return failCollection(deps, collectionId, debit.failureReason ?? `The debit was ${debit.status}`);
}

/** The debit settled: the collection and its round-ups complete and their money becomes the member's balance, once. */
export async function settleCollection(deps: Deps, collectionId: string) {
  const [c] = await deps.db.select({ userId: roundUpCollections.userId }).from(roundUpCollections).where(eq(roundUpCollections.id, collectionId));
  if (!c) return;
  await deps.db.transaction(async (tx) => {
    await lockWallet(tx, c.userId);
    const now = deps.now();
    const done = await tx
      .update(roundUpCollections)
      .set({ status: "completed", settledAt: now })
      .where(and(eq(roundUpCollections.id, collectionId), eq(roundUpCollections.status, "pending")))
      .returning({ id: roundUpCollections.id });
    if (done.length === 0) return;
    const ups = await tx
      .update(walletTransactions)
      .set({ status: "completed" })
      .where(and(eq(walletTransactions.collectionId, collectionId), eq(walletTransactions.status, "pending")))
      .returning({ amountCents: walletTransactions.amountCents });
    const total = ups.reduce((s, r) => s + r.amountCents, 0);
    if (total > 0) await credit(tx, c.userId, total, now, { roundUp: true });
    // A member who deleted their account meanwhile: the money goes where the rest of their
    // balance went, to the default fund (decision 0117).
    const [owner] = await tx.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, c.userId));
    if (total > 0 && owner?.deletedAt) await giveLeftBalance(tx, deps.church.name, c.userId, now);
  });
}

/** Refused or returned: the collection and its round-ups fail (they were never in the balance), and the member is told in the same transaction. */
export async function failCollection(deps: Deps, collectionId: string, reason: string) {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(roundUpCollections)
      .set({ status: "failed", failureReason: reason.slice(0, 500), nextCheckAt: new Date(deps.now().getTime() + COLLECTION_LEASE_MS) })
      .where(and(eq(roundUpCollections.id, collectionId), inArray(roundUpCollections.status, ["initiating", "pending"])))
      .returning({ id: roundUpCollections.id });
    if (rows.length === 0) return;
    await tx
      .update(walletTransactions)
      .set({ status: "failed", failureReason: WALLET_TEXT.roundUpsNotCollected })
      .where(and(eq(walletTransactions.collectionId, collectionId), eq(walletTransactions.status, "pending")));
    // The member is told with the change: the email commits with the failure or not at all.
    await queueCollectionFailedEmail(deps, tx, collectionId);
  });
}

/** Upper bound of steps per pass, so one pass always ends (the rest waits for the next). */
const MAX_STEPS = 500;

/**
 * One pass of the collections job: first every collection due a step (start its debit, read
 * its status, email a failure), then every bank whose round-ups are due. Returns what it did;
 * a step that fails is reported and retried after its lease.
 */
export async function collectRoundUps(deps: Deps, onError: (err: unknown) => void = () => undefined) {
  let checked = 0;
  let started = 0;
  for (let i = 0; i < MAX_STEPS; i++) {
    const c = await claimCollectionToCheck(deps);
    if (!c) break;
    try {
      await checkCollection(deps, c);
      checked += 1;
    } catch (err) {
      onError(err);
    }
  }
  for (let i = 0; i < MAX_STEPS; i++) {
    const claimed = await claimDueCollection(deps);
    if (!claimed) break;
    try {
      await startDebit(deps, claimed.collection, claimed.account);
      started += 1;
    } catch (err) {
      onError(err);
    }
  }
  return { checked, started };
}

/**
 * Test hook (TEST_HOOKS only, for the browser tests): makes the member's open collections due
 * now and runs one pass, so "pending -> available" can be driven without waiting for the clock.
 */
export async function collectRoundUpsNow(deps: Deps, userId: string) {
  await deps.db
    .update(roundUpCollections)
    .set({ nextCheckAt: deps.now() })
    .where(and(eq(roundUpCollections.userId, userId), inArray(roundUpCollections.status, ["initiating", "pending"])));
  return collectRoundUps(deps);
}

export function renderCollectionFailedEmail(d: { churchName: string; firstName: string; amountCents: number; bank: string; reason: string; walletUrl: string; locale?: Locale }) {
  const locale = d.locale ?? DEFAULT_LOCALE;
  const all = messagesFor(locale);
  const m = all.email.roundUpsNotCollected;
  const amount = formatCents(d.amountCents);
  const subject = m.subject(amount);
  const paragraphs = [m.tried(amount, d.bank, d.reason), m.noMoneyTaken];
  return renderEmail({
    locale,
    subject,
    blocks: [
      { heading: m.heading, text: null },
      { paragraph: all.email.receipt.dear(d.firstName) },
      ...paragraphs.map((p) => ({ paragraph: p })),
      { link: m.open, href: d.walletUrl, text: m.yourWallet(d.walletUrl) },
      { signOff: [all.email.recurringFailed.thanks, d.churchName] },
    ],
  });
}

/**
 * Queues the email about a failed collection, once, in the caller's transaction: notifiedAt is
 * claimed with the queued email, so two instances never both queue it and a claim never stands
 * without its email (sent in the background, decision 0101).
 */
export async function queueCollectionFailedEmail(deps: Deps, tx: Tx, collectionId: string) {
  const claimed = await tx
    .update(roundUpCollections)
    .set({ notifiedAt: deps.now() })
    .where(and(eq(roundUpCollections.id, collectionId), eq(roundUpCollections.status, "failed"), isNull(roundUpCollections.notifiedAt)))
    .returning({ id: roundUpCollections.id });
  if (claimed.length === 0) return;
  const [row] = await tx
    .select({ collection: roundUpCollections, email: users.email, firstName: users.firstName, locale: users.locale, bank: bankAccounts.institutionName })
    .from(roundUpCollections)
    .innerJoin(users, eq(users.id, roundUpCollections.userId))
    .innerJoin(bankAccounts, eq(bankAccounts.id, roundUpCollections.bankAccountId))
    .where(eq(roundUpCollections.id, collectionId));
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const msg = renderCollectionFailedEmail({
    churchName: deps.church.name,
    firstName: row.firstName,
    amountCents: row.collection.amountCents,
    bank: row.bank,
    reason: row.collection.failureReason ?? messagesFor(locale).email.roundUpsNotCollected.returned,
    walletUrl: `${deps.config.publicUrl}/giving?tab=wallet`,
    locale,
  });
  await enqueueEmail(tx, { kind: "account", to: row.email, ...msg }, deps.now());
}

/** queueCollectionFailedEmail in a transaction of its own: for a failed collection whose email was never queued. */
export async function sendCollectionFailedEmail(deps: Deps, collectionId: string) {
  await deps.db.transaction((tx) => queueCollectionFailedEmail(deps, tx, collectionId));
}
