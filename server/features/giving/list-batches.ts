/**
 * The batches (issue 19; decision 0120): GET /api/admin/giving/batches, for finance. Newest
 * collection first with each batch's totals (count, total, cash, checks: summed from its gifts),
 * keyset pages on (date, id). No donor is named, so the list is not audited (a batch's lines are).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { givingBatches } from "../../db/schema/giving-batches";
import { badRequest } from "../../http/app-error";
import type { z } from "zod";
import type { BatchList, ZBatchListQuery } from "../../../contract/giving-batches";
import { FUNDS_TEXT } from "../../../contract/giving-funds-text";
import { batchSummaries } from "./batch-view";

const encode = (date: string, id: string) => Buffer.from(`${date}|${id}`).toString("base64url");
function decode(cursor: string) {
  const [date, id] = Buffer.from(cursor, "base64url").toString().split("|");
  // A real calendar day a batch may have (2026-02-30 or year 0 would make PostgreSQL's cast fail) and a uuid.
  const at = Date.parse(`${date}T00:00:00Z`);
  const real = /^\d{4}-\d{2}-\d{2}$/.test(date ?? "") && !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date && date! >= "2000-01-01";
  if (!real || !id || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) throw badRequest("query.cursor", FUNDS_TEXT.invalidCursor);
  return { date, id };
}

export async function listBatches(deps: Deps, q: z.output<typeof ZBatchListQuery>): Promise<BatchList> {
  const after = q.cursor ? decode(q.cursor) : null;
  const rows = await batchSummaries(
    deps.db,
    and(
      q.status ? eq(givingBatches.status, q.status) : undefined,
      after ? sql`(${givingBatches.date}, ${givingBatches.id}) < (${after.date}::date, ${after.id}::uuid)` : undefined,
    ),
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return { batches: page, nextCursor: rows.length > q.limit && last ? encode(last.date, last.id) : null };
}
