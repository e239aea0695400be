import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./services-text";
import { POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX, QUESTION_MAX, SERVICE_TITLE_MAX, SERVICES_TEXT } from "./services-text";

/** Spec section 9: approved questions shown 5, approved testimonies 3, queue previews 3 and 2, cuts 60 and 120. */
export const ADMIN_LIMITS = {
  approvedQuestions: 5,
  approvedTestimonies: 3,
  previewQuestions: 3,
  previewTestimonies: 2,
  queueCut: 60,
  testimonyCut: 120,
} as const;

/** Cuts text to `n` characters plus an ellipsis (spec: "cut to 60 characters plus an ellipsis"). */
export const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}...` : text);

export const ZService = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  isLive: z.boolean(),
});
export type Service = z.infer<typeof ZService>;

const ZDate = z.iso.datetime({ offset: true, error: SERVICES_TEXT.dateRequired });

export const ZCreateService = z.object({
  title: displayText().trim().min(1, SERVICES_TEXT.titleRequired).max(SERVICE_TITLE_MAX),
  date: ZDate,
});
export type CreateService = z.infer<typeof ZCreateService>;

export const ZUpdateService = z
  .object({
    title: displayText().trim().min(1, SERVICES_TEXT.titleRequired).max(SERVICE_TITLE_MAX),
    date: ZDate,
    isLive: z.boolean(),
  })
  .partial();
export type UpdateService = z.infer<typeof ZUpdateService>;

export const ZIdParams = z.object({ id: z.uuid() });
export const ZPollIdParams = z.object({ pollId: z.uuid() });

export const ZPoll = z.object({
  id: z.string(),
  serviceId: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  isOpen: z.boolean(),
  createdAt: z.string(),
});
export type Poll = z.infer<typeof ZPoll>;

export const ZCreatePoll = z.object({
  question: displayText().trim().min(1, SERVICES_TEXT.pollQuestionRequired).max(POLL_QUESTION_MAX),
  options: z
    .array(displayText().trim().min(1, SERVICES_TEXT.optionRequired).max(POLL_OPTION_MAX))
    .min(POLL_OPTIONS_MIN, SERVICES_TEXT.pollOptions)
    .max(POLL_OPTIONS_MAX, SERVICES_TEXT.pollOptions),
});
export type CreatePoll = z.infer<typeof ZCreatePoll>;
export const ZUpdatePoll = z.object({ isOpen: z.boolean() });

export const ZVote = z.object({ optionIndex: z.number().int().min(0).max(POLL_OPTIONS_MAX - 1) });

/** Counts per option (same order as the options), their total, and the asking member's own vote. */
export const ZPollResults = z.object({
  pollId: z.string(),
  counts: z.array(z.number().int()),
  total: z.number().int(),
  myVote: z.number().int().nullable(),
});
export type PollResults = z.infer<typeof ZPollResults>;

export const ZLivePoll = ZPoll.extend({ results: ZPollResults });
export type LivePoll = z.infer<typeof ZLivePoll>;

/**
 * A question. `userId` is null for anonymous questions (nothing is stored); for members it is
 * shown only on their own questions, so `isAnonymous` says whether an author exists.
 */
export const ZQuestion = z.object({
  id: z.string(),
  serviceId: z.string(),
  text: z.string(),
  isApproved: z.boolean(),
  userId: z.string().nullable(),
  isAnonymous: z.boolean(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof ZQuestion>;

/** A service's questions a page at a time (issue 23: the list no longer grows with the church). */
export const QUESTION_PAGE_SIZE = 50;
/** The most one page may hold: staff's moderation asks for this many (pending ones with the approved). */
export const QUESTION_PAGE_MAX = 200;
/** GET /api/services/:id/questions: newest first, `limit` at a time; `before` (a question id from the previous page) pages back. */
export const ZQuestionQuery = z.object({
  limit: z.coerce.number().int().min(1).max(QUESTION_PAGE_MAX).default(QUESTION_PAGE_SIZE),
  before: z.uuid().optional(),
});
export type QuestionQuery = z.output<typeof ZQuestionQuery>;

export const ZAskQuestion = z.object({
  text: displayText().trim().min(1, SERVICES_TEXT.questionRequired).max(QUESTION_MAX, SERVICES_TEXT.questionTooLong),
  isAnonymous: z.boolean().default(false),
});
export type AskQuestion = z.input<typeof ZAskQuestion>;
export const ZModerateQuestion = z.object({ isApproved: z.boolean() });

/** GET /api/services/live: the live service with its open polls and approved questions, or `service: null`. */
export const ZLiveService = z.object({
  service: ZService.extend({ polls: z.array(ZLivePoll), questions: z.array(ZQuestion) }).nullable(),
});
export type LiveService = z.infer<typeof ZLiveService>;
