/** Personal notes (spec sections 3, 4, 5, 7): validation, owner-only access, Created/Updated stamps. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { personalNotes } from "../../db/schema/notes";
import { writeCursor } from "../../http/keyset";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { NOTE_TEXT, NOTES_PAGE_SIZE, noteStamp, type Note, type NotePage } from "../../../contract/notes";

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const call = (auth: Auth, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, payload: payload as never });
const create = async (auth: Auth, title = "Sermon notes", content = "Grace upon grace") => {
  const res = await call(auth, "POST", "/api/personal-notes", { title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Note;
};
const messages = (res: { json(): unknown }) => (res.json() as { issues: { message: string }[] }).issues.map((i) => i.message);

describe("personal notes", () => {
  it("pages the list (issue 23): most recently changed first, every note once across pages, only the member's own, and a bad cursor is a 400", async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    // 45 notes on 15 instants (three share each, down to the microsecond), and another member's on the same instants.
    const base = Date.parse("2026-03-01T10:00:00.123Z");
    const rows = (userId: string) =>
      Array.from({ length: 45 }, (_, i) => {
        const at = new Date(base + Math.floor(i / 3) * 60_000);
        return { userId, title: `Note ${i}`, content: "x", createdAt: at, updatedAt: at };
      });
    await t.db.insert(personalNotes).values([...rows(m.user.id), ...rows(other.user.id)]);
    const mine = await t.db.select().from(personalNotes).where(eq(personalNotes.userId, m.user.id));
    const expected = mine.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1)).map((n) => n.id);

    const first = (await call(m.auth, "GET", "/api/personal-notes")).json() as NotePage;
    expect(first.notes).toHaveLength(NOTES_PAGE_SIZE);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await call(m.auth, "GET", `/api/personal-notes?limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as NotePage;
      expect(page.notes.length).toBeLessThanOrEqual(7);
      seen.push(...page.notes.map((n) => n.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(pages).toBe(7);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(45);
    expect(first.notes.map((n) => n.id)).toEqual(expected.slice(0, NOTES_PAGE_SIZE));

    for (const bad of ["bm9wZQ", writeCursor("2026-03-01", "x"), writeCursor("2026-03-01T10:00:00Z", "not-a-uuid")]) {
      const res = await call(m.auth, "GET", `/api/personal-notes?cursor=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: "query.cursor", message: ERROR_TEXT.invalidCursor }]);
    }
    expect((await call(m.auth, "GET", "/api/personal-notes?limit=101")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/personal-notes" })).statusCode).toBe(401);
  });

  it("creates a note that shows 'Created', lists it, and shows 'Updated' after an edit", async () => {
    const m = await t.signUp();
    const note = await create(m.auth, "  John 1  ", "In the beginning was the Word");
    expect(note).toMatchObject({ title: "John 1", content: "In the beginning was the Word" });
    expect(note.createdAt).toBe(note.updatedAt);
    expect(noteStamp(note).label).toBe("Created");
    const list = (await call(m.auth, "GET", "/api/personal-notes")).json() as NotePage;
    expect(list).toEqual({ notes: [note], nextCursor: null });

    offsetMs = 60_000;
    const res = await call(m.auth, "PUT", `/api/personal-notes/${note.id}`, { title: "John 1:1-5", content: "Light shines" });
    offsetMs = 0;
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as Note;
    expect(edited).toMatchObject({ id: note.id, title: "John 1:1-5", content: "Light shines", createdAt: note.createdAt });
    expect(noteStamp(edited)).toEqual({ label: "Updated", at: edited.updatedAt });
    expect(Date.parse(edited.updatedAt) - Date.parse(edited.createdAt)).toBeGreaterThanOrEqual(59_000);
  });

  it("validates title and content with the spec's messages", async () => {
    const m = await t.signUp();
    expect(messages(await call(m.auth, "POST", "/api/personal-notes", { title: "  ", content: "x" }))).toEqual([NOTE_TEXT.titleRequired]);
    expect(messages(await call(m.auth, "POST", "/api/personal-notes", { title: "x".repeat(256), content: "x" }))).toEqual([NOTE_TEXT.titleTooLong]);
    expect(messages(await call(m.auth, "POST", "/api/personal-notes", { title: "ok", content: "" }))).toEqual([NOTE_TEXT.contentRequired]);
    expect((await call(m.auth, "POST", "/api/personal-notes", { title: "x".repeat(255), content: "x" })).statusCode).toBe(201);
    const note = await create(m.auth);
    expect(messages(await call(m.auth, "PUT", `/api/personal-notes/${note.id}`, { title: "", content: "x" }))).toEqual([NOTE_TEXT.titleRequired]);
  });

  it("answers in the member's language (Accept-Language), English otherwise", async () => {
    const m = await t.signUp();
    const es = { ...m.auth, "accept-language": "es-419,es;q=0.9" };
    expect(messages(await call(es, "POST", "/api/personal-notes", { title: " ", content: "x" }))).toEqual(["El título es obligatorio"]);
    expect(messages(await call(es, "POST", "/api/personal-notes", { title: "ok", content: "x".repeat(20_001) }))).toEqual(["El contenido debe tener menos de 20000 caracteres"]);
    const missing = await call(es, "GET", "/api/personal-notes/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("No se encontró la nota");
    expect((await call(m.auth, "GET", "/api/personal-notes/00000000-0000-4000-8000-000000000000")).json().error).toBe(NOTE_TEXT.notFound);
  });

  it("keeps notes private: another member's note is a 404 for read, update and delete, and never listed", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const note = await create(owner.auth, "Private", "Only mine");
    expect(((await call(other.auth, "GET", "/api/personal-notes")).json() as NotePage).notes.some((n) => n.id === note.id)).toBe(false);
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { title: "Hijack", content: "changed" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(other.auth, method, `/api/personal-notes/${note.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toBe(NOTE_TEXT.notFound);
    }
    const still = (await call(owner.auth, "GET", `/api/personal-notes/${note.id}`)).json() as Note;
    expect(still).toMatchObject({ title: "Private", content: "Only mine" });
  });

  it("deletes a note (then it is gone), and needs a signed-in member", async () => {
    const m = await t.signUp();
    const note = await create(m.auth);
    expect((await call(m.auth, "DELETE", `/api/personal-notes/${note.id}`)).statusCode).toBe(204);
    expect((await call(m.auth, "GET", "/api/personal-notes")).json()).toEqual({ notes: [], nextCursor: null });
    expect((await call(m.auth, "DELETE", `/api/personal-notes/${note.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/personal-notes" })).statusCode).toBe(401);
    expect((await call(m.auth, "GET", "/api/personal-notes/not-a-uuid")).statusCode).toBe(400);
  });
});
