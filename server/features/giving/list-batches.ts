/**
 * The batches (issue 19; decision 0120): GET /api/admin/giving/batches, for finance. Newest
 * collection first with each batch's totals (count, total, cash, checks: summed from its gifts),
 * keyset pages on (date, id). No donor is named, so the list is not audited (a batch's lines are).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { givingBatches } from "../../db/schema/giving-batches";
import { pageOf, readCursor } from "../../http/keyset";
import type { z } from "zod";
import type { BatchList, ZBatchListQuery } from "../../../contract/giving-batches";
import { batchSummaries } from "./batch-view";

export async function listBatches(deps: Deps, q: z.output<typeof ZBatchListQuery>): Promise<BatchList> {
  // A real calendar day (2026-02-30 or year 0 would make PostgreSQL's cast fail) and a uuid.
  const after = q.cursor ? readCursor(q.cursor, ["date", "uuid"]) : null;
  const rows = await batchSummaries(
    deps.db,
    and(
      q.status ? eq(givingBatches.status, q.status) : undefined,
      after ? sql`(${givingBatches.date}, ${givingBatches.id}) < (${after[0]}::date, ${after[1]}::uuid)` : undefined,
    ),
    q.limit + 1,
  );
  const { page, nextCursor } = pageOf(rows, q.limit, (last) => [last.date, last.id]);
  return { batches: page, nextCursor };
}
