import { z } from "./zod-setup";

/** Live Sunday service: services, polls and moderated questions (spec sections 2, 3, 4, 7). */
export const SERVICE_TITLE_MAX = 200;
export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 120;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
export const QUESTION_MAX = 500;

export const SERVICES_TEXT = {
  titleRequired: "Title is required",
  dateRequired: "Date and time are required",
  pollQuestionRequired: "Poll question is required",
  pollOptions: `A poll needs ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`,
  optionRequired: "Options cannot be blank",
  questionRequired: "Question is required",
  questionTooLong: `Question must be at most ${QUESTION_MAX} characters`,
  serviceNotFound: "Service not found",
  pollNotFound: "Poll not found",
  questionNotFound: "Question not found",
  alreadyVoted: "You have already voted in this poll",
  pollClosed: "This poll is closed",
  badOption: "That option is not part of this poll",
  notLive: "Questions can only be asked during a live service",
  /** Spec section 8/9 toasts. */
  statusUpdated: "Service status updated",
  questionModerated: "Question moderated",
  testimonyModerated: "Testimony moderated",
  questionSent: "Question sent",
  questionSentDetail: "It will appear here once a pastor approves it.",
  voteRecorded: "Vote recorded",
  serviceCreated: "Service created",
  pollCreated: "Poll created",
  pollClosedToast: "Poll closed",
  noActiveService: "No Active Service",
  noActiveServiceHint: "Create or start a service to access live controls",
  accessDenied: "Access Denied: You don't have permission to access the admin dashboard.",
  noPendingQuestions: "No questions pending moderation",
  noPendingTestimonies: "No testimonies pending moderation",
} as const;

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
  title: z.string().trim().min(1, SERVICES_TEXT.titleRequired).max(SERVICE_TITLE_MAX),
  date: ZDate,
});
export type CreateService = z.infer<typeof ZCreateService>;

export const ZUpdateService = z
  .object({
    title: z.string().trim().min(1, SERVICES_TEXT.titleRequired).max(SERVICE_TITLE_MAX),
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
  question: z.string().trim().min(1, SERVICES_TEXT.pollQuestionRequired).max(POLL_QUESTION_MAX),
  options: z
    .array(z.string().trim().min(1, SERVICES_TEXT.optionRequired).max(POLL_OPTION_MAX))
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

export const ZAskQuestion = z.object({
  text: z.string().trim().min(1, SERVICES_TEXT.questionRequired).max(QUESTION_MAX, SERVICES_TEXT.questionTooLong),
  isAnonymous: z.boolean().default(false),
});
export type AskQuestion = z.input<typeof ZAskQuestion>;
export const ZModerateQuestion = z.object({ isApproved: z.boolean() });

/** GET /api/services/live: the live service with its open polls and approved questions, or `service: null`. */
export const ZLiveService = z.object({
  service: ZService.extend({ polls: z.array(ZLivePoll), questions: z.array(ZQuestion) }).nullable(),
});
export type LiveService = z.infer<typeof ZLiveService>;
