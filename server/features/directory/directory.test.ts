/**
 * The church directory (issue 20, decision 0118): off by default; a member's own switches; the
 * privacy matrix (every combination of listed × photo × email × phone, seen by a member and by
 * staff: no field a member did not share ever appears); search by name; keyset pages; isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq, isNotNull, isNull } from "drizzle-orm";
import { API } from "../../../contract/api-paths";
import { createTestApp, type TestApp } from "../../testing/harness";
import { memberPhotos, users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import { memberPhotoUrl } from "../../../contract/member-photo";
import { DIRECTORY_TEXT, ZDirectoryPage, type DirectoryEntry, type DirectoryPage, type DirectorySettings } from "../../../contract/directory";
import { messagesFor } from "../../i18n";
import sharp from "sharp";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let viewer: Account;
let staff: Account;
let pastor: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "directorySettings=1000" } });
  viewer = await t.signUp("MEMBER", { firstName: "Vera", lastName: "Viewer" });
  staff = await t.signUp("STAFF", { firstName: "Stan", lastName: "Staffer" });
  pastor = await t.signUp("PASTOR", { firstName: "Paula", lastName: "Pastor" });
});
afterAll(() => t.close());

const getMine = (who: Account | null) => t.app.inject({ method: "GET", url: "/api/me/directory", headers: who?.auth });
const putMine = (who: Account | null, payload: object) => t.app.inject({ method: "PUT", url: "/api/me/directory", headers: who?.auth, payload });
async function search(who: Account, query: Record<string, string> = {}) {
  const res = await t.app.inject({ method: "GET", url: `/api/directory?${new URLSearchParams(query).toString()}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  // PostgreSQL writes the answer (decision 0142): byte for byte what the response schema wrote.
  expect(res.body).toBe(JSON.stringify(ZDirectoryPage.parse(JSON.parse(res.body))));
  return res.json() as DirectoryPage;
}
/** Every page of a search. */
async function searchAll(who: Account, q: string, limit = "100") {
  const out: DirectoryEntry[] = [];
  let after: string | null = null;
  do {
    const page: DirectoryPage = await search(who, { q, limit, ...(after ? { cursor: after } : {}) });
    out.push(...page.members);
    after = page.nextCursor;
  } while (after);
  return out;
}

describe("a member's own settings", () => {
  it("are off by default, change one switch at a time, and belong to the member only", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await getMine(a)).json()).toEqual({ listed: false, showPhoto: false, showEmail: false, showPhone: false });
    const put = await putMine(a, { listed: true, showEmail: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ listed: true, showPhoto: false, showEmail: true, showPhone: false });
    expect((await putMine(a, { showPhone: true })).json()).toEqual({ listed: true, showPhoto: false, showEmail: true, showPhone: true });
    // b's settings are untouched by a's.
    expect((await getMine(b)).json()).toEqual({ listed: false, showPhoto: false, showEmail: false, showPhone: false });
    const [row] = await t.db.select().from(directoryListings).where(eq(directoryListings.userId, a.user.id));
    expect(row.listedAt).toBeInstanceOf(Date);
  });

  it("refuses what is not a switch, and anyone not signed in", async () => {
    const a = await t.signUp();
    const bad = await putMine(a, { listed: "yes" });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { issues: { path: string }[] }).issues[0].path).toBe("body.listed");
    expect((await putMine(a, { userId: viewer.user.id, listed: true })).statusCode).toBe(400);
    expect((await getMine(null)).statusCode).toBe(401);
    expect((await putMine(null, { listed: true })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/directory" })).statusCode).toBe(401);
  });
});

describe("the privacy matrix", () => {
  type Case = { id: string; email: string; phone: string; version: string; listed: boolean; photo: boolean; mail: boolean; tel: boolean };
  /** 16 members, one per combination of listed × photo × email × phone, each with an email, a phone and a photo. */
  async function matrixMembers(tag: string) {
    const cases: Case[] = [];
    for (let bits = 0; bits < 16; bits++) {
      const [listed, photo, mail, tel] = [8, 4, 2, 1].map((b) => (bits & b) !== 0);
      const email = `matrix-${bits}-${tag}@example.org`;
      const phone = `+1555${String(1000000 + bits)}`;
      const [u] = await t.db
        .insert(users)
        .values({ email, passwordHash: "x", firstName: `Mx${bits}`, lastName: `Matrix${tag}`, role: "MEMBER", phone })
        .returning();
      const version = `v${bits}${tag}`;
      await t.db.insert(memberPhotos).values({ userId: u.id, version, large: Buffer.from("L"), small: Buffer.from("S") });
      await t.db.insert(directoryListings).values({ userId: u.id, listed, showPhoto: photo, showEmail: mail, showPhone: tel });
      cases.push({ id: u.id, email, phone, version, listed, photo, mail, tel });
    }
    return cases;
  }
  /**
   * Each combination, as a member and as staff saw it: exactly the shared fields (staff: plus role
   * and listing), unlisted members absent for a member; and no unshared value anywhere in the raw answers.
   */
  function expectOnlyShared(cases: Case[], asMember: DirectoryEntry[], asStaff: DirectoryEntry[], tag: string) {
    for (const c of cases) {
      const name = { id: c.id, firstName: expect.any(String) as string, lastName: `Matrix${tag}` };
      const shared = {
        ...(c.listed && c.photo ? { photoUrl: memberPhotoUrl(c.id, c.version, "small") } : {}),
        ...(c.listed && c.mail ? { email: c.email } : {}),
        ...(c.listed && c.tel ? { phone: c.phone } : {}),
      };
      const m = asMember.filter((e) => e.id === c.id);
      if (c.listed) expect(m).toStrictEqual([{ ...name, ...shared }]);
      else expect(m).toEqual([]);
      expect(asStaff.filter((e) => e.id === c.id)).toStrictEqual([{ ...name, ...shared, role: "MEMBER", listed: c.listed }]);
      // Belt and braces: nothing unshared anywhere in the raw answers.
      for (const answer of [JSON.stringify(asMember), JSON.stringify(asStaff)]) {
        if (!(c.listed && c.mail)) expect(answer).not.toContain(c.email);
        if (!(c.listed && c.tel)) expect(answer).not.toContain(c.phone);
        if (!(c.listed && c.photo)) expect(answer).not.toContain(c.version);
      }
    }
  }

  it("every combination of listed × photo × email × phone, seen by a member and by staff, shows only what was shared", async () => {
    const tag = randomBytes(4).toString("hex");
    const cases = await matrixMembers(tag);
    const asMember = await searchAll(viewer, `Matrix${tag}`);
    const asStaff = await searchAll(staff, `Matrix${tag}`);
    expect(asStaff).toHaveLength(16);
    expect(asMember).toHaveLength(8);
    expectOnlyShared(cases, asMember, asStaff, tag);
  });

  it("the list without a search (its own prepared query, first and later pages) keeps the same privacy, for a member and for staff", async () => {
    const tag = randomBytes(4).toString("hex");
    const cases = await matrixMembers(tag);
    // Every page of the unsearched directory, in small pages so the later-page query runs too.
    const asMember = await searchAll(viewer, "", "7");
    const asStaff = await searchAll(staff, "", "7");
    const ids = new Set(cases.map((c) => c.id));
    expect(asMember.filter((e) => ids.has(e.id))).toHaveLength(8);
    expect(asStaff.filter((e) => ids.has(e.id))).toHaveLength(16);
    // A member's whole list holds only listed members and never role or listing; staff's holds everyone who is not deleted.
    const listedIds = new Set((await t.db.select({ id: directoryListings.userId }).from(directoryListings).where(eq(directoryListings.listed, true))).map((r) => r.id));
    expect(asMember.filter((e) => !listedIds.has(e.id))).toEqual([]);
    expect(asMember.filter((e) => "role" in e || "listed" in e)).toEqual([]);
    const living = await t.db.select({ id: users.id }).from(users).where(isNull(users.deletedAt));
    expect(asStaff).toHaveLength(living.length);
    expect(new Set(asStaff.map((e) => e.id))).toEqual(new Set(living.map((u) => u.id)));
    expectOnlyShared(cases, asMember, asStaff, tag);
  });

  it("a shared photo or phone the member does not have is simply absent", async () => {
    const last = `Nophone${randomBytes(3).toString("hex")}`;
    const a = await t.signUp("MEMBER", { firstName: "Nophoto", lastName: last });
    await putMine(a, { listed: true, showPhoto: true, showPhone: true, showEmail: false });
    const [entry] = await searchAll(viewer, last);
    expect(entry).toStrictEqual({ id: a.user.id, firstName: "Nophoto", lastName: last });
  });

  it("staff see every member by name and role, listed or not; a member never sees role or listing", async () => {
    const tag = randomBytes(3).toString("hex");
    const s = await t.signUp("STAFF", { firstName: "Role", lastName: `Check${tag}` });
    const m = await t.signUp("MEMBER", { firstName: "Role", lastName: `Check${tag}` });
    await putMine(m, { listed: true });
    for (const who of [staff, pastor]) {
      const seen = await searchAll(who, `Check${tag}`);
      expect(seen.map((e) => [e.id, e.role, e.listed]).sort()).toEqual(
        [
          [s.user.id, "STAFF", false],
          [m.user.id, "MEMBER", true],
        ].sort(),
      );
    }
    const byMember = await searchAll(viewer, `Check${tag}`);
    expect(byMember).toStrictEqual([{ id: m.user.id, firstName: "Role", lastName: `Check${tag}` }]);
  });

  it("turning the listing off hides the member again, shared fields and all", async () => {
    const last = `Again${randomBytes(3).toString("hex")}`;
    const a = await t.signUp("MEMBER", { firstName: "Gone", lastName: last });
    await putMine(a, { listed: true, showEmail: true });
    expect(await searchAll(viewer, last)).toHaveLength(1);
    await putMine(a, { listed: false });
    expect(await searchAll(viewer, last)).toHaveLength(0);
    const [forStaff] = await searchAll(staff, last);
    expect(forStaff).toStrictEqual({ id: a.user.id, firstName: "Gone", lastName: last, role: "MEMBER", listed: false });
  });
});

describe("deleted accounts", () => {
  it("are in no directory answer: not to members, not to staff, searched or not", async () => {
    const tag = randomBytes(3).toString("hex");
    // One deleted through "Delete my account" while listed with everything shared...
    const gone = await t.signUp("MEMBER", { firstName: "Gone", lastName: `Away${tag}` });
    expect((await putMine(gone, { listed: true, showPhoto: true, showEmail: true, showPhone: true })).statusCode).toBe(200);
    expect(await searchAll(viewer, `Away${tag}`)).toHaveLength(1);
    const del = await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: gone.auth, payload: { password: gone.password } });
    expect(del.statusCode, del.body).toBe(204);
    // ...and a tombstone whose listing row is still there (the query itself must refuse it, not only the deletion's cleanup).
    const [ghost] = await t.db
      .insert(users)
      .values({ email: `deleted-member:ghost-${tag}`, passwordHash: "!deleted", firstName: "Deleted", lastName: "member", role: "MEMBER", deletedAt: new Date() })
      .returning();
    await t.db.insert(directoryListings).values({ userId: ghost.id, listed: true, showPhoto: true, showEmail: true, showPhone: true });
    const still = await t.signUp("MEMBER", { firstName: "Still", lastName: `Here${tag}` });
    await putMine(still, { listed: true });

    const deletedIds = new Set((await t.db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt))).map((u) => u.id));
    expect(deletedIds.has(gone.user.id) && deletedIds.has(ghost.id)).toBe(true);
    for (const who of [viewer, staff, pastor]) {
      for (const [q, limit] of [["", "7"], ["", "100"], ["Deleted member", "100"], [`Away${tag}`, "100"], ["member", "3"]] as const) {
        const seen = await searchAll(who, q, limit);
        expect(seen.filter((e) => deletedIds.has(e.id)), `${who.user.role} asking "${q}"`).toEqual([]);
        expect(seen.filter((e) => e.firstName === "Deleted" && e.lastName === "member")).toEqual([]);
      }
      // A living member is still found, so the filter is not hiding everyone.
      expect((await searchAll(who, `Here${tag}`)).map((e) => e.id)).toEqual([still.user.id]);
      expect((await searchAll(who, "", "100")).map((e) => e.id)).toContain(still.user.id);
    }
  });
});

describe("search", () => {
  it("matches every word in the first or last name, case-insensitively, with % and _ taken literally", async () => {
    const tag = randomBytes(3).toString("hex");
    const ruth = await t.signUp("MEMBER", { firstName: "Ruth", lastName: `Moab${tag}` });
    const naomi = await t.signUp("MEMBER", { firstName: "Naomi", lastName: `Moab${tag}` });
    for (const a of [ruth, naomi]) await putMine(a, { listed: true });
    expect((await searchAll(viewer, `moab${tag}`)).map((e) => e.firstName)).toEqual(["Naomi", "Ruth"]);
    expect((await searchAll(viewer, `ruth MOAB${tag}`)).map((e) => e.id)).toEqual([ruth.user.id]);
    expect(await searchAll(viewer, `ruth zzz${tag}`)).toEqual([]);
    expect(await searchAll(viewer, `%${tag}`)).toEqual([]);
    expect(await searchAll(viewer, `_oab${tag}`)).toEqual([]);
  });

  it("pages by last name, first name and id: every listed member once, in order, and a bad cursor is a 400", async () => {
    const tag = randomBytes(3).toString("hex");
    const names = ["Cole", "abel", "Baker", "Abel", "Drew", "Baker"];
    const made: Account[] = [];
    for (const [i, last] of names.entries()) {
      const a = await t.signUp("MEMBER", { firstName: `P${i}${tag}`, lastName: last });
      await putMine(a, { listed: true });
      made.push(a);
    }
    const all = await searchAll(viewer, tag, "2");
    expect(all).toHaveLength(names.length);
    expect(new Set(all.map((e) => e.id)).size).toBe(names.length);
    const keys = all.map((e) => `${e.lastName.toLowerCase()} ${e.firstName.toLowerCase()}`);
    expect(keys).toEqual([...keys].sort());
    const bad = await t.app.inject({ method: "GET", url: "/api/directory?cursor=not-a-cursor", headers: viewer.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ issues: [{ path: "cursor", message: DIRECTORY_TEXT.badCursor }] });
    const es = await t.app.inject({ method: "GET", url: "/api/directory?cursor=x", headers: { ...viewer.auth, "accept-language": "es" } });
    expect(es.json()).toMatchObject({ issues: [{ message: messagesFor("es").directory.text.badCursor }] });
  });

  it("an unlisted member's id as a cursor tells a member nothing about them", async () => {
    const hidden = await t.signUp("MEMBER", { firstName: "Hidden", lastName: "Person" });
    const res = await t.app.inject({ method: "GET", url: `/api/directory?cursor=${hidden.user.id}`, headers: viewer.auth });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain("Hidden");
  });
});

describe("settings round trip", () => {
  it("what a member saves is what the directory shows", async () => {
    const last = `Trip${randomBytes(3).toString("hex")}`;
    const a = await t.signUp("MEMBER", { firstName: "Round", lastName: last });
    const saved = (await putMine(a, { listed: true, showEmail: true })).json() as DirectorySettings;
    expect(saved.showEmail).toBe(true);
    const [entry] = await searchAll(viewer, last);
    expect(entry.email).toBe(a.user.email);
  });
});

describe("a shared photo", () => {
  it("is served to the member who found it, at the directory's size (a URL the photo route answers)", async () => {
    const last = `Photo${randomBytes(3).toString("hex")}`;
    const a = await t.signUp("MEMBER", { firstName: "Pic", lastName: last });
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#2f6fb5" } }).jpeg().toBuffer();
    const put = await t.app.inject({ method: "PUT", url: "/api/me/photo", headers: { ...a.auth, "content-type": "image/jpeg" }, payload: jpeg });
    expect(put.statusCode, put.body).toBe(200);
    await putMine(a, { listed: true, showPhoto: true });
    const [entry] = await searchAll(viewer, last);
    expect(entry.photoUrl).toMatch(/\/128$/);
    const photo = await t.app.inject({ method: "GET", url: entry.photoUrl!, headers: viewer.auth });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(128);
  });
});

describe("the answer's text", () => {
  it("is what the response schema writes, for names with quotes, backslashes, line breaks and accents, to a member and to staff", async () => {
    const odd = [
      { firstName: 'Jo "JJ"', lastName: "Ñúñez\\Back" },
      { firstName: "Line\nBreak", lastName: "Tab\tO'Neil" },
      { firstName: "Émile </script>", lastName: "Zoë 🙏" },
    ];
    for (const names of odd) {
      const m = await t.signUp("MEMBER", names);
      expect((await putMine(m, { listed: true, showEmail: true, showPhone: true, showPhoto: true })).statusCode).toBe(200);
    }
    for (const who of [viewer, staff]) {
      for (const q of ["", "o"]) {
        const all = await searchAll(who, q, "2");
        for (const names of odd.filter((n) => !q || `${n.firstName} ${n.lastName}`.toLowerCase().includes(q))) {
          expect(all.some((e) => e.firstName === names.firstName && e.lastName === names.lastName)).toBe(true);
        }
      }
    }
  });
});
