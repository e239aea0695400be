import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { emailOptOuts } from "../../db/schema/notifications";
import { verifyUnsubscribeToken } from "../../shared/email/unsubscribe";

/**
 * The one-click unsubscribe (RFC 8058, decision 0118): turns "Email updates" off for the member
 * the token was made for, and nobody else. A malformed, forged or foreign token changes nothing;
 * the route answers every token the same, so it tells nothing about any account. Replaying a
 * token is harmless (the opt-out is already there). Account emails (receipts, password,
 * security) are not affected: they always go.
 */
export async function unsubscribeFromNews(deps: Deps, token: string | undefined): Promise<void> {
  const userId = token ? verifyUnsubscribeToken(deps.secrets, token) : null;
  if (!userId) return;
  // The member may have deleted their account since: then there is no one to turn off.
  await deps.db.execute(
    sql`insert into ${emailOptOuts} (user_id, created_at) select id, ${deps.now().toISOString()}::timestamptz from users where id = ${userId}::uuid on conflict do nothing`,
  );
}
