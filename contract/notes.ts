import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./notes-text";
import { NOTE_CONTENT_MAX, NOTE_STAMP, NOTE_TEXT, NOTE_TITLE_MAX, NOTES_PAGE_MAX, NOTES_PAGE_SIZE } from "./notes-text";

export const ZNoteInput = z.object({
  title: displayText().trim().min(1, NOTE_TEXT.titleRequired).max(NOTE_TITLE_MAX, NOTE_TEXT.titleTooLong),
  content: displayText().trim().min(1, NOTE_TEXT.contentRequired).max(NOTE_CONTENT_MAX, NOTE_TEXT.contentTooLong),
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

/**
 * GET /api/personal-notes: the member's notes most recently changed first, a keyset page at a
 * time (`cursor`: the previous page's nextCursor; null when no page follows).
 */
export const ZNotesQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(NOTES_PAGE_MAX).default(NOTES_PAGE_SIZE),
});
export const ZNotePage = z.object({ notes: z.array(ZNote), nextCursor: z.string().nullable() });
export type NotePage = z.infer<typeof ZNotePage>;

/** 'Updated' when updatedAt differs from createdAt, else 'Created' (spec section 4). */
export const noteStamp = (n: Pick<Note, "createdAt" | "updatedAt">) =>
  n.updatedAt !== n.createdAt ? { label: NOTE_STAMP.updated, at: n.updatedAt } : { label: NOTE_STAMP.created, at: n.createdAt };
