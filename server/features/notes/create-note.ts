import type { Deps } from "../../deps";
import { personalNotes } from "../../db/schema/notes";
import type { NoteInput } from "../../../contract/notes";
import { toNote } from "./list-notes";

/** A new note: createdAt and updatedAt are the same instant, so it shows 'Created'. */
export async function createNote(deps: Deps, userId: string, input: NoteInput) {
  const now = deps.now();
  const [row] = await deps.db
    .insert(personalNotes)
    .values({ userId, title: input.title, content: input.content, createdAt: now, updatedAt: now })
    .returning();
  return toNote(row);
}
