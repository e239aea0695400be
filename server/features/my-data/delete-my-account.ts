/**
 * "Delete my account" (DELETE /api/me, issue 20, decision 0117). The password is checked first
 * (a wrong one is a 400 on `password`); then, in ONE transaction:
 *   - the last OWNER is refused (409): the church would be left with nobody to run it;
 *   - every session is revoked (the session cache hears of it on every process through the
 *     sessions trigger, and the event streams of revoked sessions close, as sign-out does);
 *   - push subscriptions, passkeys, two-step secrets, reset tokens, photo, notes, comments,
 *     notifications and preferences, journeys and challenges are deleted; group memberships
 *     (and so leaderships) and requests end under each group's lock; event registrations are
 *     withdrawn under each event's lock, an upcoming place going to the first on the waitlist
 *     (shared/calendar-waitlist.ts, the calendar's own cancel path);
 *   - payment methods are deleted, and each card profile at the gateway (saved cards and
 *     recurring gifts') is queued for deletion there ("payments.delete-profile"); the bank link
 *     is dropped (its token revoke is queued: "bank.remove-item"); round-ups not yet collected fail;
 *   - the wallet's balance becomes a gift to the church's default fund (shared/money/left-balance.ts);
 *   - recurring gifts are cancelled; prayer requests become anonymous; testimonies and
 *     questions lose their author;
 *   - the user row stays as a tombstone (deleted_at) because the church's giving records must
 *     stay (tax law): its name, email, phone and password are erased, its email replaced by a
 *     unique non-address, so the same address can register again as a new member;
 *   - while a CRM is connected, the member's contact deletion is queued ("crm.delete-contact")
 *     and anything still waiting to be sent about them is cancelled;
 *   - every email still queued to their address is cancelled (deleted, with its text), except
 *     their giving records (receipts, refunds, statements: kind "giving", the church's records).
 */
import { and, asc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { Deps } from "../../deps";
import { emailChanges, memberPhotos, passwordResets, sessions, users } from "../../db/schema/users";
import { personalNotes } from "../../db/schema/notes";
import { prayerRequests } from "../../db/schema/prayer";
import { testimonies } from "../../db/schema/testimonies";
import { livestreamComments } from "../../db/schema/comments";
import { questions } from "../../db/schema/services";
import { idempotencyKeys, recurringGifts } from "../../db/schema/giving";
import { bankAccounts, bankPurchases, paymentMethods, roundUpSettings, walletTransactions, wallets } from "../../db/schema/wallet";
import { groupJoinRequests, groupMembers, journeyEnrolments, smallGroups, userChallenges } from "../../db/schema/connect";
import { directoryListings } from "../../db/schema/directory";
import { emailOptOuts, notificationOptOuts, notifications, pushSubscriptions } from "../../db/schema/notifications";
import { passkeys, recoveryCodes, signInTickets, totpSecrets } from "../../db/schema/two-step";
import { crmSyncItems, integrations, oauthStates } from "../../db/schema/integrations";
import { emailOutbox } from "../../db/schema/platform";
import { verifyPassword } from "../../security/passwords";
import { badRequest, conflict } from "../../http/app-error";
import { enqueueBackgroundCall } from "../../shared/background-calls";
import { withdrawAllRegistrations } from "../../shared/calendar-waitlist";
import { syncGroupCounts } from "../../shared/group-counts";
import { giveLeftBalance } from "../../shared/money/left-balance";
import { MY_DATA_TEXT } from "../../../contract/my-data-text";
import { WALLET_TEXT } from "../../../contract/wallet";

/** The erased member's name, and the email that takes the address's place (never an address: no "@"). */
export const DELETED_MEMBER = { firstName: "Deleted", lastName: "member", email: (userId: string) => `deleted-member:${userId}` } as const;
/** Not an argon2 hash: no password ever matches it. */
const NO_PASSWORD = "!deleted";

export async function deleteMyAccount(deps: Deps, userId: string, password: string) {
  const [me] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!(await verifyPassword(me?.passwordHash ?? null, password))) throw badRequest("password", MY_DATA_TEXT.wrongPassword);
  const now = deps.now();

  await deps.db.transaction(async (tx) => {
    // FOR NO KEY UPDATE, not FOR UPDATE: the rows below are locked by other work that then
    // inserts a row naming this member (a foreign key takes FOR KEY SHARE on the users row): an
    // event's lock then a registration, the reminders job's claimed registrations then their
    // notifications, the wallet lock then a ledger row. Holding FOR UPDATE here while waiting for
    // those locks would deadlock with them; NO KEY UPDATE lets their inserts through, and still
    // excludes a second deletion (or another owner's) of the same row.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("no key update");
    if (user.role === "OWNER") {
      // Every owner row is locked, so two owners deleting at once cannot both pass.
      const owners = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "OWNER"), isNull(users.deletedAt)))
        .for("no key update");
      if (owners.filter((o) => o.id !== userId).length === 0) throw conflict(MY_DATA_TEXT.lastOwner);
    }

    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    for (const t of [pushSubscriptions, passkeys, totpSecrets, recoveryCodes, signInTickets, passwordResets, oauthStates, memberPhotos] as const) {
      await tx.delete(t).where(eq(t.userId, userId));
    }

    // Money: under the wallet lock, as every wallet change is (server/shared/money/wallet-ledger.ts).
    await tx.insert(wallets).values({ userId }).onConflictDoNothing();
    await tx.select({ userId: wallets.userId }).from(wallets).where(eq(wallets.userId, userId)).for("update");
    // What the wallet holds becomes a gift to the default fund (the dialog said so, with the amount).
    await giveLeftBalance(tx, deps.church.name, userId, now);
    // Cards stored at the gateway (saved cards, and each recurring gift's own profile) are deleted
    // there too, in the background, once this commits; only the configured gateway's can be.
    const savedCards = await tx.delete(paymentMethods).where(eq(paymentMethods.userId, userId)).returning();
    const givingProfiles = await tx.select({ id: recurringGifts.gatewayProfileId }).from(recurringGifts).where(eq(recurringGifts.userId, userId));
    const profileIds = new Set([
      ...savedCards.filter((m) => m.gatewayProfileId && m.provider === deps.payments.kind).map((m) => m.gatewayProfileId!),
      ...givingProfiles.map((g) => g.id),
    ]);
    for (const profileId of profileIds) await enqueueBackgroundCall(tx, "payments.delete-profile", { profileId, provider: deps.payments.kind }, now);
    const banks = await tx.select().from(bankAccounts).where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.unlinkedAt)));
    for (const bank of banks) {
      await tx.update(bankAccounts).set({ unlinkedAt: now, accessTokenSealed: null }).where(eq(bankAccounts.id, bank.id));
      if (bank.accessTokenSealed && bank.provider === deps.bank.kind) {
        await enqueueBackgroundCall(tx, "bank.remove-item", { bankAccountId: bank.id, provider: bank.provider, sealedToken: bank.accessTokenSealed }, now);
      }
    }
    await tx
      .update(walletTransactions)
      .set({ status: "failed", failureReason: WALLET_TEXT.roundUpsUnlinked })
      .where(
        and(
          eq(walletTransactions.userId, userId),
          eq(walletTransactions.type, "round_up"),
          eq(walletTransactions.status, "pending"),
          isNull(walletTransactions.collectionId),
          inArray(walletTransactions.bankPurchaseId, tx.select({ id: bankPurchases.id }).from(bankPurchases).where(eq(bankPurchases.userId, userId))),
        ),
      );
    await tx.delete(roundUpSettings).where(eq(roundUpSettings.userId, userId));
    await tx
      .update(recurringGifts)
      .set({ status: "CANCELLED", retryDate: null })
      .where(and(eq(recurringGifts.userId, userId), ne(recurringGifts.status, "CANCELLED")));
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

    // What they wrote.
    await tx.delete(personalNotes).where(eq(personalNotes.userId, userId));
    await tx.delete(livestreamComments).where(eq(livestreamComments.userId, userId));
    await tx.update(prayerRequests).set({ isAnonymous: true, shareWithCareTeam: false }).where(eq(prayerRequests.userId, userId));
    await tx.update(testimonies).set({ userId: null }).where(eq(testimonies.userId, userId));
    await tx.update(questions).set({ userId: null }).where(eq(questions.userId, userId));

    // What they took part in and were told.
    // Event registrations are withdrawn as the member's own cancel would: under each event's lock,
    // a place they held in an upcoming occurrence goes to the first on its waitlist, once.
    await withdrawAllRegistrations(tx, userId, now);
    // Group memberships (leadership with them) and requests end under each group's lock, as every
    // change to who is in a group does (decision 0107), in id order.
    const groupIds = await tx
      .select({ id: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, userId))
      .union(tx.select({ id: groupJoinRequests.groupId }).from(groupJoinRequests).where(eq(groupJoinRequests.userId, userId)));
    if (groupIds.length) {
      await tx
        .select({ id: smallGroups.id })
        .from(smallGroups)
        .where(inArray(smallGroups.id, groupIds.map((g) => g.id)))
        .orderBy(asc(smallGroups.id))
        .for("update");
    }
    for (const t of [groupMembers, groupJoinRequests, userChallenges, journeyEnrolments, notifications, notificationOptOuts, emailOptOuts, directoryListings, emailChanges] as const) {
      await tx.delete(t).where(eq(t.userId, userId));
    }
    // Those groups' kept member and pending counts, under the locks taken above (decision 0125).
    await syncGroupCounts(
      tx,
      groupIds.map((g) => g.id),
    );

    // The CRM: nothing more is sent about them, and a contact already made there is deleted.
    const crmItems = await tx
      .select()
      .from(crmSyncItems)
      .where(
        or(
          and(eq(crmSyncItems.kind, "member"), eq(crmSyncItems.sourceId, userId)),
          and(eq(crmSyncItems.kind, "prayer"), inArray(crmSyncItems.sourceId, tx.select({ id: prayerRequests.id }).from(prayerRequests).where(eq(prayerRequests.userId, userId)))),
        ),
      );
    const pending = crmItems.filter((i) => i.status === "pending").map((i) => i.id);
    if (pending.length) {
      await tx.update(crmSyncItems).set({ status: "cancelled", lastError: "The member deleted their account", completedAt: now }).where(inArray(crmSyncItems.id, pending));
    }
    const [crmConnected] = await tx.select({ id: integrations.id }).from(integrations).where(eq(integrations.provider, "ghl"));
    const contactIds = [...new Set(crmItems.map((i) => i.contactId).filter((id): id is string => !!id))];
    if (crmConnected) {
      for (const contactId of contactIds) await enqueueBackgroundCall(tx, "crm.delete-contact", { contactId }, now);
    }

    // Mail: no more news, journey days, account or staff emails to the address. What is queued
    // and not a giving record is cancelled; a receipt or statement already queued still goes
    // (the church's giving records, decision 0117). One a sender is sending this moment may go.
    await tx.delete(emailOutbox).where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.status, "queued"), ne(emailOutbox.kind, "giving")));

    await tx
      .update(users)
      .set({
        email: DELETED_MEMBER.email(userId),
        firstName: DELETED_MEMBER.firstName,
        lastName: DELETED_MEMBER.lastName,
        phone: null,
        passwordHash: NO_PASSWORD,
        role: "MEMBER",
        deletedAt: now,
      })
      .where(eq(users.id, userId));
  });
}
