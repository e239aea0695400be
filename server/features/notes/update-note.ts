import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { personalNotes } from "../../db/schema/notes";
import { NOTE_TEXT, type NoteInput } from "../../../contract/notes";
import { notFound } from "../../http/app-error";
import { toNote } from "./list-notes";

/** Owner only: another member's note is a 404, so its existence is not revealed. */
export async function updateNote(deps: Deps, userId: string, id: string, input: NoteInput) {
  const [row] = await deps.db
    .update(personalNotes)
    .set({ title: input.title, content: input.content, updatedAt: deps.now() })
    .where(and(eq(personalNotes.id, id), eq(personalNotes.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTE_TEXT.notFound);
  return toNote(row);
}
