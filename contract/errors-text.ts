/**
 * The server's own error texts that belong to no one feature (decision 0072: no zod here, so the
 * message files can take them). A feature's errors live with its other texts.
 */
export const ERROR_TEXT = {
  notFound: "Not found",
  forbidden: "You don't have permission to do that",
  signIn: "Please sign in",
  serverError: "Internal Server Error",
  /** 503 when the database refuses or cannot be reached for a moment (server/http/error-handler.ts). */
  busy: "We're very busy right now. Please try again in a moment.",
  userNotFound: "User not found",
  prayerNotFound: "Prayer request not found",
  testimonyNotFound: "Testimony not found",
  transactionNotFound: "Transaction not found",
  integrationNotFound: "Integration not found",
  challengeExists: "A challenge with this title already exists",
  nestedTooDeep: "The request is nested too deeply",
  unreadableRequest: "The request could not be read",
  requestTooLarge: "The request is too large",
  unsupportedMediaType: "This kind of content is not accepted here",
  /** 400 on a list's `cursor` that no page of ours wrote (server/http/keyset.ts). */
  invalidCursor: "This page is no longer valid. Start again from the first page.",
  /** 429 on a limited write (server/http/write-limits.ts): the wait rounded up to whole minutes. */
  tooManyWrites: (minutes: number) =>
    minutes === 1 ? "You're doing that too often. Please wait a minute and try again." : `You're doing that too often. Please wait ${minutes} minutes and try again.`,
} as const;
