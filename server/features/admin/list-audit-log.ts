/**
 * The audit log for the OWNER (issue 19; decision 0113): newest first, keyset-paginated on
 * (created_at, id) with the exact timestamp in the cursor. The first page and the pages after a
 * cursor are each one statement built and planned once (db/prepared.ts; issue 23), on
 * audit_log_created_idx.
 */
import { desc, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { auditLog } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import type { AuditPage } from "../../../contract/giving-funds";

const page = (db: Db, after?: SQL) =>
  db
    .select({ r: auditLog, ts: exactTs(auditLog.createdAt) })
    .from(auditLog)
    .where(after)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(sql.placeholder("limit"));
const firstPage = prepared("admin.audit-log.first", (db) => page(db));
const nextPage = prepared("admin.audit-log.next", (db) =>
  page(db, sql`(${auditLog.createdAt}, ${auditLog.id}) < (${sql.placeholder("ts")}::timestamptz, ${sql.placeholder("id")}::uuid)`),
);

export async function listAuditLog(db: Db, q: { cursor?: string; limit: number }): Promise<AuditPage> {
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const rows = after ? await nextPage(db, { limit: q.limit + 1, ts: after[0], id: after[1] }) : await firstPage(db, { limit: q.limit + 1 });
  const { page: entries, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.r.id]);
  return {
    entries: entries.map(({ r }) => ({ id: r.id, actor: { id: r.actorId, name: r.actorName }, action: r.action, detail: r.detail, createdAt: r.createdAt.toISOString() })),
    nextCursor,
  };
}
