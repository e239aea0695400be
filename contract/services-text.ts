/**
 * The live service's limits and texts, without zod, so the message files (contract/i18n) can
 * carry them into the first screen without the validation library (decision 0072). The schemas
 * are in contract/services.ts, which re-exports this module.
 */
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
