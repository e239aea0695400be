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
 * clears the mark. Approval publishes question-approved.
 */
export async function moderateQuestion(deps: Deps, live: LiveState, id: string, isApproved: boolean): Promise<Question> {
  const [row] = await deps.db
    .update(questions)
    .set({ isApproved, rejectedAt: isApproved ? null : deps.now() })
    .where(eq(questions.id, id))
    .returning();
  if (!row) throw notFound(SERVICES_TEXT.questionNotFound);
  live.changed();
  if (isApproved) await deps.bus.publish("question-approved", { questionId: row.id, serviceId: row.serviceId });
  return toQuestion(row, { id: "", staff: true });
}
