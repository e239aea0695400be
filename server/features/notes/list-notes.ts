import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { personalNotes } from "../../db/schema/notes";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import type { Note, NotePage } from "../../../contract/notes";

export const toNote = (r: typeof personalNotes.$inferSelect): Note => ({
  id: r.id,
  title: r.title,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byMember = eq(personalNotes.userId, sql.placeholder("userId"));
const page = (db: Db, after?: ReturnType<typeof and>) =>
  db
    .select({ n: personalNotes, ts: exactTs(personalNotes.updatedAt) })
    .from(personalNotes)
    .where(after ? and(byMember, after) : byMember)
    .orderBy(desc(personalNotes.updatedAt), desc(personalNotes.id))
    .limit(sql.placeholder("limit"));
/** The first page and the pages after a cursor, each built and planned once (db/prepared.ts), on personal_notes_user_idx. */
const firstPage = prepared("notes.first", (db) => page(db));
const nextPage = prepared("notes.next", (db) =>
  page(db, sql`(${personalNotes.updatedAt}, ${personalNotes.id}) < (${sql.placeholder("ts")}::timestamptz, ${sql.placeholder("id")}::uuid)`),
);

/**
 * The member's own notes, most recently changed first, a keyset page at a time on (updated_at,
 * id): the list grows with the member's years of notes, so no answer holds them all (issue 23).
 * A note saved while the member pages moves to the top; the client refetches every page it holds
 * after its own change, so it is seen once.
 */
export async function listNotes(db: Db, userId: string, q: { cursor?: string; limit: number }): Promise<NotePage> {
  const after = q.cursor ? readCursor(q.cursor, ["ts", "uuid"]) : null;
  const rows = after ? await nextPage(db, { userId, limit: q.limit + 1, ts: after[0], id: after[1] }) : await firstPage(db, { userId, limit: q.limit + 1 });
  const { page: notes, nextCursor } = pageOf(rows, q.limit, (last) => [last.ts, last.n.id]);
  return { notes: notes.map((r) => toNote(r.n)), nextCursor };
}
