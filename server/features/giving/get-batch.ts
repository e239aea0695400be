/**
 * One batch with its lines (issue 19; decision 0120): GET /api/admin/giving/batches/:id, for
 * finance. Its lines name donors with amounts, so each view is audited in the transaction
 * that reads it.
 */
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { audit } from "../../shared/audit";
import type { Batch } from "../../../contract/giving-batches";
import type { Locale } from "../../../contract/i18n/locales";
import { readBatch } from "./batch-view";

export function getBatch(deps: Deps, actor: AuthUser, id: string, locale: Locale): Promise<Batch> {
  return deps.db.transaction(async (tx) => {
    const view = await readBatch(tx, id, locale);
    await audit(tx, actor, "giving.batch.view", { batchId: id, lines: view.count }, deps.now());
    return view;
  });
}
