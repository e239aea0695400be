import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { polls, questions, services } from "../../db/schema/services";
import type { AuthUser } from "../../http/auth";
import { isStaff } from "../../../contract/roles";
import type { LiveService } from "../../../contract/services";
import { toPoll, toQuestion, toService } from "./views";
import { resultsFor } from "./get-poll-results";

export const LIVE_QUESTIONS_LIMIT = 50;

/** The live service with its open polls (results and the asker's own vote) and approved questions, or null. */
export async function getLiveService(db: Db, user: AuthUser): Promise<LiveService> {
  const [row] = await db.select().from(services).where(eq(services.isLive, true)).limit(1);
  if (!row) return { service: null };
  // The polls (then their results) and the questions side by side: two round trips after the service, not four.
  const pollsWithResults = db
    .select()
    .from(polls)
    .where(and(eq(polls.serviceId, row.id), eq(polls.isOpen, true)))
    .orderBy(asc(polls.createdAt))
    .then(async (list) => ({ openPolls: list, results: await resultsFor(db, list, user.id) }));
  const approvedQuestions = db
    .select()
    .from(questions)
    .where(and(eq(questions.serviceId, row.id), eq(questions.isApproved, true)))
    .orderBy(desc(questions.createdAt))
    .limit(LIVE_QUESTIONS_LIMIT);
  const [{ openPolls, results }, approved] = await Promise.all([pollsWithResults, approvedQuestions]);
  const viewer = { id: user.id, staff: isStaff(user.role) };
  return {
    service: {
      ...toService(row),
      polls: openPolls.map((p) => ({ ...toPoll(p), results: results.get(p.id)! })),
      questions: approved.map((q) => toQuestion(q, viewer)),
    },
  };
}
