/**
 * The audit log for the OWNER (issue 19; decision 0113): newest first, keyset-paginated on
 * (created_at, id) with the exact timestamp in the cursor. The first page and the pages after a
 * cursor are each one statement built and planned once (db/prepared.ts; issue 23; the limit and
 * the cursor's key are runtime values, so PostgreSQL keeps one plan: decision 0137), on
 * audit_log_created_idx, and each entry is written as JSON by PostgreSQL (decision 0132): read as
 * rows, every entry's detail was parsed from jsonb, checked by zod and written again.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql, runtimeValue } from "../../db/prepared";
import { auditLog } from "../../db/schema/users";
import { exactTs, pageOf, readCursor } from "../../http/keyset";

/**
 * An entry as ZAuditEntry has it, fields in its order, written by `row_to_json` of a lateral row
 * named as its fields (decision 0137; a scalar subquery per entry and per actor started a subplan
 * for each): `createdAt` is the key's text cut to milliseconds as `Date#toISOString` wrote it;
 * `detail` is the stored jsonb as PostgreSQL writes it (the same JSON, with a space after each
 * colon and comma).
 */
const page = (after?: SQL) => sql`
  select row_to_json(entry)::text as "entry", k.ts as "ts", ${auditLog.id} as "id"
  from ${auditLog}
  cross join lateral (select ${exactTs(auditLog.createdAt)} as ts) k
  cross join lateral (select ${auditLog.actorId} as "id", ${auditLog.actorName} as "name") actor
  cross join lateral (select ${auditLog.id} as "id", actor as "actor", ${auditLog.action} as "action", ${auditLog.detail} as "detail", substr(k.ts, 1, 23) || 'Z' as "createdAt") entry
  ${after ? sql`where ${after}` : sql``}
  order by ${auditLog.createdAt} desc, ${auditLog.id} desc
  limit ${runtimeValue("limit", "int")}`;
type EntryRow = { entry: string; ts: string; id: string };
const firstPage = preparedSql<EntryRow>("admin.audit-log.first", () => page());
const nextPage = preparedSql<EntryRow>("admin.audit-log.next", () =>
  page(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${runtimeValue("ts", "timestamptz")}, ${runtimeValue("id", "uuid")})`),
);

/** A page of the log as the JSON text of ZAuditPage (the route sends it as it is; the response guard still reads it). */
export async function listAuditLog(db: Db, q: { cursor?: string; limit: number }): Promise<string> {
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const rows = after ? await nextPage(db, { limit: q.limit + 1, ts: after[0], id: after[1] }) : await firstPage(db, { limit: q.limit + 1 });
  const { page: entries, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.id]);
  return `{"entries":[${entries.map((r) => r.entry).join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}
