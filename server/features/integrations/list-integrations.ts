import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { crmSyncItems, integrations } from "../../db/schema/integrations";
import type { Integration } from "../../../contract/integrations";

type Row = typeof integrations.$inferSelect;

/** The page's view of a connection: never a token or key, not even sealed. */
export async function toIntegration(db: Db, row: Row): Promise<Integration> {
  return {
    id: row.id,
    provider: row.provider,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    accountName: row.accountName,
    lastError: row.isActive ? null : row.lastError,
    sync: row.provider === "ghl" ? await syncFigures(db) : null,
  };
}

async function syncFigures(db: Db) {
  const counts = await db
    .select({ status: crmSyncItems.status, n: sql<number>`count(*)::int` })
    .from(crmSyncItems)
    .groupBy(crmSyncItems.status);
  const n = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const [lastFailed] = await db
    .select({ lastError: crmSyncItems.lastError })
    .from(crmSyncItems)
    .where(and(eq(crmSyncItems.status, "failed")))
    .orderBy(desc(crmSyncItems.completedAt))
    .limit(1);
  return { pending: n("pending"), sent: n("sent"), failed: n("failed"), lastError: lastFailed?.lastError ?? null };
}

/** The connected providers, built once (decision 0126): the query builder's work was most of the page's cost. */
const connected = prepared("integrations.list", (db) => db.select().from(integrations).orderBy(asc(integrations.provider)));

/** Every connected integration (spec: GET /api/integrations, staff only). */
export async function listIntegrations(db: Db): Promise<Integration[]> {
  const rows = await connected(db);
  return Promise.all(rows.map((r) => toIntegration(db, r)));
}
