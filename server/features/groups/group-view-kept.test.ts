/**
 * The members' first page of groups kept per process (decision 0151): the groups' version rises at
 * commit with every change to what the list shows, whoever writes it, and once per transaction;
 * a kept page is served only while the version is the one it was read with, so every answer is
 * what a fresh read gives; each member's own status (leader, member, asked, none) and a leader's
 * pending count are read on every request; and the trigger covers every column the page reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { groupJoinRequests, groupMembers, groupsVersion, smallGroups } from "../../db/schema/connect";
import { columnsRead, expectVersionTriggersCover } from "../../testing/version-triggers";
import { listGroups, sharedFirstPageSql } from "./group-view";
import { GROUPS_PAGE_SIZE, ZGroupPage, type AdminGroup, type NewGroup } from "../../../contract/groups";

type Person = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let staff: Person;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "groupJoin=1000,groupRequestDecision=1000,groupAuthor=1000,profile=1000" } });
  staff = await t.signUp("STAFF");
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who: Person, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
let n = 0;
async function makeGroup(leader: Person, over: Partial<NewGroup> = {}) {
  const res = await call("POST", "/api/groups", staff, { name: `Group ${String(++n).padStart(2, "0")}`, description: "Friends who meet.", leaderIds: [leader.user.id], ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminGroup;
}
const version = async () => (await t.db.select({ v: groupsVersion.version }).from(groupsVersion))[0]!.v;

/** The route's first page for `who` (its default size, or `limit`). */
const routePage = (who: Person, limit?: number) => call("GET", `/api/groups${limit ? `?limit=${limit}` : ""}`, who);

/** The route's first pages equal the statement that writes each group's status in PostgreSQL, for each asker, at two sizes. */
async function expectFresh(askers: Person[]) {
  for (const who of askers) {
    for (const limit of [undefined, 2]) {
      const res = await routePage(who, limit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(await listGroups(t.db, who.user.id, { limit: limit ?? GROUPS_PAGE_SIZE }));
      ZGroupPage.strict().parse(res.json());
    }
  }
}

describe("the groups' version", () => {
  it("rises with every change the members' list shows, by routes and plain SQL, and the kept pages follow for every status", async () => {
    const leader = await t.signUp("MEMBER", { firstName: "Lea", lastName: "Leader" });
    const [member, asker, outsider] = [await t.signUp("MEMBER"), await t.signUp("MEMBER"), await t.signUp("MEMBER")];
    const open = await makeGroup(leader);
    const ask = await makeGroup(leader, { joinPolicy: "ask" });
    await makeGroup(leader);
    const everyone = [leader, member, asker, outsider, staff];
    await expectFresh(everyone);
    const changes: [string, () => Promise<unknown>][] = [
      ["a group created (route)", () => makeGroup(outsider)],
      ["a member joins (route: the kept count)", () => call("POST", `/api/groups/${open.id}/join`, member)],
      ["a member asks (route: the pending count)", () => call("POST", `/api/groups/${ask.id}/join`, asker)],
      ["a group renamed (route)", () => call("PATCH", `/api/groups/${open.id}`, staff, { name: "Group 00 first" })],
      ["a capacity set (route)", () => call("PATCH", `/api/groups/${open.id}`, staff, { capacity: 2 })],
      ["a request approved (route)", () => call("POST", `/api/groups/${ask.id}/requests/${asker.user.id}/approve`, leader)],
      ["a leader's new name (route)", () => call("PATCH", "/api/me", leader, { firstName: "Leah" })],
      ["a description (plain SQL)", () => t.db.update(smallGroups).set({ description: "New words" }).where(eq(smallGroups.id, ask.id))],
      ["a group archived (route)", () => call("DELETE", `/api/groups/${ask.id}`, staff)],
      ["a group brought back (plain SQL)", () => t.db.update(smallGroups).set({ archivedAt: null }).where(eq(smallGroups.id, ask.id))],
      ["a member leaves (route)", () => call("POST", `/api/groups/${open.id}/leave`, member)],
      ["a group removed (plain SQL)", () => t.db.delete(smallGroups).where(eq(smallGroups.id, ask.id))],
    ];
    for (const [what, change] of changes) {
      const before = await version();
      const res = await change();
      if (res && typeof res === "object" && "statusCode" in res) expect((res as { statusCode: number }).statusCode, what).toBeLessThan(300);
      expect(await version(), what).toBeGreaterThan(before);
      await expectFresh(everyone);
    }
  });

  it("rises once for a transaction that changes many groups, and not for a rolled-back change or a roster's own version", async () => {
    const leader = await t.signUp("MEMBER");
    const [a, b] = [await makeGroup(leader), await makeGroup(leader)];
    const before = await version();
    await t.db.update(smallGroups).set({ description: "Both changed" }).where(sql`${smallGroups.id} in (${a.id}, ${b.id})`);
    expect(await version()).toBe(before + 1);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(smallGroups).set({ name: "Never" }).where(eq(smallGroups.id, a.id));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.db.update(smallGroups).set({ rosterVersion: sql`${smallGroups.rosterVersion} + 1` }).where(eq(smallGroups.id, a.id));
    expect(await version()).toBe(before + 1);
  });
});

describe("a kept first page", () => {
  it("is served again while the version holds, with each asker's own status read every time, and read afresh once it rises", async () => {
    const leader = await t.signUp("MEMBER");
    const g = await makeGroup(leader, { name: "Group 00 kept", joinPolicy: "ask" });
    const m = await t.signUp("MEMBER");
    const mine = (body: string) => (JSON.parse(body) as { groups: { id: string; myStatus: string; pendingCount: number | null; description: string }[] }).groups.find((x) => x.id === g.id)!;
    expect(mine((await routePage(m)).body).myStatus).toBe("none");
    // A group's own field changed with the triggers off (replication mode; its head written by
    // hand, as the head's trigger is off too) leaves the version as it was: the route still
    // answers the groups it kept, so the page comes from memory...
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(smallGroups)
        .set({ description: "Changed unseen", jsonHead: sql`replace(${smallGroups.jsonHead}, 'Friends who meet.', 'Changed unseen')` })
        .where(eq(smallGroups.id, g.id));
    });
    expect(mine((await routePage(m)).body).description).toBe("Friends who meet.");
    // ...while the member's own status and a leader's pending count are never kept: a request and
    // a membership written with the triggers off show at once.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(groupJoinRequests).values({ groupId: g.id, userId: m.user.id });
    });
    expect(mine((await routePage(m)).body)).toMatchObject({ myStatus: "pending", pendingCount: null });
    expect(mine((await routePage(leader)).body)).toMatchObject({ myStatus: "leader", pendingCount: 0 });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(groupJoinRequests).where(and(eq(groupJoinRequests.groupId, g.id), eq(groupJoinRequests.userId, m.user.id)));
      await tx.insert(groupMembers).values({ groupId: g.id, userId: m.user.id, isLeader: true });
    });
    expect(mine((await routePage(m)).body)).toMatchObject({ myStatus: "leader", pendingCount: 0 });
    // Once the version rises, the page is read again.
    await t.db.update(groupsVersion).set({ version: sql`${groupsVersion.version} + 1` });
    const fresh = (await routePage(m)).body;
    expect(mine(fresh).description).toBe("Changed unseen");
    expect(fresh).toBe(await listGroups(t.db, m.user.id, { limit: GROUPS_PAGE_SIZE }));
  });

  it("keeps nothing without the version's row, and its next page's cursor is the fresh read's", async () => {
    const leader = await t.signUp("MEMBER");
    const m = await t.signUp("MEMBER");
    for (let i = 0; i < 3; i++) await makeGroup(leader);
    const first = (await routePage(m, 2)).json() as { nextCursor: string | null };
    expect(first.nextCursor).not.toBeNull();
    const next = await call("GET", `/api/groups?limit=2&cursor=${first.nextCursor}`, m);
    expect(next.body).toBe(await listGroups(t.db, m.user.id, { limit: 2, cursor: first.nextCursor! }));
    await t.db.delete(groupsVersion);
    try {
      const g = await makeGroup(leader);
      expect((await routePage(m)).body).toContain(g.id);
      // No version rises now (there is none to raise), so only a page read afresh shows this.
      await t.db.update(smallGroups).set({ description: "Read every time" }).where(eq(smallGroups.id, g.id));
      expect((await routePage(m)).body).toContain("Read every time");
    } finally {
      await t.db.insert(groupsVersion).values({ id: 1, version: 1_000_000 });
    }
  });
});

describe("the version's trigger", () => {
  it("covers every column of small_groups the first page reads", async () => {
    // `m` and `q`: the asker's own rows, read on every request; `g` the groups; `v` the version.
    const read = columnsRead(sharedFirstPageSql(), { g: "small_groups", m: "", q: "", v: "" });
    expect([...read.keys()]).toEqual(["small_groups"]);
    expect([...read.get("small_groups")!].sort()).toEqual(["archived_at", "id", "json_head", "name", "pending_count"]);
    await expectVersionTriggersCover(t.db, read, /koinonia_groups_changed/);
  });
});
