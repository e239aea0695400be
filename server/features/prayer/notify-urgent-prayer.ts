/**
 * An urgent prayer request is flagged to staff three ways: it is first on the wall for staff with
 * an Urgent badge, staff with the app open get the 'Urgent Prayer Request' toast (new-prayer
 * carries isUrgent), and the church's own address (church config `email`) gets an email, so a
 * pastor hears of it even when no one has the app open. The email never names the author of an
 * anonymous request. It is queued in the request's own transaction and sent in the background
 * (decision 0100), so the member never waits on the mail server. It is written
 * in the language of the account that has the church's address (users.locale), else English.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { enqueueEmail } from "../../shared/email/outbox";
import { users } from "../../db/schema/users";
import { escapeHtml } from "../../http/escape-html";
import { normalizeEmail } from "../auth/public-user";
import { messagesFor } from "../../i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import type { PrayerRequestData } from "../../../contract/prayer";

/** In `locale` (the language of whoever reads the church's address; English by default). */
export function renderUrgentPrayerEmail(deps: Pick<Deps, "church" | "config">, input: PrayerRequestData, authorName: string | null, locale: Locale = DEFAULT_LOCALE) {
  const m = messagesFor(locale);
  const t = m.email.urgentPrayer;
  const from = input.isAnonymous || !authorName ? t.anonymous : t.from(authorName);
  const category = m.prayer.categories[input.category];
  const link = `${deps.config.publicUrl}/prayer`;
  const subject = t.subject(input.title);
  const text = [
    t.shared(deps.church.name),
    "",
    input.title,
    `${category} · ${from}`,
    "",
    input.description,
    "",
    t.atTop(link),
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 12px;color:#b91c1c;font-weight:bold">${e(t.heading)}</p>
<h1 style="margin:0 0 8px;font-size:22px">${e(input.title)}</h1>
<p style="margin:0 0 16px;color:#6b6259">${e(category)} · ${e(from)}</p>
<p style="margin:0 0 20px;white-space:pre-line">${e(input.description)}</p>
<p style="margin:0"><a href="${e(link)}">${e(t.openWall)}</a></p>
</div></body></html>`;
  return { subject, text, html };
}

/** The church's address reads the email in the language of the account with that address (users.locale), else English. */
export async function churchEmailLocale(db: Db | Tx, address: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, normalizeEmail(address))).limit(1);
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

export async function notifyUrgentPrayer(deps: Deps, tx: Db | Tx, input: PrayerRequestData, authorName: string) {
  if (!input.isUrgent || !deps.church.email) return;
  const locale = await churchEmailLocale(tx, deps.church.email);
  await enqueueEmail(tx, { to: deps.church.email, ...renderUrgentPrayerEmail(deps, input, authorName, locale) }, deps.now());
}
