/**
 * The audit log for the OWNER (issue 19; decision 0113): newest first, keyset-paginated on
 * (created_at, id) with the exact timestamp in the cursor.
 */
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import type { AuditPage } from "../../../contract/giving-funds";

export async function listAuditLog(db: Db, q: { cursor?: string; limit: number }): Promise<AuditPage> {
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const rows = await db
    .select({ r: auditLog, ts: exactTs(auditLog.createdAt) })
    .from(auditLog)
    .where(after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit + 1);
  const { page, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.r.id]);
  return {
    entries: page.map(({ r }) => ({ id: r.id, actor: { id: r.actorId, name: r.actorName }, action: r.action, detail: r.detail, createdAt: r.createdAt.toISOString() })),
    nextCursor,
  };
}
