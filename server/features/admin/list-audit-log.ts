/**
 * The audit log for the OWNER (issue 19; decision 0113): newest first, keyset-paginated on
 * (created_at, id) with the exact timestamp in the cursor.
 */
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/users";
import { badRequest } from "../../http/app-error";
import { FUNDS_TEXT, type AuditPage } from "../../../contract/giving-funds";

const exactTs = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listAuditLog(db: Db, q: { cursor?: string; limit: number }): Promise<AuditPage> {
  let after: { ts: string; id: string } | null = null;
  if (q.cursor) {
    const [ts, id] = Buffer.from(q.cursor, "base64url").toString().split("|");
    if (!ts || !id || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(ts) || !/^[0-9a-f-]{36}$/.test(id)) throw badRequest("query.cursor", FUNDS_TEXT.invalidCursor);
    after = { ts, id };
  }
  const rows = await db
    .select({ r: auditLog, ts: exactTs })
    .from(auditLog)
    .where(after ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.ts}::timestamptz, ${after.id}::uuid)` : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ r }) => ({ id: r.id, actor: { id: r.actorId, name: r.actorName }, action: r.action, detail: r.detail, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > q.limit && last ? Buffer.from(`${last.ts}|${last.r.id}`).toString("base64url") : null,
  };
}
