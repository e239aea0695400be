import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { questions, services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { isStaff } from "../../../contract/roles";
import { SERVICES_TEXT, type Question } from "../../../contract/services";
import { toQuestion } from "./views";

export const QUESTIONS_LIST_LIMIT = 200;

/** A service's questions, newest first: staff see approved and pending ones (not rejected ones), members only approved ones. */
export async function listQuestions(db: Db, serviceId: string, user: AuthUser): Promise<Question[]> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw notFound(SERVICES_TEXT.serviceNotFound);
  const staff = isStaff(user.role);
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.serviceId, serviceId), staff ? isNull(questions.rejectedAt) : eq(questions.isApproved, true)))
    .orderBy(desc(questions.createdAt))
    .limit(QUESTIONS_LIST_LIMIT);
  return rows.map((r) => toQuestion(r, { id: user.id, staff }));
}
