import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, passwordResets } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { hitRateLimit } from "../../http/rate-limit";
import { normalizeEmail } from "../../shared/public-user";
import { renderEmail } from "../../shared/email/layout";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";

export const RESET_TTL_MINUTES = 60;

/**
 * Sends a single-use link valid for an hour. The caller always gets the same answer,
 * whether or not the email has an account. Only the newest link of an account works: asking
 * again retires the earlier ones (docs/decisions/0060-password-reset-links.md). The account's
 * row is locked meanwhile, so two requests at once still leave exactly one live link.
 */
export async function requestPasswordReset(deps: Deps, rawEmail: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  const { perIp, perEmail, windowSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `reset:ip:${ip}`, perIp, windowSeconds);
  await hitRateLimit(deps.db, `reset:email:${email}`, perEmail, windowSeconds);
  const [user] = await deps.db.select({ id: users.id, firstName: users.firstName, locale: users.locale }).from(users).where(eq(users.email, email));
  if (!user) return;
  const token = newToken();
  const now = deps.now();
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
  });
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const churchName = deps.church.name;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  await deps.email.send({
    to: email,
    sensitive: true,
    ...renderPasswordResetEmail({ churchName, accent: deps.church.accentColor, firstName: user.firstName, link, locale }),
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
