import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { questions } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import { SERVICES_TEXT, type Question } from "../../../contract/services";
import { toQuestion } from "./views";
import type { LiveState } from "./live-state";

/**
 * Approve (isApproved true) or reject (false) a question. A rejected question leaves the
 * moderation queue: it is kept for the record (rejectedAt), never shown to members, and no
 * longer listed for staff (issue 18; it used to stay pending forever). Approving it later
 * clears the mark. Approval publishes question-approved; rejecting a question that was approved
 * publishes question-withdrawn, so every instance drops it from what members see (shared reads)
 * at once, not when its copy expires. Members never hear of a question they were never shown.
 */
export async function moderateQuestion(deps: Deps, live: LiveState, id: string, isApproved: boolean): Promise<Question> {
  const changed = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ isApproved: questions.isApproved }).from(questions).where(eq(questions.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx
      .update(questions)
      .set({ isApproved, rejectedAt: isApproved ? null : deps.now() })
      .where(eq(questions.id, id))
      .returning();
    return { row, wasApproved: before.isApproved };
  });
  if (!changed) throw notFound(SERVICES_TEXT.questionNotFound);
  const { row, wasApproved } = changed;
  live.changed();
  if (isApproved) await deps.bus.publish("question-approved", { questionId: row.id, serviceId: row.serviceId });
  else if (wasApproved) await deps.bus.publish("question-withdrawn", { questionId: row.id, serviceId: row.serviceId });
  return toQuestion(row, { id: "", staff: true });
}
