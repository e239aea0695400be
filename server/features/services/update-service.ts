import { and, eq, ne, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type Service, type UpdateService } from "../../../contract/services";
import { toService } from "./views";
import { announce, everyone, notify } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import { liveServiceChanged } from "./get-live-service";

/**
 * Edits, schedules, starts or ends a service. Starting one ends any other live service in the
 * same transaction; the table lock serialises two staff starting different services at once
 * (the partial unique index `services_one_live` would otherwise fail one of them with a 500).
 * A change of isLive is published as service-status after the commit.
 *
 * Starting a service notifies every member (but the one who started it) in the same
 * transaction; a service started, ended and started again notifies once.
 */
export async function updateService(deps: Deps, id: string, input: UpdateService, actorId: string | null = null): Promise<Service> {
  const { row, liveChanged, notified } = await deps.db.transaction(async (tx) => {
    if (input.isLive !== undefined) await tx.execute(sql`lock table ${services} in share row exclusive mode`);
    const [current] = await tx.select().from(services).where(eq(services.id, id)).for("update");
    if (!current) throw notFound(SERVICES_TEXT.serviceNotFound);
    if (input.isLive === true) {
      await tx.update(services).set({ isLive: false }).where(and(eq(services.isLive, true), ne(services.id, id)));
    }
    const [updated] = await tx
      .update(services)
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.date !== undefined && { date: new Date(input.date) }),
        ...(input.isLive !== undefined && { isLive: input.isLive }),
      })
      .where(eq(services.id, id))
      .returning();
    const liveChanged = input.isLive !== undefined && input.isLive !== current.isLive;
    const notified =
      liveChanged && updated.isLive
        ? await notify(tx, { kind: "serviceStarted", subjectId: updated.id, ...NOTIFICATION_MESSAGES.serviceStarted(updated.title), recipients: everyone(actorId), at: deps.now() })
        : 0;
    return { row: updated, liveChanged, notified };
  });
  liveServiceChanged(deps);
  if (liveChanged) await deps.bus.publish("service-status", { serviceId: row.id, isLive: row.isLive });
  await announce(deps.bus, "serviceStarted", notified);
  return toService(row);
}
