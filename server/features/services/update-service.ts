import { and, eq, ne, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type Service, type UpdateService } from "../../../contract/services";
import { toService } from "./views";
import { announce, everyone, notify } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import type { LiveState } from "./live-state";

/**
 * Edits, schedules, starts or ends a service. Starting one ends any other live service in the
 * same transaction; the table lock serialises two staff starting different services at once
 * (the partial unique index `services_one_live` would otherwise fail one of them with a 500).
 * A change of isLive is published as service-status after the commit.
 *
 * Starting a service notifies every member (but the one who started it). Those thousands of
 * inbox rows are written after service-status is published, in a transaction of their own
 * (notifyServiceStarted): written inside the start's transaction they held every member's
 * "Service Started" back by the time of the insert, 90 ms for 5,000 members (bench/README.md,
 * Event stream). The start's transaction marks them pending, so nothing is lost if this process
 * stops in between: the sweep (jobs/service-notices.ts) writes them. A service started, ended
 * and started again notifies once (the notifications' unique index).
 */
export async function updateService(
  deps: Deps,
  live: LiveState,
  id: string,
  input: UpdateService,
  actorId: string | null = null,
  onNoticeError: (err: unknown) => void = () => undefined,
): Promise<Service> {
  const { row, liveChanged } = await deps.db.transaction(async (tx) => {
    if (input.isLive !== undefined) await tx.execute(sql`lock table ${services} in share row exclusive mode`);
    const [current] = await tx.select().from(services).where(eq(services.id, id)).for("update");
    if (!current) throw notFound(SERVICES_TEXT.serviceNotFound);
    if (input.isLive === true) {
      await tx.update(services).set({ isLive: false }).where(and(eq(services.isLive, true), ne(services.id, id)));
    }
    const liveChanged = input.isLive !== undefined && input.isLive !== current.isLive;
    const started = liveChanged && input.isLive === true;
    const [updated] = await tx
      .update(services)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.date !== undefined && { date: new Date(input.date) }),
        ...(input.isLive !== undefined && { isLive: input.isLive }),
        ...(started && { startedBy: actorId, startNoticesPending: true }),
      })
      .where(eq(services.id, id))
      .returning();
    return { row: updated, liveChanged };
  });
  live.changed();
  if (liveChanged) await deps.bus.publish("service-status", { serviceId: row.id, isLive: row.isLive });
  if (row.startNoticesPending) {
    // The event's writes to this instance's streams go out first: Node sends them on a later
    // tick, and on the embedded database, which runs in this thread, the inserts would hold
    // them back (event stream fan-out on PGlite 2.7x the baseline before this).
    await new Promise((resolve) => setImmediate(resolve));
    // A failure here leaves the notices pending for the sweep; the service has started either way.
    await notifyServiceStarted(deps, row.id).catch(onNoticeError);
  }
  return toService(row);
}

/**
 * Writes the "service started" notifications of a service whose start left them pending, once:
 * the pending flag is taken in the same transaction (a second caller, on any instance, waits
 * for the row and then finds nothing pending). A service no longer live by then is not
 * announced. Returns how many members were notified.
 */
export async function notifyServiceStarted(deps: Deps, serviceId: string): Promise<number> {
  const notified = await deps.db.transaction(async (tx) => {
    const [svc] = await tx
      .update(services)
      .set({ startNoticesPending: false })
      .where(and(eq(services.id, serviceId), eq(services.startNoticesPending, true)))
      .returning();
    if (!svc?.isLive) return 0;
    return notify(tx, {
      kind: "serviceStarted",
      subjectId: svc.id,
      ...NOTIFICATION_MESSAGES.serviceStarted(svc.title),
      recipients: everyone(svc.startedBy),
      at: deps.now(),
    });
  });
  await announce(deps.bus, "serviceStarted", notified);
  return notified;
}
