import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { questions, services } from "../../db/schema/services";
import { conflict, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { SERVICES_TEXT, type Question } from "../../../contract/services";
import { toQuestion } from "./views";

/**
 * A member asks a question on the live service. It waits for moderation (isApproved false).
 * An anonymous question stores no author at all, so nobody (staff included) can trace it.
 */
export async function askQuestion(deps: Deps, serviceId: string, user: AuthUser, input: { text: string; isAnonymous: boolean }): Promise<Question> {
  const [service] = await deps.db.select({ id: services.id, isLive: services.isLive }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(SERVICES_TEXT.serviceNotFound);
  if (!service.isLive) throw conflict(SERVICES_TEXT.notLive);
  const [row] = await deps.db
    .insert(questions)
    .values({ serviceId, text: input.text, userId: input.isAnonymous ? null : user.id })
    .returning();
  await deps.bus.publish("new-question", { questionId: row.id, serviceId });
  return toQuestion(row, { id: user.id, staff: false });
}
