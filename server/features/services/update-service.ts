import { and, eq, ne, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type Service, type UpdateService } from "../../../contract/services";
import { toService } from "./views";

/**
 * Edits, schedules, starts or ends a service. Starting one ends any other live service in the
 * same transaction; the table lock serialises two staff starting different services at once
 * (the partial unique index `services_one_live` would otherwise fail one of them with a 500).
 * A change of isLive is published as service-status after the commit.
 */
export async function updateService(deps: Deps, id: string, input: UpdateService): Promise<Service> {
  const { row, liveChanged } = await deps.db.transaction(async (tx) => {
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
    return { row: updated, liveChanged: input.isLive !== undefined && input.isLive !== current.isLive };
  });
  if (liveChanged) await deps.bus.publish("service-status", { serviceId: row.id, isLive: row.isLive });
  return toService(row);
}
