/** Live-stream comments (spec sections 3, 5, 7, 9): length limits, newest first, paging, staff delete, events. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { COMMENT_TEXT, type LiveComment } from "../../../contract/comments";

let tick = 0;
const base = Date.now();
/** Each call a second later, so order by time is deterministic. */
const now = () => new Date(base + (tick += 1000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t.close());

type Auth = { authorization: string };
const post = (auth: Auth, message: unknown) => t.app.inject({ method: "POST", url: "/api/livestream-comments", headers: auth, payload: { message } as never });
const list = async (auth: Auth, qs = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/livestream-comments${qs}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LiveComment[];
};

describe("live comments", () => {
  it("enforces 1 to 500 characters with the spec's messages", async () => {
    const m = await t.signUp();
    expect((await post(m.auth, "   ")).json().issues[0].message).toBe(COMMENT_TEXT.required);
    expect((await post(m.auth, "x".repeat(501))).json().issues[0].message).toBe(COMMENT_TEXT.tooLong);
    expect((await post(m.auth, "x".repeat(500))).statusCode).toBe(201);
    expect((await post(m.auth, "a")).statusCode).toBe(201);
    expect((await t.app.inject({ method: "POST", url: "/api/livestream-comments", payload: { message: "hi" } })).statusCode).toBe(401);
  });

  it("posts with the author's name, publishes new-comment, and lists newest first with paging", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const spy = vi.spyOn(t.deps.bus, "publish");
    const ids: string[] = [];
    for (const msg of ["first", "second", "third"]) {
      const res = await post(m.auth, msg);
      expect(res.statusCode).toBe(201);
      const c = res.json() as LiveComment;
      expect(c).toMatchObject({ message: msg, userName: "Lydia T.", isMine: true });
      expect(spy).toHaveBeenCalledWith("new-comment", { commentId: c.id });
      ids.push(c.id);
    }
    spy.mockRestore();
    const page1 = await list(m.auth, "?limit=2");
    expect(page1.map((c) => c.message)).toEqual(["third", "second"]);
    const page2 = await list(m.auth, `?limit=2&before=${page1[1].id}`);
    expect(page2[0].message).toBe("first");
    const other = await t.signUp();
    const seen = (await list(other.auth)).find((c) => c.id === ids[0])!;
    expect(seen).toMatchObject({ userName: "Lydia T.", isMine: false, userProfileImageUrl: null });
  });

  it("pages without a gap or a repeat when comments share a millisecond (microseconds apart)", async () => {
    const m = await t.signUp();
    // Twelve comments in one millisecond of 2099 (so they are the newest), 7 µs apart.
    await t.db.execute(sql`
      insert into livestream_comments (user_id, message, created_at)
      select ${m.user.id}::uuid, 'same ms ' || i, timestamptz '2099-01-01 10:00:00.123001+00' + (i * 7) * interval '1 microsecond'
      from generate_series(1, 12) i`);
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 3; page++) {
      const items = await list(m.auth, `?limit=5${before ? `&before=${before}` : ""}`);
      seen.push(...items.map((c) => c.message));
      before = items.at(-1)?.id;
    }
    expect(seen.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `same ms ${12 - i}`));
  });

  it("rejects a page size over 100", async () => {
    const m = await t.signUp();
    const res = await t.app.inject({ method: "GET", url: "/api/livestream-comments?limit=101", headers: m.auth });
    expect(res.statusCode).toBe(400);
  });

  it("lets staff, not members, delete a comment, and tells every open feed (comment-deleted)", async () => {
    const m = await t.signUp();
    const pastor = await t.signUp("PASTOR");
    const c = (await post(m.auth, "delete me")).json() as LiveComment;
    const del = (auth: Auth) => t.app.inject({ method: "DELETE", url: `/api/livestream-comments/${c.id}`, headers: auth });
    expect((await del(m.auth)).statusCode).toBe(403);
    expect((await list(m.auth)).some((x) => x.id === c.id)).toBe(true);
    const spy = vi.spyOn(t.deps.bus, "publish");
    expect((await del(pastor.auth)).statusCode).toBe(204);
    expect(spy).toHaveBeenCalledWith("comment-deleted", { commentId: c.id });
    spy.mockRestore();
    expect((await list(m.auth)).some((x) => x.id === c.id)).toBe(false);
    expect((await del(pastor.auth)).statusCode).toBe(404);
    expect((await del(pastor.auth)).json().error).toBe(COMMENT_TEXT.notFound);
  });

  it("answers in the member's language (Accept-Language): validation and not found", async () => {
    const m = await t.signUp();
    const es = { ...m.auth, "accept-language": "es" };
    const res = await t.app.inject({ method: "POST", url: "/api/livestream-comments", headers: es, payload: { message: " " } });
    expect(res.json().issues[0].message).toBe("El comentario es obligatorio");
    const pastor = await t.signUp("PASTOR");
    const gone = await t.app.inject({ method: "DELETE", url: "/api/livestream-comments/00000000-0000-4000-8000-000000000000", headers: { ...pastor.auth, "accept-language": "es-MX" } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("No se encontró el comentario");
  });

  it("shows the author's photo to others only when they share it in the directory, and always on their own comments", async () => {
    const author = await t.signUp("MEMBER", { firstName: "Dorcas", lastName: "Joppa" });
    const viewer = await t.signUp();
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2f6fb5" } }).jpeg().toBuffer();
    const put = await t.app.inject({ method: "PUT", url: "/api/me/photo", headers: { ...author.auth, "content-type": "image/jpeg" }, payload: jpeg });
    expect(put.statusCode, put.body).toBe(200);
    const posted = (await post(author.auth, "with a photo")).json() as LiveComment;
    expect(posted.userProfileImageUrl).toMatch(new RegExp(`^/api/members/${author.user.id}/photo/[0-9a-f]+/128$`));
    const seenBy = async (who: { auth: Auth }) => (await list(who.auth)).find((c) => c.id === posted.id)!.userProfileImageUrl;
    expect(await seenBy(author)).toBe(posted.userProfileImageUrl);
    expect(await seenBy(viewer)).toBeNull();
    const directory = (payload: object) => t.app.inject({ method: "PUT", url: "/api/me/directory", headers: author.auth, payload });
    expect((await directory({ listed: true, showEmail: true })).statusCode).toBe(200);
    expect(await seenBy(viewer)).toBeNull();
    expect((await directory({ showPhoto: true })).statusCode).toBe(200);
    expect(await seenBy(viewer)).toBe(posted.userProfileImageUrl);
    // The photo itself opens for the viewer, who now may see it.
    expect((await t.app.inject({ method: "GET", url: posted.userProfileImageUrl!, headers: viewer.auth })).statusCode).toBe(200);
    expect((await directory({ listed: false })).statusCode).toBe(200);
    expect(await seenBy(viewer)).toBeNull();
  });
});
