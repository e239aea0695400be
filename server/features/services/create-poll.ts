import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { polls, services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type CreatePoll, type Poll } from "../../../contract/services";
import { toPoll } from "./views";
import type { LiveState } from "./live-state";

/** Opens a poll on a service (staff may prepare polls before the service starts). Publishes new-poll. */
export async function createPoll(deps: Deps, live: LiveState, serviceId: string, input: CreatePoll): Promise<Poll> {
  const [service] = await deps.db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(SERVICES_TEXT.serviceNotFound);
  const [row] = await deps.db.insert(polls).values({ serviceId, question: input.question, options: input.options }).returning();
  live.changed();
  await deps.bus.publish("new-poll", { pollId: row.id, serviceId });
  return toPoll(row);
}
