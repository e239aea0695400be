import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, passwordResets } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { hitDelay, hitRateLimit } from "../../http/rate-limit";
import { normalizeEmail } from "../../shared/public-user";
import { renderEmail } from "../../shared/email/layout";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import { enqueueEmail } from "../../shared/email/outbox";

export const RESET_TTL_MINUTES = 60;

/**
 * Sends a single-use link valid for an hour. The caller always gets the same answer,
 * whether or not the email has an account. Only the newest link of an account works: asking
 * again retires the earlier ones (docs/decisions/0060-password-reset-links.md). The account's
 * row is locked meanwhile, so two requests at once still leave exactly one live link.
 *
 * Limits (decision 0095): per address a sliding window (429). Per email there is no 429, which
 * would let anyone lock a member out of resetting their password; instead at most one email
 * goes out per AUTH_RESET_EMAIL_SECONDS. A request inside that time answers exactly as any
 * other (202) and leaves the link already sent working. The gate is taken before the account is
 * looked up, the same way for an email with no account.
 */
export async function requestPasswordReset(deps: Deps, rawEmail: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  const { perIp, windowSeconds, resetEmailSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `reset:ip:${ip}`, perIp, windowSeconds, deps.now());
  if (resetEmailSeconds > 0) {
    const gate = { free: 1, firstDelaySeconds: resetEmailSeconds, maxDelaySeconds: resetEmailSeconds, forgetSeconds: resetEmailSeconds };
    if ((await hitDelay(deps.db, `reset:email:${email}`, gate, deps.now())) !== null) return;
  }
  const [user] = await deps.db.select({ id: users.id, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.email, email));
  if (!user) return;
  const token = newToken();
  const now = deps.now();
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const message = {
    kind: "account" as const,
    to: email,
    sensitive: true,
    ...renderPasswordResetEmail({ churchName: deps.church.name, accent: deps.church.accentColor, firstName: user.firstName, link, locale }),
  };
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
    });
    await enqueueEmail(tx, message, now);
  });
}

/** The reset email: the single-use link as a button, and what to do if the member did not ask. */
export function renderPasswordResetEmail(d: { churchName: string; accent: string; firstName: string; link: string; locale: Locale }) {
  const m = messagesFor(d.locale).email.reset;
  return renderEmail({
    locale: d.locale,
    subject: m.subject(d.churchName),
    accent: d.accent,
    blocks: [
      { paragraph: m.hello(d.firstName) },
      { paragraph: [m.asked(d.churchName), m.within(RESET_TTL_MINUTES)] },
      { button: m.button, href: d.link, text: d.link },
      { paragraph: m.ignore, small: true, muted: true },
    ],
  });
}

