/**
 * A group's roster first pages kept per process (decision 0148): a group's roster version rises at
 * commit with every change to its memberships and requests, whoever writes them, and not with
 * another group's; a kept page is served only while the roster's and the directory's versions are
 * the ones it was read with, so every answer is what a fresh read gives; access and the group's
 * own object are checked on every request; and the triggers cover every column the roster reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { groupJoinRequests, groupMembers, smallGroups } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import { columnsRead, expectVersionTriggersCover } from "../../testing/version-triggers";
import { getRoster, rosterPageSql } from "./membership";
import type { AdminGroup, NewGroup } from "../../../contract/groups";
import type { AuthUser } from "../../http/auth";

type Person = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "groupJoin=1000,groupRequestDecision=1000,directorySettings=1000" } });
  staff = await t.signUp("STAFF");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
let n = 0;
async function makeGroup(leader: Person, over: Partial<NewGroup> = {}) {
  const res = await call("POST", "/api/groups", staff, { name: `Kept ${++n} ${Date.now()}`, description: "Friends who meet.", leaderIds: [leader.user.id], ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminGroup;
}
const rosterVersion = async (id: string) => (await t.db.select({ v: smallGroups.rosterVersion }).from(smallGroups).where(eq(smallGroups.id, id)))[0]!.v;
const asUser = (who: Person) => ({ ...who.user }) as unknown as AuthUser;

/** The route's first page for `who` (default size, or `limit`). */
async function routeRoster(groupId: string, who: Person, limit?: number) {
  const res = await call("GET", `/api/groups/${groupId}/members${limit ? `?limit=${limit}` : ""}`, who);
  return res;
}
/** The route's answers equal a fresh read's, for the leader and for staff, at two sizes. */
async function expectFresh(groupId: string, leader: Person) {
  for (const who of [leader, staff]) {
    for (const limit of [undefined, 2]) {
      const res = await routeRoster(groupId, who, limit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(await getRoster(t.deps, asUser(who), groupId, { limit: limit ?? 25 }));
    }
  }
}

describe("a roster's version", () => {
  it("rises with every change to the group's memberships and requests, by routes and plain SQL, and the kept pages follow", async () => {
    const leader = await t.signUp("MEMBER", { firstName: "Lea", lastName: "Leader" });
    const g = await makeGroup(leader, { joinPolicy: "ask" });
    const other = await makeGroup(leader);
    const [a, b] = [await t.signUp("MEMBER", { firstName: "Al" }), await t.signUp("MEMBER", { firstName: "Bo" })];
    await expectFresh(g.id, leader);
    const changes: [string, () => Promise<unknown>][] = [
      ["a request to join (route)", () => call("POST", `/api/groups/${g.id}/join`, a)],
      ["a second request", () => call("POST", `/api/groups/${g.id}/join`, b)],
      ["a request approved (route)", () => call("POST", `/api/groups/${g.id}/requests/${a.user.id}/approve`, leader)],
      ["a request declined (route)", () => call("POST", `/api/groups/${g.id}/requests/${b.user.id}/decline`, leader)],
      ["a member made leader (plain SQL)", () => t.db.update(groupMembers).set({ isLeader: true }).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, a.user.id)))],
      ["a joined date (plain SQL)", () => t.db.update(groupMembers).set({ joinedAt: new Date("2026-01-02T03:04:05Z") }).where(eq(groupMembers.userId, a.user.id))],
      ["a member leaving (route)", () => call("POST", `/api/groups/${g.id}/leave`, a)],
      ["a membership added (plain SQL)", () => t.db.insert(groupMembers).values({ groupId: g.id, userId: b.user.id })],
      ["a membership moved to another group", () => t.db.update(groupMembers).set({ groupId: other.id }).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, b.user.id)))],
      ["a request inserted (plain SQL)", () => t.db.insert(groupJoinRequests).values({ groupId: g.id, userId: b.user.id })],
      ["a request removed", () => t.db.delete(groupJoinRequests).where(and(eq(groupJoinRequests.groupId, g.id), eq(groupJoinRequests.status, "pending")))],
    ];
    for (const [what, change] of changes) {
      const before = await rosterVersion(g.id);
      const res = await change();
      if (res && typeof res === "object" && "statusCode" in res) expect((res as { statusCode: number }).statusCode, what).toBe(200);
      expect(await rosterVersion(g.id), what).toBeGreaterThan(before);
      await expectFresh(g.id, leader);
    }
  });

  it("follows what the roster shows of each person through the directory's version: a name, an email, a shared phone", async () => {
    const leader = await t.signUp("MEMBER", { firstName: "Lina", lastName: "Lead" });
    const g = await makeGroup(leader);
    const m = await t.signUp("MEMBER", { firstName: "Mo" });
    expect((await call("POST", `/api/groups/${g.id}/join`, m)).statusCode).toBe(200);
    await t.db.update(users).set({ phone: "+15550001111" }).where(eq(users.id, m.user.id));
    await expectFresh(g.id, leader);
    for (const change of [
      () => t.db.update(users).set({ firstName: "Moses" }).where(eq(users.id, m.user.id)),
      () => t.db.update(users).set({ email: `mo-${Date.now()}@example.org` }).where(eq(users.id, m.user.id)),
      () => call("PUT", "/api/me/directory", m, { listed: true, showPhone: true }),
      () => t.db.update(directoryListings).set({ showPhone: false }).where(eq(directoryListings.userId, m.user.id)),
    ]) {
      await change();
      await expectFresh(g.id, leader);
    }
    expect((await routeRoster(g.id, leader)).json().members.find((p: { userId: string }) => p.userId === m.user.id)).toMatchObject({ firstName: "Moses", phone: null });
  });

  it("does not rise with another group's memberships, the group's own fields, or a rolled-back change", async () => {
    const leader = await t.signUp("MEMBER");
    const g = await makeGroup(leader);
    const other = await makeGroup(leader);
    const before = await rosterVersion(g.id);
    const m = await t.signUp("MEMBER");
    expect((await call("POST", `/api/groups/${other.id}/join`, m)).statusCode).toBe(200);
    await t.db.update(smallGroups).set({ description: "New words" }).where(eq(smallGroups.id, g.id));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(groupMembers).values({ groupId: g.id, userId: m.user.id });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rosterVersion(g.id)).toBe(before);
  });
});

describe("a kept roster page", () => {
  it("is served again while nothing changed, and read afresh once the version rises", async () => {
    const leader = await t.signUp("MEMBER");
    const g = await makeGroup(leader);
    const m = await t.signUp("MEMBER", { firstName: "Kept" });
    expect((await call("POST", `/api/groups/${g.id}/join`, m)).statusCode).toBe(200);
    const kept = (await routeRoster(g.id, leader)).body;
    // A membership removed with the triggers off (replication mode) leaves both versions as they
    // were: the route still answers the page it kept, so the page comes from memory...
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, m.user.id)));
    });
    expect((await routeRoster(g.id, leader)).body).toBe(kept);
    expect(await getRoster(t.deps, asUser(leader), g.id)).not.toContain(m.user.id);
    // ...and once the roster's version rises, it is read again.
    await t.db.update(smallGroups).set({ rosterVersion: sql`${smallGroups.rosterVersion} + 1` }).where(eq(smallGroups.id, g.id));
    const fresh = (await routeRoster(g.id, leader)).body;
    expect(fresh).not.toContain(m.user.id);
    expect(fresh).toBe(await getRoster(t.deps, asUser(leader), g.id));
  });

  it("never reaches anyone the roster is not for, and carries each asker's own group object", async () => {
    const leader = await t.signUp("MEMBER");
    const g = await makeGroup(leader);
    const member = await t.signUp("MEMBER");
    expect((await call("POST", `/api/groups/${g.id}/join`, member)).statusCode).toBe(200);
    const asLeader = await routeRoster(g.id, leader);
    expect(asLeader.json().group.myStatus).toBe("leader");
    // The page is kept now; a member of the group, an outsider and a demoted leader are still refused.
    expect((await routeRoster(g.id, member)).statusCode).toBe(403);
    expect((await routeRoster(g.id, await t.signUp("MEMBER"))).statusCode).toBe(403);
    const asStaff = await routeRoster(g.id, staff);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().group.myStatus).toBe("none");
    expect(asStaff.json().members).toEqual(asLeader.json().members);
    await t.db.update(groupMembers).set({ isLeader: false }).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, leader.user.id)));
    expect((await routeRoster(g.id, leader)).statusCode).toBe(403);
    // An archived group: staff only.
    await t.db.update(groupMembers).set({ isLeader: true }).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, leader.user.id)));
    expect((await routeRoster(g.id, leader)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${g.id}`, staff)).statusCode).toBe(200);
    expect((await routeRoster(g.id, leader)).statusCode).toBe(404);
    expect((await routeRoster(g.id, staff)).statusCode).toBe(200);
  });
});

describe("the versions' triggers", () => {
  it("cover every column the roster's statement reads", async () => {
    // `m` and `q` also name the page's two lateral rows: their own columns are not a table's.
    const lateral = new Set(["members", "more", "last_rank", "last_first", "last_last", "last_id", "requests"]);
    const read = columnsRead(
      rosterPageSql(),
      { m: "group_members", q: "group_join_requests", u: "users", dl: "directory_listings", me: "", r: "", g: "", v: "", x: "", item: "" },
      (alias, column) => (alias === "m" || alias === "q") && lateral.has(column),
    );
    expect([...read.keys()].sort()).toEqual(["directory_listings", "group_join_requests", "group_members", "users"]);
    await expectVersionTriggersCover(t.db, read, /koinonia_(roster|directory)_changed/);
  });
});
