/**
 * Deletes a member's contact in the church's CRM after they deleted their account (issue 20,
 * decision 0117): the handler of the "crm.delete-contact" background call that deleting an
 * account queues. A CRM that is not configured, disconnected or needs signing in again cannot
 * take the call: it fails for good (staff deleting the contact by hand is the fallback, and
 * Admin → Integrations shows why). A contact already gone counts as deleted (ghl.ts).
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { integrations } from "../../db/schema/integrations";
import { createCrmProvider } from "../../providers/crm/index";
import { CrmError } from "../../providers/crm/port";
import { PermanentCallError, type BackgroundCallPayloads } from "../../shared/background-calls";
import { GhlReconnectNeeded, withGhl } from "./ghl-access";

export async function deleteCrmContact(deps: Deps, p: BackgroundCallPayloads["crm.delete-contact"]) {
  const crm = createCrmProvider(deps.config, deps.now);
  if (!crm) throw new PermanentCallError("The CRM is not configured: the contact cannot be deleted from here");
  const [connection] = await deps.db.select({ id: integrations.id }).from(integrations).where(eq(integrations.provider, "ghl"));
  if (!connection) throw new PermanentCallError("The CRM is no longer connected: the contact cannot be deleted from here");
  try {
    await withGhl(deps, crm, (auth) => crm.deleteContact(auth, p.contactId));
  } catch (err) {
    if (err instanceof GhlReconnectNeeded) throw new PermanentCallError(err.message);
    if (err instanceof CrmError && err.kind === "rejected") throw new PermanentCallError(err.message);
    throw err;
  }
}
