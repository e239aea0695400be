/**
 * The daily journeys' keys, length and names, without zod, so the message files
 * (contract/i18n) carry them without the validation library (decision 0072). The schemas are in
 * contract/connect.ts, which re-exports this module.
 */
export const SEQUENCE_KEYS = ["SCRIPTURES_14", "AFFIRMATIONS_14"] as const;
export type SequenceKey = (typeof SEQUENCE_KEYS)[number];
export const JOURNEY_DAYS = 14;

export const SEQUENCE_LABELS: Record<SequenceKey, { title: string; description: string }> = {
  SCRIPTURES_14: { title: "14 Days of Scripture", description: "A verse and a short devotional each morning" },
  AFFIRMATIONS_14: { title: "14 Days of Affirmations", description: "Truths about who you are in Christ" },
};

export const DAILY_TEXT = {
  enrolled: "Enrolled successfully",
  enrolledDescription: "You will receive daily content via email!",
  enrollFailed: "Enrollment failed",
  enrollFailedFallback: "Please try again.",
  alreadyEnrolled: "You are already enrolled in a daily journey. Finish it before starting another.",
  unsubscribed: "You have been unsubscribed. Your daily journey emails have stopped.",
  unsubscribeUnknown: "This unsubscribe link is not valid or was already used.",
} as const;

export const CHALLENGE_TEXT = {
  joined: "Challenge joined!",
  joinFailed: "Failed to join challenge",
  progressUpdated: "Progress updated!",
  progressFailed: "Failed to update progress",
  notJoined: "Join this challenge first",
  notFound: "Challenge not found",
} as const;

export const GROUP_TEXT = {
  joined: "Joined group!",
  joinFailed: "Failed to join group",
  notFound: "Group not found",
} as const;

export const TESTIMONY_TOAST = {
  shared: "Testimony shared!",
  sharedDescription: "Your testimony has been submitted for review.",
  shareFailed: "Failed to share testimony",
  amen: "Amen!",
  amenFailed: "Failed to amen testimony",
} as const;

export const MEDIA_TEXT = { empty: "No sermon videos yet" } as const;
