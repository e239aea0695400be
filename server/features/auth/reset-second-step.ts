/**
 * A lost second step (docs/decisions/0102, "Lost second step"): a staff member whose phone is
 * gone cannot sign in once the owner requires two-step sign-in, and their recovery codes may be
 * gone with it. An OWNER resets it from Admin, People: in one transaction the member's passkeys,
 * authenticator app, recovery codes and pending sign-ins are removed, every session is revoked
 * (the caller then tells the session cache, which closes their event streams on every server),
 * and the member is emailed through the outbox in their language. They then sign in with their
 * password and, if the church requires it, are sent to Profile to set up a new one.
 *
 * Not through this route: the owner's own second step (they change it on Profile, where the last
 * one of a staff member the church requires it of cannot be removed; another owner can reset
 * theirs). So the last owner can never strip their own second step here. Resetting a member who
 * has none is a 409 (nothing to reset, no needless email).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, sessions } from "../../db/schema/users";
import { passkeys, recoveryCodes, signInTickets, totpSecrets } from "../../db/schema/two-step";
import { conflict, notFound } from "../../http/app-error";
import { enqueueEmail } from "../../shared/email/outbox";
import { renderEmail } from "../../shared/email/layout";
import { messagesFor } from "../../i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { TWO_STEP_TEXT } from "../../../contract/two-step";
import { secondStepsOf } from "./two-step-policy";

export interface SecondStepReset {
  userId: string;
  passkeys: number;
  totp: boolean;
  sessionsRevoked: number;
}

export async function resetSecondStep(deps: Deps, ownerId: string, userId: string): Promise<SecondStepReset> {
  if (ownerId === userId) throw conflict(TWO_STEP_TEXT.resetSelf);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!member) throw notFound(ERROR_TEXT.userNotFound);
    const steps = await secondStepsOf(tx, userId);
    const pendingApp = await tx.select({ userId: totpSecrets.userId }).from(totpSecrets).where(eq(totpSecrets.userId, userId));
    if (steps.passkeys === 0 && pendingApp.length === 0) throw conflict(TWO_STEP_TEXT.resetNothing);
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    // A sign-in waiting for its second step must not complete with a method that is gone (its challenges go with it).
    await tx.delete(signInTickets).where(eq(signInTickets.userId, userId));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    const locale = isLocale(member.locale) ? member.locale : DEFAULT_LOCALE;
    await enqueueEmail(
      tx,
      { kind: "account", to: member.email, ...renderSecondStepResetEmail({ churchName: deps.church.name, accent: deps.church.accentColor, firstName: member.firstName, link: `${deps.config.publicUrl}/auth/login`, locale }) },
      now,
    );
    return { userId, passkeys: steps.passkeys, totp: steps.totp, sessionsRevoked: revoked.length };
  });
}

/** The email: what was removed, what to do next, and what to do if they did not ask. */
export function renderSecondStepResetEmail(d: { churchName: string; accent: string; firstName: string; link: string; locale: Locale }) {
  const m = messagesFor(d.locale).email.secondStepReset;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [
      { paragraph: m.hello(d.firstName) },
      { paragraph: [m.done(d.churchName), m.next] },
      { button: m.button, href: d.link, text: d.link },
      { paragraph: m.notYou, small: true, muted: true },
    ],
  });
}
