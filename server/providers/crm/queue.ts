/**
 * The CRM outbox's one write path, shared by the features whose actions reach the CRM (register,
 * visitor card, opted-in prayer request). Call it inside the same transaction as the action:
 * the row commits with it or not at all, and the member's request never waits for the CRM
 * (server/jobs/crm-sync.ts sends it). Decision 0030.
 *
 * Only while the CRM is connected: what happened before connecting (or after disconnecting)
 * is not sent later. A connection that needs signing in again (isActive false) still queues,
 * so nothing is lost while staff reconnect. The unique (kind, source) index makes a second
 * enqueue a no-op.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { crmSyncItems, integrations } from "../../db/schema/integrations";
import type { CrmSyncKind } from "../../../contract/integrations";

export async function enqueueCrmSync(tx: Db | Tx, kind: CrmSyncKind, sourceId: string, now: Date): Promise<boolean> {
  const [connected] = await tx
    .select({ one: sql<number>`1` })
    .from(integrations)
    .where(eq(integrations.provider, "ghl"))
    .limit(1);
  if (!connected) return false;
  const rows = await tx
    .insert(crmSyncItems)
    .values({ kind, sourceId, nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: crmSyncItems.id });
  return rows.length > 0;
}
