import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { personalNotes } from "../../db/schema/notes";
import { NOTE_TEXT } from "../../../contract/notes";
import { notFound } from "../../http/app-error";
import { toNote } from "./list-notes";

/** Owner only: another member's note is a 404. */
export async function getNote(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(personalNotes)
    .where(and(eq(personalNotes.id, id), eq(personalNotes.userId, userId)));
  if (!row) throw notFound(NOTE_TEXT.notFound);
  return toNote(row);
}
