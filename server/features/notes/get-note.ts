import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { personalNotes } from "../../db/schema/notes";
import { NOTE_TEXT } from "../../../contract/notes";
import { notFound } from "../../http/app-error";
import { toNote } from "./list-notes";

/** Built and planned once (db/prepared.ts; issue 23): the primary key, and the owner. */
const ownNote = prepared("notes.one", (db) =>
  db
    .select()
    .from(personalNotes)
    .where(and(eq(personalNotes.id, sql.placeholder("id")), eq(personalNotes.userId, sql.placeholder("userId")))),
);

/** Owner only: another member's note is a 404. */
export async function getNote(db: Db, userId: string, id: string) {
  const [row] = await ownNote(db, { id, userId });
  if (!row) throw notFound(NOTE_TEXT.notFound);
  return toNote(row);
}
