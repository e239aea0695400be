import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { questions, services } from "../../db/schema/services";
import { notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";
import { QUESTION_PAGE_SIZE, SERVICES_TEXT, ZQuestion, type Question, type QuestionQuery } from "../../../contract/services";
import { toQuestion } from "./views";

/**
 * A page of a service's questions, newest first (ties by id), or null when there is no such
 * service: approved ones only, or (staff) every one not rejected. `before` is a question of the
 * previous page: its exact key is read by PostgreSQL in the same statement (a JS Date keeps
 * milliseconds only), and an id not of this service's list gives an empty page.
 */
async function selectQuestions(db: Db, serviceId: string, staff: boolean, page: QuestionQuery) {
  const visible = and(eq(questions.serviceId, serviceId), staff ? isNull(questions.rejectedAt) : eq(questions.isApproved, true));
  const after = page.before
    ? sql`(${questions.createdAt}, ${questions.id}) < (select q.created_at, q.id from ${questions} q where q.id = ${page.before}::uuid and q.service_id = ${serviceId}::uuid)`
    : undefined;
  const [[service], rows] = await Promise.all([
    db.select({ id: services.id }).from(services).where(eq(services.id, serviceId)),
    db
      .select()
      .from(questions)
      .where(after ? and(visible, after) : visible)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(page.limit),
  ]);
  return service ? rows : null;
}

/** A page of a service's questions, newest first: staff see approved and pending ones (not rejected ones), members only approved ones. */
export async function listQuestions(db: Db, serviceId: string, user: AuthUser, page: QuestionQuery): Promise<Question[]> {
  const rows = await selectQuestions(db, serviceId, isStaff(user.role), page);
  if (!rows) throw notFound(SERVICES_TEXT.serviceNotFound);
  return rows.map((r) => toQuestion(r, { id: user.id, staff: isStaff(user.role) }));
}

interface Approved {
  list: Question[];
  /** Who asked each question of `list`, by position (null: anonymous); never sent but to its author. */
  authors: (string | null)[];
}

/** Services whose approved questions are kept at once (members ask for the live one); the oldest goes first. */
const MAX_SERVICES = 16;

/**
 * The first page of a service's approved questions (the newest QUESTION_PAGE_SIZE) as members
 * see them, the same for every member but the
 * `userId` of the member's own questions: read and written as JSON once per service and change
 * (shared-read.ts; issue 23: before, two queries and up to 200 questions through the schema per
 * request), with a slot for each question's `userId` that a request fills in on the asker's
 * own. Moderation refreshes it at once on its instance (`changed()`) and on every other through
 * `question-approved` or `question-withdrawn` (an approved question rejected). Pending and
 * rejected questions are never in it; staff's list, which has them, is read per request.
 */
export class ApprovedQuestions {
  private readonly byService = new Map<string, SharedAnswer<Approved | null>>();

  constructor(private readonly deps: Deps) {}

  /** GET /api/services/:id/questions for a member (not staff), first page: the bytes to send. */
  async json(serviceId: string, user: AuthUser): Promise<Buffer> {
    const answer = this.answerFor(serviceId);
    const approved = await answer.get();
    if (!approved) throw notFound(SERVICES_TEXT.serviceNotFound);
    const json = answer.json(approved);
    const values: (string | undefined)[] = [];
    for (let i = 0; i < approved.authors.length; i++) if (approved.authors[i] === user.id) values[i] = JSON.stringify(user.id);
    return values.length ? json.fill(values) : json.bytes;
  }

  private answerFor(serviceId: string): SharedAnswer<Approved | null> {
    let answer = this.byService.get(serviceId);
    if (!answer) {
      if (this.byService.size >= MAX_SERVICES) {
        const [oldest, dropped] = this.byService.entries().next().value!;
        this.byService.delete(oldest);
        dropped.close();
      }
      answer = new SharedAnswer<Approved | null>(this.deps, {
        events: ["question-approved", "question-withdrawn", "content-changed"],
        load: async () => {
          const rows = await selectQuestions(this.deps.db, serviceId, false, { limit: QUESTION_PAGE_SIZE });
          return rows && { list: rows.map((r) => toQuestion(r, { id: "", staff: false })), authors: rows.map((r) => r.userId) };
        },
        write: (approved) => JsonTemplate.write(z.array(ZQuestion), approved.list, (out, slot) => out.forEach((q) => (q.userId = slot("null")))),
      });
      this.byService.set(serviceId, answer);
    }
    return answer;
  }

  /** A question was moderated, or a service created, on this instance. */
  changed() {
    for (const answer of this.byService.values()) answer.changed();
  }

  close() {
    for (const answer of this.byService.values()) answer.close();
    this.byService.clear();
  }
}
