/**
 * An urgent prayer request is flagged to staff three ways: it is first on the wall for staff with
 * an Urgent badge, staff with the app open get the 'Urgent Prayer Request' toast (new-prayer
 * carries isUrgent), and the church's own address (church config `email`) gets an email, so a
 * pastor hears of it even when no one has the app open. The email never names the author of an
 * anonymous request. It is queued in the request's own transaction and sent in the background
 * (decision 0101), so the member never waits on the mail server. It is written
 * in the language of the account that has the church's address (users.locale), else English.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { enqueueEmail } from "../../shared/email/outbox";
import { users } from "../../db/schema/users";
import { renderEmail } from "../../shared/email/layout";
import { normalizeEmail } from "../../shared/public-user";
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
  const meta = `${category} · ${from}`;
  return renderEmail({
    locale,
    subject,
    blocks: [
      { plain: t.shared(deps.church.name) },
      { eyebrow: t.heading, urgent: true, text: null },
      { heading: input.title, text: `${input.title}\n${meta}` },
      { paragraph: meta, muted: true, text: null },
      { paragraph: input.description, keepLineBreaks: true },
      { link: t.openWall, href: link, text: t.atTop(link) },
    ],
  });
}

/** The church's address reads the email in the language of the account with that address (users.locale), else English. */
export async function churchEmailLocale(db: Db | Tx, address: string): Promise<Locale> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, normalizeEmail(address))).limit(1);
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

export async function notifyUrgentPrayer(deps: Deps, tx: Db | Tx, input: PrayerRequestData, authorName: string) {
  if (!input.isUrgent || !deps.church.email) return;
  const locale = await churchEmailLocale(tx, deps.church.email);
  await enqueueEmail(tx, { kind: "staff", to: deps.church.email, ...renderUrgentPrayerEmail(deps, input, authorName, locale) }, deps.now());
}
