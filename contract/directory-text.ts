/** The directory's and the email choices' texts that the server also uses (issue 20), without zod. */
export const DIRECTORY_TEXT = {
  badCursor: "This page of the directory is no longer available. Search again.",
  searchTooLong: "Search for at most 100 characters",
} as const;

export const UNSUBSCRIBE_TEXT = {
  /** The same answer for every token, valid or not: it tells nothing about any account. */
  done: "If this link was yours, you will no longer get church news by email.",
} as const;
