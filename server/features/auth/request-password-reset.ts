import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, passwordResets } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { hitRateLimit } from "../../http/rate-limit";
import { normalizeEmail } from "./public-user";
import { escapeHtml } from "../../http/escape-html";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import { enqueueEmail } from "../../shared/email/outbox";

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
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const churchName = deps.church.name;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const m = messagesFor(locale).email.reset;
  const message = {
    to: email,
    sensitive: true,
    subject: m.subject(churchName),
    text: `${m.hello(user.firstName)}\n\n${m.asked(churchName)}\n${m.within(RESET_TTL_MINUTES)}\n\n${link}\n\n${m.ignore}\n`,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917">
<p>${escapeHtml(m.hello(user.firstName))}</p>
<p>${escapeHtml(m.asked(churchName))}
${escapeHtml(m.within(RESET_TTL_MINUTES))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${deps.church.accentColor};color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(m.button)}</a></p>
<p style="color:#57534e;font-size:14px">${escapeHtml(m.ignore)}</p>
</body></html>`,
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

