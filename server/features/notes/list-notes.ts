import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { personalNotes } from "../../db/schema/notes";
import type { Note } from "../../../contract/notes";

export const toNote = (r: typeof personalNotes.$inferSelect): Note => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The member's own notes, most recently changed first. */
export async function listNotes(db: Db, userId: string): Promise<Note[]> {
  const rows = await db
    .select()
    .from(personalNotes)
    .where(eq(personalNotes.userId, userId))
    .orderBy(desc(personalNotes.updatedAt), desc(personalNotes.id));
  return rows.map(toNote);
}
