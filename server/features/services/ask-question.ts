import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { questions, services } from "../../db/schema/services";
import { conflict, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { SERVICES_TEXT, type Question } from "../../../contract/services";
import { toQuestion } from "./views";
import { announce, notify, staffMembers } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";

/**
 * A member asks a question on the live service. It waits for moderation (isApproved false).
 * An anonymous question stores no author at all, so nobody (staff included) can trace it.
 * Staff are notified in the same transaction (the notice names no one).
 */
export async function askQuestion(deps: Deps, serviceId: string, user: AuthUser, input: { text: string; isAnonymous: boolean }): Promise<Question> {
  const [service] = await deps.db.select({ id: services.id, isLive: services.isLive }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(SERVICES_TEXT.serviceNotFound);
  if (!service.isLive) throw conflict(SERVICES_TEXT.notLive);
  const { row, notified } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({ serviceId, text: input.text, userId: input.isAnonymous ? null : user.id })
      .returning();
    const notified = await notify(tx, {
      kind: "questionToModerate",
      subjectId: row.id,
      ...NOTIFICATION_MESSAGES.questionToModerate(),
      recipients: staffMembers(user.id),
      at: deps.now(),
    });
    return { row, notified };
  });
  await deps.bus.publish("new-question", { questionId: row.id, serviceId });
  await announce(deps.bus, "questionToModerate", notified);
  return toQuestion(row, { id: user.id, staff: false });
}
