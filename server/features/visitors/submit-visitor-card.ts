import type { Deps } from "../../deps";
import type { VisitorData } from "../../../contract/visitors";
import { VISITOR_RATE_LIMIT } from "../../../contract/visitors";
import { visitors } from "../../db/schema/visitors";
import { hitRateLimit } from "../../http/rate-limit";
import { enqueueCrmSync } from "../../providers/crm/queue";

/**
 * Stores a first-time visitor card; a public form, so rate-limited per IP. The card is queued
 * for the church's CRM in the same transaction (sent later by server/jobs/crm-sync.ts).
 */
export async function submitVisitorCard(deps: Deps, ip: string, input: VisitorData) {
  await hitRateLimit(deps.db, `visitors:ip:${ip}`, VISITOR_RATE_LIMIT, 3600, deps.now());
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
