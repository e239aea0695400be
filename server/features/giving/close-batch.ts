/**
 * Closing a batch (issue 19; decision 0120): POST /api/admin/giving/batches/:id/close. Under
 * the batch row's lock: an open batch with at least one line becomes closed (who, when) and
 * is locked for good; a change waiting on the lock then finds it closed (409). Closing a closed
 * batch is 409 too. Audited with its count and total.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { givingBatches } from "../../db/schema/giving-batches";
import { conflict } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { BATCHES_TEXT, type Batch } from "../../../contract/giving-batches";
import type { Locale } from "../../../contract/i18n/locales";
import { lineCount } from "./batch-lines";
import { lockOpenBatch, readBatch } from "./batch-view";

export function closeBatch(deps: Deps, actor: AuthUser, id: string, locale: Locale): Promise<Batch> {
  return deps.db.transaction(async (tx) => {
    await lockOpenBatch(tx, id);
    if ((await lineCount(tx, id)) === 0) throw conflict(BATCHES_TEXT.closeEmpty);
    const now = deps.now();
    await tx.update(givingBatches).set({ status: "closed", closedBy: actor.id, closedAt: now }).where(eq(givingBatches.id, id));
    const view = await readBatch(tx, id, locale);
    await audit(tx, actor, "giving.batch.close", { batchId: id, date: view.date, lines: view.count, totalCents: view.totalCents }, now);
    return view;
  });
}
