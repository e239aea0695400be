/**
 * Connect's texts (daily journey, challenges, groups, testimony toasts, media), without zod, so
 * the message files (contract/i18n) carry them without the validation library (decision 0072).
 * The schemas are in contract/connect.ts, which re-exports this module. The journeys themselves
 * (titles, days) are content staff write (decision 0108), not messages.
 */
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

export const MEDIA_TEXT = { empty: "No sermon videos yet", emptyStaff: "No videos yet. Add one in Admin, Media, or name the church's YouTube channel in Admin, Church." } as const;
