import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { polls, services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type CreatePoll, type Poll } from "../../../contract/services";
import { toPoll } from "./views";
import { liveServiceChanged } from "./get-live-service";

/** Opens a poll on a service (staff may prepare polls before the service starts). Publishes new-poll. */
export async function createPoll(deps: Deps, serviceId: string, input: CreatePoll): Promise<Poll> {
  const [service] = await deps.db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(SERVICES_TEXT.serviceNotFound);
  const [row] = await deps.db.insert(polls).values({ serviceId, question: input.question, options: input.options }).returning();
  liveServiceChanged(deps);
  await deps.bus.publish("new-poll", { pollId: row.id, serviceId });
  return toPoll(row);
}
