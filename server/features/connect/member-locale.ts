import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";

const localeOf = prepared("connect.member-locale", (db) => db.select({ locale: users.locale }).from(users).where(eq(users.id, sql.placeholder("userId"))));

/** The member's saved language (users.locale), in which staff-written content is shown; English when unknown. */
export async function memberLocale(db: Db, userId: string): Promise<Locale> {
  const [row] = await localeOf(db, { userId });
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}
