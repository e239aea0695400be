import type { Deps } from "../../deps";
import type { VisitorData } from "../../../contract/visitors";
import { visitors } from "../../db/schema/visitors";
import { enqueueCrmSync } from "../../providers/crm/queue";

/**
 * Stores a first-time visitor card (a public form: its route is limited per address, WRITE_LIMITS
 * visitorCard). The card is queued for the church's CRM in the same transaction (sent later by
 * server/jobs/crm-sync.ts).
 */
export async function submitVisitorCard(deps: Deps, input: VisitorData) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitors)
      .values({ ...input, createdAt: now })
      .returning({ id: visitors.id });
    await enqueueCrmSync(tx, "visitor", row.id, now);
    return row;
  });
}
