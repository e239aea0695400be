/**
 * Personal notes: limits and texts, without zod, so the message files (contract/i18n) carry them
 * without the validation library (decision 0072). The schemas are in contract/notes.ts, which
 * re-exports this module.
 */
/** Personal notes (spec sections 3, 4, 5, 7, 8 and 9). */
export const NOTE_TITLE_MAX = 255;
export const NOTE_CONTENT_MAX = 20_000;
/** GET /api/personal-notes answers this many notes a page ("Load more" asks the next; issue 23, decision 0126). */
export const NOTES_PAGE_SIZE = 20;
export const NOTES_PAGE_MAX = 100;

export const NOTE_TEXT = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be less than 255 characters",
  contentRequired: "Content is required",
  contentTooLong: `Content must be less than ${NOTE_CONTENT_MAX} characters`,
  deleteConfirm: "Are you sure you want to delete this note?",
  success: "Success",
  created: "Note created successfully",
  updated: "Note updated successfully",
  deleted: "Note deleted successfully",
  errorTitle: "Error",
  createFailed: "Failed to create note",
  updateFailed: "Failed to update note",
  deleteFailed: "Failed to delete note",
  notFound: "Note not found",
} as const;

/** The stamp under a note's title (spec section 4): see noteStamp in contract/notes.ts. */
export const NOTE_STAMP = { created: "Created", updated: "Updated" } as const;
