/**
 * The directory's first pages kept per process and served again while the directory's version is
 * unchanged (decision 0147, migration 0052): the version rises with every change to what a
 * directory answer shows, whoever writes it, once per transaction, and never with anything else;
 * a kept page is served only at the version it was read with, so every answer is what reading it
 * afresh gives; and the triggers cover every column the answer's statement reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { memberPhotos, users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import { rowsOf } from "../../db/rows";
import { directoryPageSql, searchDirectory } from "./search-directory";
import { columnsRead, expectVersionTriggersCover } from "../../testing/version-triggers";
import type { AuthUser } from "../../http/auth";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let viewer: Account;
let staff: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "directorySettings=1000,accountDelete=1000" } });
  viewer = await t.signUp("MEMBER", { firstName: "Vera", lastName: "Viewer" });
  staff = await t.signUp("STAFF", { firstName: "Stan", lastName: "Staffer" });
});
afterAll(() => t.close());

const version = async () => Number(rowsOf<{ version: string }>(await t.db.execute(sql`select version::text as version from directory_version`))[0]!.version);
const putMine = (who: Account, payload: object) => t.app.inject({ method: "PUT", url: "/api/me/directory", headers: who.auth, payload });
const asUser = (who: Account): AuthUser => ({ ...who.user, role: who.user.role }) as unknown as AuthUser;

/** The route's first page (default size and a small one) for `who`. */
async function routePage(who: Account, limit?: number) {
  const res = await t.app.inject({ method: "GET", url: `/api/directory${limit ? `?limit=${limit}` : ""}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
/** The same page read afresh, with nothing kept. */
const freshPage = (who: Account, limit = 20) => searchDirectory(t.db, asUser(who), { q: "", limit });

/** The route answers exactly what a fresh read gives, to a member and to staff, at two page sizes. */
async function expectRouteIsFresh() {
  for (const who of [viewer, staff]) {
    for (const limit of [undefined, 100]) expect(await routePage(who, limit)).toBe(await freshPage(who, limit ?? 20));
  }
}

/** A listed member whose name sorts first, so every change to them is on the first page. */
async function firstPageMember() {
  const a = await t.signUp("MEMBER", { firstName: "Ada", lastName: `Aaron${randomBytes(3).toString("hex")}` });
  await putMine(a, { listed: true, showEmail: true, showPhone: true, showPhoto: true });
  return a;
}

describe("the directory's version", () => {
  it("rises with every kind of change to what the directory shows, whoever writes it, and the kept pages follow", async () => {
    const a = await firstPageMember();
    await expectRouteIsFresh();
    const changes: [string, () => Promise<unknown>][] = [
      ["a name (plain SQL)", () => t.db.update(users).set({ firstName: "Adele" }).where(eq(users.id, a.user.id))],
      ["a last name", () => t.db.update(users).set({ lastName: `Aab${randomBytes(3).toString("hex")}` }).where(eq(users.id, a.user.id))],
      ["an email", () => t.db.update(users).set({ email: `moved-${randomBytes(3).toString("hex")}@example.org` }).where(eq(users.id, a.user.id))],
      ["a phone", () => t.db.update(users).set({ phone: "+15551230000" }).where(eq(users.id, a.user.id))],
      ["a role (staff see it)", () => t.db.update(users).set({ role: "STAFF" }).where(eq(users.id, a.user.id))],
      ["a photo added", () => t.db.insert(memberPhotos).values({ userId: a.user.id, version: "v1", large: Buffer.from("L"), small: Buffer.from("S") })],
      ["a photo replaced", () => t.db.update(memberPhotos).set({ version: "v2" }).where(eq(memberPhotos.userId, a.user.id))],
      ["a photo removed", () => t.db.delete(memberPhotos).where(eq(memberPhotos.userId, a.user.id))],
      ["a sharing switch (the settings route)", () => putMine(a, { showEmail: false })],
      ["the listing turned off", () => putMine(a, { listed: false })],
      ["the listing turned on", () => putMine(a, { listed: true })],
      ["the listing's row removed", () => t.db.delete(directoryListings).where(eq(directoryListings.userId, a.user.id))],
      ["a new listing's row", () => t.db.insert(directoryListings).values({ userId: a.user.id, listed: true, showPhone: true })],
      ["a new account", () => t.signUp("MEMBER", { firstName: "Abe", lastName: "Aaa" })],
      ["the account deleted (the route)", () => t.app.inject({ method: "DELETE", url: "/api/me", headers: a.auth, payload: { password: a.password } })],
    ];
    for (const [what, change] of changes) {
      const before = await version();
      await change();
      expect(await version(), what).toBeGreaterThan(before);
      await expectRouteIsFresh();
    }
  });

  it("rises once for a transaction however many rows it changes", async () => {
    const made = await Promise.all([1, 2, 3].map(() => firstPageMember()));
    const ids = made.map((m) => m.user.id);
    const before = await version();
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: "Batch" }).where(inArray(users.id, ids));
      await tx.update(directoryListings).set({ showPhone: false }).where(inArray(directoryListings.userId, ids));
      await tx.insert(memberPhotos).values(ids.map((userId) => ({ userId, version: "b1", large: Buffer.from("L"), small: Buffer.from("S") })));
    });
    expect(await version()).toBe(before + 1);
    await expectRouteIsFresh();
  });

  it("does not rise with what no directory answer shows: a sign-in, a language, a listing's dates, a rolled-back change", async () => {
    const a = await firstPageMember();
    const before = await version();
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: a.user.email, password: a.password } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, a.user.id));
    await t.db.update(users).set({ firstName: "Ada" }).where(eq(users.id, a.user.id)); // the same name again
    await t.db.update(directoryListings).set({ listedAt: new Date(), updatedAt: new Date() }).where(eq(directoryListings.userId, a.user.id));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(users).set({ firstName: "Never" }).where(eq(users.id, a.user.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await version()).toBe(before);
  });
});

describe("a kept first page", () => {
  it("is served again while the version is unchanged, and read afresh as soon as it rises", async () => {
    const a = await firstPageMember();
    const kept = await routePage(viewer);
    expect(kept).toContain(a.user.id);
    // A change written with the triggers off (replication mode) leaves the version as it was: the
    // route still serves the page it kept, which shows the page comes from memory...
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ firstName: "Unseen" }).where(eq(users.id, a.user.id));
    });
    expect(await routePage(viewer)).toBe(kept);
    expect(await freshPage(viewer)).toContain('"Unseen"');
    // ...and once the version rises (any change to the directory), the route reads it again.
    await t.db.update(users).set({ lastName: `Aa${randomBytes(3).toString("hex")}` }).where(eq(users.id, viewer.user.id));
    const after = await routePage(viewer);
    expect(after).toContain('"Unseen"');
    expect(after).toBe(await freshPage(viewer));
  });

  it("is not served or kept while the version's row is missing: every page is read afresh", async () => {
    const a = await firstPageMember();
    await routePage(viewer);
    const [{ version: was }] = rowsOf<{ version: string }>(await t.db.execute(sql`delete from directory_version returning version::text as version`));
    try {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.update(users).set({ firstName: "Rowless" }).where(eq(users.id, a.user.id));
      });
      expect(await routePage(viewer)).toContain('"Rowless"');
      await t.db.update(users).set({ firstName: "Rowless again" }).where(eq(users.id, a.user.id));
      expect(await routePage(viewer)).toContain('"Rowless again"');
      expect(await t.db.execute(sql`select 1 from directory_version`)).toSatisfy((r: unknown) => rowsOf(r as never).length === 0);
    } finally {
      await t.db.execute(sql`insert into directory_version (id, version) values (1, ${Number(was) + 1})`);
    }
  });

  it("is never another kind of asker's: a member's page and staff's are kept apart, and so are page sizes", async () => {
    await firstPageMember();
    const asMember = await routePage(viewer, 5);
    const asStaff = await routePage(staff, 5);
    expect(asMember).not.toContain('"role"');
    expect(asStaff).toContain('"role"');
    expect(await routePage(viewer, 5)).toBe(asMember);
    expect(await routePage(staff, 5)).toBe(asStaff);
    expect(JSON.parse(await routePage(viewer, 3)).members).toHaveLength(3);
  });
});

describe("the triggers", () => {
  it("cover every column the directory's statements read", async () => {
    const tables = { u: "users", l: "directory_listings", p: "member_photos", v: "", x: "" };
    const read = columnsRead(directoryPageSql(false), tables);
    for (const [table, columns] of columnsRead(directoryPageSql(true), tables)) for (const c of columns) read.set(table, (read.get(table) ?? new Set()).add(c));
    expect([...read.keys()].sort()).toEqual(["directory_listings", "member_photos", "users"]);
    await expectVersionTriggersCover(t.db, read, /koinonia_directory_changed/);
  });
});
