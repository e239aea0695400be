import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { crmSyncItems, integrations } from "../../db/schema/integrations";
import { notFound } from "../../http/app-error";
import { ERROR_TEXT } from "../../../contract/errors-text";

/**
 * Disconnects (spec: DELETE /api/integrations/{id}): the row and its sealed credentials are
 * deleted. Disconnecting the CRM also cancels what was still waiting to be sent, in the same
 * transaction: it was meant for that connection (decision 0030). Recordings already made by
 * the voice AI provider stay, so links in emails already sent keep working.
 */
export async function removeIntegration(deps: Deps, id: string) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(integrations).where(eq(integrations.id, id)).returning({ provider: integrations.provider });
    if (!row) throw notFound(ERROR_TEXT.integrationNotFound);
    if (row.provider === "ghl") {
      await tx
        .update(crmSyncItems)
        .set({ status: "cancelled", lastError: "Go High Level was disconnected", completedAt: deps.now(), leaseId: null, leaseUntil: null })
        .where(and(eq(crmSyncItems.status, "pending")));
    }
  });
}
