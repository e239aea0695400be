import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { personalNotes } from "../../db/schema/notes";
import { NOTE_TEXT } from "../../../contract/notes";
import { notFound } from "../../http/app-error";

/** Owner only: another member's note is a 404. */
export async function deleteNote(db: Db, userId: string, id: string) {
  const deleted = await db
    .delete(personalNotes)
    .where(and(eq(personalNotes.id, id), eq(personalNotes.userId, userId)))
    .returning({ id: personalNotes.id });
  if (!deleted.length) throw notFound(NOTE_TEXT.notFound);
}
