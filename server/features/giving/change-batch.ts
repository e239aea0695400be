/**
 * Changing an open batch (issue 19; decision 0120): PATCH /api/admin/giving/batches/:id. Its
 * date (every line's gift moves to the new day) and note, lines removed, changed (each sent
 * whole) and added, in that order, in one transaction under the batch row's lock; a closed
 * batch is 409 and nothing changes. With an Idempotency-Key like the batch's creation, so a
 * retried "add these lines" never adds them twice. Audited with what changed and the totals
 * before and after.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { gifts } from "../../db/schema/giving";
import { givingBatches } from "../../db/schema/giving-batches";
import { badRequest } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { requestHash, storeAnswer, withIdempotency, type StoredAnswer } from "../../shared/money/idempotency";
import type { z } from "zod";
import { BATCH_LINES_MAX, BATCHES_TEXT, type ZBatchPatch } from "../../../contract/giving-batches";
import type { Locale } from "../../../contract/i18n/locales";
import { addLines, batchInstant, changeLines, lineCount, removeLines } from "./batch-lines";
import { checkBatchDate } from "./batch-rules";
import { batchSummaries, lockOpenBatch, readBatch } from "./batch-view";

export function changeBatch(deps: Deps, actor: AuthUser, key: string, id: string, patch: z.output<typeof ZBatchPatch>, locale: Locale): Promise<StoredAnswer> {
  const run = () =>
    deps.db.transaction(async (tx) => {
      const batch = await lockOpenBatch(tx, id);
      const [before] = await batchSummaries(tx, eq(givingBatches.id, id), 1);
      const date = patch.date ?? batch.date;
      const at = batchInstant(date, deps.church.timeZone);
      if (patch.date !== undefined || patch.note !== undefined) {
        if (patch.date !== undefined) checkBatchDate(deps, patch.date, "body.date");
        await tx.update(givingBatches).set({ date, note: patch.note ?? batch.note }).where(eq(givingBatches.id, id));
        if (date !== batch.date) await tx.update(gifts).set({ createdAt: at }).where(eq(gifts.batchId, id));
      }
      const removed = await removeLines(tx, batch, patch.remove ?? [], "body.remove");
      const changed = await changeLines(tx, batch, patch.change ?? [], "body.change");
      const added = await addLines(tx, batch, patch.add ?? [], at, "body.add");
      if (added && (await lineCount(tx, id)) > BATCH_LINES_MAX) throw badRequest("body.add", BATCHES_TEXT.tooManyLines);
      const view = await readBatch(tx, id, locale);
      await audit(
        tx,
        actor,
        "giving.batch.change",
        {
          batchId: id,
          ...(date !== batch.date ? { date: { before: batch.date, after: date } } : {}),
          added,
          changed,
          removed,
          totalCents: { before: before.totalCents, after: view.totalCents },
        },
        deps.now(),
      );
      const answer = { status: 200, body: view };
      await storeAnswer(tx, actor.id, key, answer);
      return answer;
    });
  return withIdempotency(deps.db, actor.id, key, requestHash("giving-batch-change", { id, patch }), run, { leaseSeconds: deps.config.idempotencyLeaseSeconds });
}
