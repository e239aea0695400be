import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Locale } from "../../../contract/i18n/locales";
import { users } from "../../db/schema/users";

/** Saves the member's language (chosen on Profile) for the emails the church sends them. */
export async function setLocale(deps: Deps, userId: string, locale: Locale) {
  await deps.db.update(users).set({ locale }).where(eq(users.id, userId));
}
