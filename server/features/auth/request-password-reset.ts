import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, passwordResets } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { hitRateLimit } from "../../http/rate-limit";
import { normalizeEmail } from "./public-user";
import { escapeHtml } from "../../http/escape-html";

export const RESET_TTL_MINUTES = 60;

/**
 * Sends a single-use link valid for an hour. The caller always gets the same answer,
 * whether or not the email has an account.
 */
export async function requestPasswordReset(deps: Deps, rawEmail: string, ip: string) {
  const email = normalizeEmail(rawEmail);
  const { perIp, perEmail, windowSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `reset:ip:${ip}`, perIp, windowSeconds);
  await hitRateLimit(deps.db, `reset:email:${email}`, perEmail, windowSeconds);
  const [user] = await deps.db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.email, email));
  if (!user) return;
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
  });
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  const churchName = deps.church.name;
  await deps.email.send({
    to: email,
    sensitive: true,
    subject: `Reset your ${churchName} password`,
    text: `Hello ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of your ${churchName} account.\nOpen this link within ${RESET_TTL_MINUTES} minutes to choose a new one. It works once:\n\n${link}\n\nIf you did not ask, you can ignore this email; your password stays as it is.\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1c1917">
<p>Hello ${escapeHtml(user.firstName)},</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(churchName)} account.
Open this link within ${RESET_TTL_MINUTES} minutes to choose a new one. It works once.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${deps.church.accentColor};color:#fff;border-radius:8px;text-decoration:none">Choose a new password</a></p>
<p style="color:#57534e;font-size:14px">If you did not ask, you can ignore this email; your password stays as it is.</p>
</body></html>`,
  });
}
