/**
 * The audit log for the OWNER (issue 19; decision 0113): newest first, keyset-paginated on
 * (created_at, id) with the exact timestamp in the cursor. The first page and the pages after a
 * cursor are each one statement built and planned once (db/prepared.ts; issue 23), on
 * audit_log_created_idx, and each entry is written as JSON by PostgreSQL (decision 0132): read as
 * rows, every entry's detail was parsed from jsonb, checked by zod and written again.
 */
import { desc, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { auditLog } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";

/**
 * An entry as ZAuditEntry has it, fields in its order: `createdAt` cut to milliseconds as
 * `Date#toISOString` wrote it; `detail` is the stored jsonb as PostgreSQL writes it (the same
 * JSON, with a space after each colon and comma).
 */
const entryJson = sql<string>`(select row_to_json(x)::text from (select
  ${auditLog.id} as "id",
  (select row_to_json(a) from (select ${auditLog.actorId} as "id", ${auditLog.actorName} as "name") a) as "actor",
  ${auditLog.action} as "action",
  ${auditLog.detail} as "detail",
  substr(${exactTs(auditLog.createdAt)}, 1, 23) || 'Z' as "createdAt"
) x)`;

const page = (db: Db, after?: SQL) =>
  db
    .select({ entry: entryJson, ts: exactTs(auditLog.createdAt), id: auditLog.id })
    .from(auditLog)
    .where(after)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(sql.placeholder("limit"));
const firstPage = prepared("admin.audit-log.first", (db) => page(db));
const nextPage = prepared("admin.audit-log.next", (db) =>
  page(db, sql`(${auditLog.createdAt}, ${auditLog.id}) < (${sql.placeholder("ts")}::timestamptz, ${sql.placeholder("id")}::uuid)`),
);

/** A page of the log as the JSON text of ZAuditPage (the route sends it as it is; the response guard still reads it). */
export async function listAuditLog(db: Db, q: { cursor?: string; limit: number }): Promise<string> {
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const rows = after ? await nextPage(db, { limit: q.limit + 1, ts: after[0], id: after[1] }) : await firstPage(db, { limit: q.limit + 1 });
  const { page: entries, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.id]);
  return `{"entries":[${entries.map((r) => r.entry).join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}
