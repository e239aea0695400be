import { and, eq, isNull, ne } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, sessions, passwordResets } from "../../db/schema/users";
import { hashPassword } from "../../security/passwords";
import { enqueueEmail } from "../../shared/email/outbox";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import type { ChangePasswordInput } from "../../../contract/account-security";
import { checkCurrentPassword } from "./current-password";
import { renderPasswordChangedEmail } from "./emails";

/**
 * POST /api/me/password. The current password is checked (limited: current-password.ts); then,
 * in one transaction, the new hash is stored, every OTHER session of the member is revoked (the
 * one asking stays signed in), outstanding reset links are retired, and an email tells the
 * member (no secret in it). The caller forgets the member's cached sessions; the revocation's
 * NOTIFY (migration 0010) makes every other process forget them and close their event streams.
 */
export async function changePassword(deps: Deps, userId: string, sessionId: string, input: ChangePasswordInput) {
  const user = await checkCurrentPassword(deps, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const email = renderPasswordChangedEmail({
    churchName: deps.church.name,
    accent: deps.church.accentColor,
    publicUrl: deps.config.publicUrl,
    firstName: user.firstName,
    locale,
  });
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    await enqueueEmail(tx, { kind: "account", to: user.email, ...email }, now);
  });
}
