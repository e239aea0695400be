import { z } from "./zod-setup";

/** Personal notes (spec sections 3, 4, 5, 7, 8 and 9). */
export const NOTE_TITLE_MAX = 255;
export const NOTE_CONTENT_MAX = 20_000;

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

export const ZNoteInput = z.object({
  title: z.string().trim().min(1, NOTE_TEXT.titleRequired).max(NOTE_TITLE_MAX, NOTE_TEXT.titleTooLong),
  content: z.string().trim().min(1, NOTE_TEXT.contentRequired).max(NOTE_CONTENT_MAX, NOTE_TEXT.contentTooLong),
});
export type NoteInput = z.infer<typeof ZNoteInput>;

export const ZNote = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof ZNote>;

export const ZNoteIdParams = z.object({ id: z.uuid() });

/** 'Updated' when updatedAt differs from createdAt, else 'Created' (spec section 4). */
export const noteStamp = (n: Pick<Note, "createdAt" | "updatedAt">) =>
  n.updatedAt !== n.createdAt ? { label: "Updated", at: n.updatedAt } : { label: "Created", at: n.createdAt };
