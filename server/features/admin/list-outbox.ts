import { desc } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { hasFinance } from "../../http/auth";
import { prepared } from "../../db/prepared";
import { emailOutbox } from "../../db/schema/platform";
import { auditView } from "../../shared/audit";
import { HIDDEN_GIVING_EMAIL, isGivingEmail } from "./giving-emails";
import type { z } from "zod";
import type { ZOutboxEntry } from "../../../contract/admin";

/** The latest 50 emails, built once (decision 0126): the query builder's work was most of an empty page's cost. */
const latestEmails = prepared("admin.outbox", (db) => db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(50));

/**
 * The email outbox (latest 50), so staff can see what was (or, without a mail server, would have been) sent.
 * Messages holding a secret link (password reset) are hidden: staff must not be able to take over an account.
 * A donor's giving emails (receipts, a stopped recurring gift, refunds, statements) are hidden, recipient and
 * subject too, from staff without the finance permission (decision 0113). Shown whole to a finance holder (the
 * OWNER always), they are a view of donor data like the ledger's: audited (`giving.outbox.view`: how many and
 * which) before the answer, only when the page holds one (decision 0135).
 */
export async function listOutbox(deps: Deps, asker: AuthUser): Promise<z.infer<typeof ZOutboxEntry>[]> {
  const finance = hasFinance(asker);
  const rows = await latestEmails(deps.db);
  const giving = rows.filter((r) => isGivingEmail(r.subject));
  if (finance && giving.length) await auditView(deps.db, asker, "giving.outbox.view", { emails: giving.length, emailIds: giving.map((r) => r.id) }, deps.now());
  return rows.map((r) =>
    !finance && isGivingEmail(r.subject)
      ? { id: r.id, to: HIDDEN_GIVING_EMAIL, subject: HIDDEN_GIVING_EMAIL, text: HIDDEN_GIVING_EMAIL, createdAt: r.createdAt.toISOString() }
      : { id: r.id, to: r.to, subject: r.subject, text: r.sensitive ? "[hidden: this message holds a private link]" : r.text, createdAt: r.createdAt.toISOString() },
  );
}
