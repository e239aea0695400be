/**
 * The batches (issue 19; decision 0120): GET /api/admin/giving/batches, for finance. Newest
 * collection first with each batch's totals (count, total, cash, checks: summed from its gifts),
 * keyset pages on (date, id). No donor is named, so the list is not audited (a batch's lines are).
 *
 * The first page and the pages after a cursor are each one statement built and planned once
 * (db/prepared.ts, issue 23): drizzle building the joined, aliased query on every request was
 * most of the read's CPU. The status filter is a placeholder (null: every batch).
 */
import { and, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { givingBatches } from "../../db/schema/giving-batches";
import { pageOf, readCursor } from "../../http/keyset";
import type { z } from "zod";
import type { BatchList, ZBatchListQuery } from "../../../contract/giving-batches";
import { batchSummaryQuery, toBatchSummary } from "./batch-view";

const byStatus = sql`(${sql.placeholder("status")}::text is null or ${givingBatches.status} = ${sql.placeholder("status")}::text)`;
const firstPage = prepared("giving.batches.first", (db: Db) => batchSummaryQuery(db, byStatus, sql.placeholder("limit")));
const nextPage = prepared("giving.batches.next", (db: Db) =>
  batchSummaryQuery(db, and(byStatus, sql`(${givingBatches.date}, ${givingBatches.id}) < (${sql.placeholder("date")}::date, ${sql.placeholder("id")}::uuid)`), sql.placeholder("limit")),
);

export async function listBatches(deps: Deps, q: z.output<typeof ZBatchListQuery>): Promise<BatchList> {
  // A real calendar day (2026-02-30 or year 0 would make PostgreSQL's cast fail) and a uuid.
  const after = q.cursor ? readCursor(q.cursor, ["date", "uuid"]) : null;
  const status = q.status ?? null;
  const rows = after
    ? await nextPage(deps.db, { status, limit: q.limit + 1, date: after[0], id: after[1] })
    : await firstPage(deps.db, { status, limit: q.limit + 1 });
  const { page, nextCursor } = pageOf(rows, q.limit, (last) => [last.date, last.id]);
  return { batches: page.map(toBatchSummary), nextCursor };
}
