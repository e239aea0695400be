/**
 * Writes the "service started" notifications a start left pending: the request that started the
 * service writes them right after announcing it (features/services/update-service.ts), so this
 * finds something only when that process stopped in between or the write failed. Runs at start
 * and every minute; notifyServiceStarted takes each service's pending flag in its own
 * transaction, so instances sweeping at once notify each member once.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../deps";
import { services } from "../db/schema/services";
import { notifyServiceStarted } from "../features/services/update-service";
import { startInterval } from "./interval";

/** One pass: how many members were notified. */
export async function runServiceNotices(deps: Deps): Promise<number> {
  const pending = await deps.db.select({ id: services.id }).from(services).where(eq(services.startNoticesPending, true));
  let notified = 0;
  for (const { id } of pending) notified += await notifyServiceStarted(deps, id);
  return notified;
}

export function startServiceNoticesScheduler(deps: Deps, intervalMs = 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runServiceNotices(deps), intervalMs, onError);
}
