import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { polls } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type Poll } from "../../../contract/services";
import { toPoll } from "./views";
import type { LiveState } from "./live-state";

/** Closes (or reopens) a poll. Publishes poll-closed so members' screens drop it. */
export async function updatePoll(deps: Deps, live: LiveState, id: string, isOpen: boolean): Promise<Poll> {
  const [row] = await deps.db.update(polls).set({ isOpen }).where(eq(polls.id, id)).returning();
  if (!row) throw notFound(SERVICES_TEXT.pollNotFound);
  live.changed();
  await deps.bus.publish("poll-closed", { pollId: row.id, serviceId: row.serviceId });
  return toPoll(row);
}
