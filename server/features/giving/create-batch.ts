/**
 * Entering a cash and check batch (issue 19; decision 0120): POST /api/admin/giving/batches,
 * for the OWNER and holders of the finance permission. The batch, its lines (each a COMPLETED
 * gift of the batch's day) and the audit row are one transaction. The request carries an
 * Idempotency-Key (the money path's table, shared/money/idempotency.ts): a retry of a request
 * whose answer was lost replays that answer instead of recording the plate twice.
 */
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { givingBatches } from "../../db/schema/giving-batches";
import { audit } from "../../shared/audit";
import { requestHash, storeAnswer, withIdempotency, type StoredAnswer } from "../../shared/money/idempotency";
import type { z } from "zod";
import type { ZBatchCreate } from "../../../contract/giving-batches";
import type { Locale } from "../../../contract/i18n/locales";
import { addLines, batchInstant } from "./batch-lines";
import { checkBatchDate } from "./batch-rules";
import { readBatch } from "./batch-view";

export function createBatch(deps: Deps, actor: AuthUser, key: string, input: z.output<typeof ZBatchCreate>, locale: Locale): Promise<StoredAnswer> {
  const run = () =>
    deps.db.transaction(async (tx) => {
      checkBatchDate(deps, input.date, "body.date");
      const now = deps.now();
      const [batch] = await tx.insert(givingBatches).values({ date: input.date, note: input.note, createdBy: actor.id, createdAt: now }).returning();
      await addLines(tx, batch, input.lines, batchInstant(input.date, deps.church.timeZone), "body.lines");
      const view = await readBatch(tx, batch.id, locale);
      await audit(tx, actor, "giving.batch.create", { batchId: batch.id, date: batch.date, lines: view.count, totalCents: view.totalCents }, now);
      const answer = { status: 201, body: view };
      await storeAnswer(tx, actor.id, key, answer);
      return answer;
    });
  return withIdempotency(deps.db, actor.id, key, requestHash("giving-batch-create", input), run, { leaseSeconds: deps.config.idempotencyLeaseSeconds });
}
