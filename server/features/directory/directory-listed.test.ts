/**
 * The kept copy `users.directory_listed` (decision 0142): the listing's `listed` (false without a
 * listing row), written by directory_listings' triggers in the same transaction as every change,
 * which the members' directory filters on (users_directory_listed_name_idx). After every kind of
 * write (the settings route, plain SQL one row and many, a deleted account, a deleted users row,
 * a truncate) every user's copy equals a fresh reading of the listings, and the directory a member
 * sees follows. The lock order between a listing change and an account's deletion is checked on
 * PostgreSQL, where the two really run at once (PGlite has one connection).
 *
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { API } from "../../../contract/api-paths";
import { createTestApp, type TestApp } from "../../testing/harness";
import { users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import type { DirectoryPage } from "../../../contract/directory";
import { rowsOf } from "../../db/rows";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let viewer: Account;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "directorySettings=1000" } });
  viewer = await t.signUp("MEMBER", { firstName: "Vera", lastName: "Viewer" });
});
afterAll(() => t.close());

/** Users whose kept copy differs from their listing as it is: none, always. */
async function mismatches() {
  return rowsOf<{ id: string; copy: boolean; listed: boolean | null }>(
    await t.db.execute(sql`
      select u.id, u.directory_listed as copy, l.listed from users u left join directory_listings l on l.user_id = u.id
      where u.directory_listed is distinct from coalesce(l.listed, false)`),
  );
}
async function copyOf(userId: string) {
  const [row] = await t.db.select({ copy: users.directoryListed }).from(users).where(eq(users.id, userId));
  return row?.copy;
}
const putMine = (who: Account, payload: object) => t.app.inject({ method: "PUT", url: API.directory.mine.pattern, headers: who.auth, payload });

/** The ids a member sees in the directory without a search (the kept copy's pages), every page. */
async function listedSeenBy(who: Account, limit = "3") {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit, ...(cursor ? { cursor } : {}) });
    const res = await t.app.inject({ method: "GET", url: `/api/directory?${query.toString()}`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as DirectoryPage;
    ids.push(...page.members.map((m) => m.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}
/** Who the directory should show a member: listed, not deleted (read from the listings, not the copy). */
async function listedNow() {
  return rowsOf<{ id: string }>(
    await t.db.execute(sql`
      select u.id from users u join directory_listings l on l.user_id = u.id
      where l.listed and u.deleted_at is null
      order by lower(u.last_name), lower(u.first_name), u.id`),
  ).map((r) => r.id);
}
async function expectExact() {
  expect(await mismatches()).toEqual([]);
  expect(await listedSeenBy(viewer)).toEqual(await listedNow());
}

describe("the kept copy of a member's listing", () => {
  it("follows the settings route: created, hidden, re-shown, a field switch alone changes nothing", async () => {
    const a = await t.signUp("MEMBER", { firstName: "Ada", lastName: "Aardvark" });
    expect(await copyOf(a.user.id)).toBe(false);
    // Created (no row before) unlisted, then listed.
    expect((await putMine(a, { showEmail: true })).statusCode).toBe(200);
    expect(await copyOf(a.user.id)).toBe(false);
    await expectExact();
    expect((await putMine(a, { listed: true })).statusCode).toBe(200);
    expect(await copyOf(a.user.id)).toBe(true);
    expect(await listedSeenBy(viewer)).toContain(a.user.id);
    await expectExact();
    // Another switch while listed: still listed.
    expect((await putMine(a, { showPhone: true })).statusCode).toBe(200);
    expect(await copyOf(a.user.id)).toBe(true);
    // Hidden, then re-shown.
    expect((await putMine(a, { listed: false })).statusCode).toBe(200);
    expect(await copyOf(a.user.id)).toBe(false);
    expect(await listedSeenBy(viewer)).not.toContain(a.user.id);
    await expectExact();
    expect((await putMine(a, { listed: true })).statusCode).toBe(200);
    expect(await copyOf(a.user.id)).toBe(true);
    await expectExact();
    // Listed from the first write (a new row that is listed at once).
    const b = await t.signUp("MEMBER", { firstName: "Bo", lastName: "Badger" });
    expect((await putMine(b, { listed: true, showPhoto: true })).statusCode).toBe(200);
    expect(await copyOf(b.user.id)).toBe(true);
    await expectExact();
  });

  it("follows plain SQL, one row and many: insert, update, move to another member, delete", async () => {
    const people = await Promise.all([1, 2, 3, 4].map((i) => t.signUp("MEMBER", { firstName: `Sql${i}`, lastName: "Writer" })));
    const ids = people.map((p) => p.user.id);
    // Many rows in one statement, some listed.
    await t.db.insert(directoryListings).values(ids.map((userId, i) => ({ userId, listed: i % 2 === 0 })));
    expect(await Promise.all(ids.map(copyOf))).toEqual([true, false, true, false]);
    await expectExact();
    // Every listing flipped in one statement.
    await t.db.execute(sql`update directory_listings set listed = not listed where user_id in ${ids}`);
    expect(await Promise.all(ids.map(copyOf))).toEqual([false, true, false, true]);
    await expectExact();
    // A listing that names another member (raw SQL only): the old member's copy is cleared.
    await t.db.delete(directoryListings).where(eq(directoryListings.userId, ids[0]));
    await t.db.execute(sql`update directory_listings set user_id = ${ids[0]} where user_id = ${ids[1]}`);
    expect(await copyOf(ids[0])).toBe(true);
    expect(await copyOf(ids[1])).toBe(false);
    await expectExact();
    // Deleted rows.
    await t.db.delete(directoryListings).where(eq(directoryListings.userId, ids[3]));
    expect(await copyOf(ids[3])).toBe(false);
    await expectExact();
    // An upsert through the builder, as the route writes it, but without its transaction.
    await t.db
      .insert(directoryListings)
      .values({ userId: ids[3], listed: true })
      .onConflictDoUpdate({ target: directoryListings.userId, set: { listed: true } });
    expect(await copyOf(ids[3])).toBe(true);
    await expectExact();
  });

  it("is cleared when the member deletes their account, and goes with a users row deleted outright", async () => {
    const gone = await t.signUp("MEMBER", { firstName: "Gone", lastName: "Soon" });
    expect((await putMine(gone, { listed: true, showEmail: true })).statusCode).toBe(200);
    expect(await listedSeenBy(viewer)).toContain(gone.user.id);
    const res = await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: gone.auth, payload: { password: gone.password } as never });
    expect(res.statusCode, res.body).toBe(204);
    expect(await copyOf(gone.user.id)).toBe(false);
    expect(await listedSeenBy(viewer)).not.toContain(gone.user.id);
    await expectExact();

    // A users row deleted by plain SQL: the listing goes by its cascade, and its trigger finds no row to write.
    const row = await t.insertUser(`outright-${Date.now()}@example.org`, "MEMBER");
    await t.db.insert(directoryListings).values({ userId: row.id, listed: true });
    expect(await copyOf(row.id)).toBe(true);
    await t.db.delete(users).where(eq(users.id, row.id));
    expect(await copyOf(row.id)).toBeUndefined();
    await expectExact();
  });

  it("is cleared for everyone by a truncate of the listings", async () => {
    expect((await listedNow()).length).toBeGreaterThan(0);
    await t.db.execute(sql`truncate directory_listings`);
    expect(rowsOf(await t.db.execute(sql`select id from users where directory_listed`))).toEqual([]);
    expect(await listedSeenBy(viewer)).toEqual([]);
    await expectExact();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("a listing change beside an account's deletion (PostgreSQL)", () => {
  it("waits for the users row first, so the two cannot deadlock; nothing is written for the deleted account", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Race", lastName: "Condition" });
    expect((await putMine(m, { listed: true })).statusCode).toBe(200);
    let put: ReturnType<typeof putMine> | undefined;
    // The deletion's order (delete-my-account.ts): the users row FOR NO KEY UPDATE, then the listing.
    await t.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, m.user.id)).for("no key update");
      put = putMine(m, { listed: false, showPhone: true });
      // Long enough for the route to reach its lock (a deadlock would be found after deadlock_timeout, 1 s).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.delete(directoryListings).where(eq(directoryListings.userId, m.user.id));
      await tx.update(users).set({ deletedAt: new Date() }).where(eq(users.id, m.user.id));
    });
    const res = await put!;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ listed: false, showPhoto: false, showEmail: false, showPhone: false });
    expect(await t.db.select().from(directoryListings).where(eq(directoryListings.userId, m.user.id))).toEqual([]);
    expect(await copyOf(m.user.id)).toBe(false);
    expect(await mismatches()).toEqual([]);
  });
});
