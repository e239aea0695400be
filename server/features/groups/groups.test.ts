/**
 * Small groups (decision 0107): staff author groups and name leaders, members join (or ask to
 * join) and leave, leaders see only their own group's roster and decide its requests, a full
 * group refuses joins even when they arrive at once, and archiving keeps every membership.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the joins really race).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { groupJoinRequests, groupMembers } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { seedConnectDemo } from "../../seed/connect";
import { loadGroup } from "./group-view";
import { leadersJson, renameKeepingLeaders, syncGroupCounts } from "../../shared/group-counts";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { z } from "zod";
import { GROUPS_TEXT, ZAdminGroupPage, ZGroup, ZGroupPage, ZGroupPerson, ZGroupRoster, type AdminGroup, type Group, type GroupPerson, type GroupPage, type GroupRoster, type NewGroup } from "../../../contract/groups";
import { localize, messagesFor } from "../../i18n";
import { notifications, pushDeliveries } from "../../db/schema/notifications";
import { createECDH, randomBytes } from "node:crypto";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
type Person = Awaited<ReturnType<TestApp["signUp"]>>;
const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, auth?: Auth, payload?: object, lang?: string) =>
  t.app.inject({ method, url, headers: { ...auth, ...(lang ? { "accept-language": lang } : {}) }, ...(payload ? { payload } : {}) });
let n = 0;
const group = (over: Partial<NewGroup> = {}): NewGroup => ({ name: `Group ${++n} ${Date.now()}`, description: "Friends who meet to pray and read.", ...over });
async function create(staff: Person, over: Partial<NewGroup> = {}) {
  const res = await call("POST", "/api/groups", staff.auth, group(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AdminGroup;
}
/** Every page of a keyset list (decision 0125), in order. */
async function allPages<T>(path: string, auth: Auth, key: "groups" | "members" = "groups"): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await call("GET", `${path}${path.includes("?") ? "&" : "?"}limit=100${cursor ? `&cursor=${cursor}` : ""}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Record<string, unknown> & { nextCursor: string | null };
    items.push(...(page[key] as T[]));
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
const listFor = (p: Person) => allPages<Group>("/api/groups", p.auth);
const mineFor = async (p: Person) => (await call("GET", "/api/groups/mine", p.auth)).json() as Group[];
const members = (groupId: string) => t.db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));

describe("who may author groups", () => {
  it("staff (OWNER, PASTOR, STAFF) create, edit and archive; members get 403 on every authoring route; no session 401", async () => {
    const member = await t.signUp();
    for (const role of ["OWNER", "PASTOR", "STAFF"] as const) {
      const staff = await t.signUp(role);
      const g = await create(staff);
      expect((await call("PATCH", `/api/groups/${g.id}`, staff.auth, { description: "New words" })).statusCode).toBe(200);
      expect((await call("DELETE", `/api/groups/${g.id}`, staff.auth)).statusCode).toBe(200);
    }
    const staff = await t.signUp("STAFF");
    const g = await create(staff);
    const refused = [
      await call("POST", "/api/groups", member.auth, group()),
      await call("PATCH", `/api/groups/${g.id}`, member.auth, { name: "Mine now" }),
      await call("DELETE", `/api/groups/${g.id}`, member.auth),
      await call("GET", "/api/admin/groups", member.auth),
      await call("GET", "/api/admin/groups/people?q=a", member.auth),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await call("GET", "/api/groups")).statusCode).toBe(401);
    expect((await call("POST", `/api/groups/${g.id}/join`)).statusCode).toBe(401);
    // Nothing changed.
    const [after] = (await listFor(member)).filter((x) => x.id === g.id);
    expect(after.name).toBe(g.name);
  });

  it("bad input is a 400 naming the field, in the member's language; a duplicate name is a 409", async () => {
    const staff = await t.signUp("PASTOR");
    const bad = async (body: object, path: string, message: string) => {
      const res = await call("POST", "/api/groups", staff.auth, { ...group(), ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toContainEqual({ path: `body.${path}`, message });
    };
    await bad({ name: "  " }, "name", GROUPS_TEXT.nameRequired);
    await bad({ description: "" }, "description", GROUPS_TEXT.descriptionRequired);
    await bad({ meetingTime: "7pm" }, "meetingTime", GROUPS_TEXT.timeInvalid);
    await bad({ meetingDay: 7 }, "meetingDay", GROUPS_TEXT.dayInvalid);
    await bad({ meetingUrl: "http://meet.example.org/x" }, "meetingUrl", GROUPS_TEXT.urlInvalid);
    await bad({ capacity: 0 }, "capacity", GROUPS_TEXT.capacityInvalid);
    await bad({ joinPolicy: "invite" }, "joinPolicy", GROUPS_TEXT.policyInvalid);
    const unknown = await call("POST", "/api/groups", staff.auth, group({ leaderIds: ["00000000-0000-4000-8000-000000000000"] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: "body.leaderIds", message: GROUPS_TEXT.unknownLeader }]);
    const es = await call("POST", "/api/groups", staff.auth, { ...group(), meetingTime: "25:00" }, "es");
    expect(es.json().issues).toContainEqual({ path: "body.meetingTime", message: messagesFor("es").groups.text.timeInvalid });
    expect((await call("PATCH", `/api/groups/${(await create(staff)).id}`, staff.auth, {})).statusCode).toBe(400);

    const g = await create(staff, { meetingDay: 3, meetingTime: "19:30", meetingPlace: "Room 5", meetingUrl: "https://meet.example.org/g", capacity: 10, joinPolicy: "ask" });
    expect(g).toMatchObject({ meetingDay: 3, meetingTime: "19:30", meetingPlace: "Room 5", meetingUrl: "https://meet.example.org/g", capacity: 10, joinPolicy: "ask", memberCount: 0, isFull: false });
    const dup = await call("POST", "/api/groups", staff.auth, group({ name: g.name }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(GROUPS_TEXT.duplicateName);
    const other = await create(staff);
    expect((await call("PATCH", `/api/groups/${other.id}`, staff.auth, { name: g.name })).statusCode).toBe(409);
    expect((await call("PATCH", "/api/groups/00000000-0000-4000-8000-000000000000", staff.auth, { name: "x" })).statusCode).toBe(404);
  });
});

describe("members join and leave", () => {
  it("an open group: join (idempotent), shows in mine and counts; leave takes the member out; a group shows its leaders", async () => {
    const staff = await t.signUp("STAFF");
    const leader = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Purple" });
    const m = await t.signUp();
    const g = await create(staff, { leaderIds: [leader.user.id] });
    expect(g.leaders).toEqual([{ id: leader.user.id, firstName: "Lydia", lastName: "Purple" }]);
    expect(g.memberCount).toBe(1);
    const seen = (await listFor(m)).find((x) => x.id === g.id)!;
    expect(seen).toMatchObject({ myStatus: "none", memberCount: 1, pendingCount: null, leaders: [{ firstName: "Lydia" }] });
    expect((await listFor(leader)).find((x) => x.id === g.id)).toMatchObject({ myStatus: "leader", pendingCount: 0 });

    const joins = await Promise.all([1, 2, 3].map(() => call("POST", `/api/groups/${g.id}/join`, m.auth)));
    expect(joins.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(joins[2].json()).toMatchObject({ myStatus: "member", memberCount: 2 });
    expect((await mineFor(m)).map((x) => x.id)).toEqual([g.id]);

    const left = await call("POST", `/api/groups/${g.id}/leave`, m.auth);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ myStatus: "none", memberCount: 1 });
    expect(await mineFor(m)).toEqual([]);
    // Leaving again changes nothing; an unknown group is a 404.
    expect((await call("POST", `/api/groups/${g.id}/leave`, m.auth)).json()).toMatchObject({ memberCount: 1 });
    const unknown = await call("POST", "/api/groups/00000000-0000-4000-8000-000000000000/join", m.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(GROUP_TEXT.notFound);
  });

  it("a full group says so and refuses a join with 409", async () => {
    const staff = await t.signUp("STAFF");
    const [a, b] = [await t.signUp(), await t.signUp()];
    const g = await create(staff, { capacity: 1 });
    expect((await call("POST", `/api/groups/${g.id}/join`, a.auth)).json()).toMatchObject({ isFull: true, memberCount: 1 });
    expect((await listFor(b)).find((x) => x.id === g.id)).toMatchObject({ isFull: true, myStatus: "none" });
    const refused = await call("POST", `/api/groups/${g.id}/join`, b.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: GROUPS_TEXT.full, code: "CONFLICT" });
    expect((await call("POST", `/api/groups/${g.id}/join`, b.auth, undefined, "es")).json().error).toBe(messagesFor("es").groups.text.full);
    // A member already in it may still "join" (nothing changes); a seat freed lets the next one in.
    expect((await call("POST", `/api/groups/${g.id}/join`, a.auth)).statusCode).toBe(200);
    await call("POST", `/api/groups/${g.id}/leave`, a.auth);
    expect((await call("POST", `/api/groups/${g.id}/join`, b.auth)).statusCode).toBe(200);
  });

  it("concurrent joins for the last seats: the capacity is never exceeded", async () => {
    const staff = await t.signUp("STAFF");
    const leader = await t.signUp();
    const g = await create(staff, { capacity: 3, leaderIds: [leader.user.id] }); // 2 seats left
    const people = await Promise.all(Array.from({ length: 12 }, () => t.signUp()));
    const answers = await Promise.all(people.map((p) => call("POST", `/api/groups/${g.id}/join`, p.auth)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(10);
    expect(await members(g.id)).toHaveLength(3);
  });

  it("lowering the capacity below the members already in is a 400; a full group needs room for a new leader", async () => {
    const staff = await t.signUp("STAFF");
    const [a, b, c] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const g = await create(staff, { capacity: 2 });
    await call("POST", `/api/groups/${g.id}/join`, a.auth);
    await call("POST", `/api/groups/${g.id}/join`, b.auth);
    const low = await call("PATCH", `/api/groups/${g.id}`, staff.auth, { capacity: 1 });
    expect(low.statusCode).toBe(400);
    expect(low.json().issues).toEqual([{ path: "body.capacity", message: GROUPS_TEXT.capacityBelowMembers }]);
    const noRoom = await call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [c.user.id] });
    expect(noRoom.statusCode).toBe(409);
    expect(noRoom.json().error).toBe(GROUPS_TEXT.fullForLeaders);
    // A member already in the group can be named leader without a new seat; one transaction: capacity and leader together.
    expect((await call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [a.user.id] })).json()).toMatchObject({ leaders: [{ id: a.user.id }], memberCount: 2 });
    const both = await call("PATCH", `/api/groups/${g.id}`, staff.auth, { capacity: 3, leaderIds: [c.user.id] });
    expect(both.json()).toMatchObject({ capacity: 3, memberCount: 3, leaders: [{ id: c.user.id }] });
    // The former leader stays a member.
    expect((await members(g.id)).find((m) => m.userId === a.user.id)).toMatchObject({ isLeader: false });
    // Nothing half-saved: a refused change leaves the name as it was.
    await call("PATCH", `/api/groups/${g.id}`, staff.auth, { name: "Renamed", capacity: 1 });
    expect((await listFor(a)).find((x) => x.id === g.id)?.name).toBe(g.name);
  });
});

describe("ask to join, and leaders", () => {
  it("a request waits for the group's leader, who alone (with staff) sees the roster and approves or declines", async () => {
    const staff = await t.signUp("PASTOR");
    const leader = await t.signUp("MEMBER", { firstName: "Priscilla", lastName: "Aquila" });
    const otherLeader = await t.signUp();
    const [asker, second, bystander] = [await t.signUp("MEMBER", { firstName: "Timothy", lastName: "Lois" }), await t.signUp(), await t.signUp()];
    const g = await create(staff, { joinPolicy: "ask", leaderIds: [leader.user.id] });
    const other = await create(staff, { leaderIds: [otherLeader.user.id] });

    const asked = await call("POST", `/api/groups/${g.id}/join`, asker.auth);
    expect(asked.json()).toMatchObject({ myStatus: "pending", memberCount: 1 });
    expect((await call("POST", `/api/groups/${g.id}/join`, asker.auth)).json()).toMatchObject({ myStatus: "pending" }); // asking twice: one request
    await call("POST", `/api/groups/${g.id}/join`, second.auth);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.groupId, g.id))).toHaveLength(2);
    expect(await mineFor(asker)).toEqual([]);
    expect((await listFor(leader)).find((x) => x.id === g.id)?.pendingCount).toBe(2);

    // Roster: the leader of this group and staff; not a member, not another group's leader.
    const roster = await call("GET", `/api/groups/${g.id}/members`, leader.auth);
    expect(roster.statusCode).toBe(200);
    const body = roster.json() as GroupRoster;
    expect(body.members).toEqual([expect.objectContaining({ userId: leader.user.id, firstName: "Priscilla", email: leader.user.email, isLeader: true })]);
    expect(body.requests.map((r) => r.userId)).toEqual([asker.user.id, second.user.id]);
    expect(body.requests[0]).toMatchObject({ firstName: "Timothy", lastName: "Lois", email: asker.user.email });
    expect(Object.keys(body.members[0]).sort()).toEqual(["email", "firstName", "isLeader", "joinedAt", "lastName", "phone", "userId"]);
    // PostgreSQL writes each person's JSON as text: a name with quotes, a backslash, a tab and an accent comes back as it was.
    const odd = "Zo\u00eb \"Z\" \\ O'Neil\t\u2028";
    await t.db.update(users).set({ lastName: odd }).where(eq(users.id, second.user.id));
    const oddRoster = (await call("GET", `/api/groups/${g.id}/members`, leader.auth)).json() as GroupRoster;
    expect(ZGroupRoster.strict().parse(oddRoster).requests[1]).toMatchObject({ userId: second.user.id, lastName: odd });
    expect((await call("GET", `/api/groups/${g.id}/members`, staff.auth)).statusCode).toBe(200);
    for (const who of [bystander, otherLeader, asker]) {
      const res = await call("GET", `/api/groups/${g.id}/members`, who.auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(GROUPS_TEXT.rosterForbidden);
      expect((await call("POST", `/api/groups/${g.id}/requests/${asker.user.id}/approve`, who.auth)).statusCode).toBe(403);
    }
    expect((await call("GET", `/api/groups/${other.id}/members`, leader.auth)).statusCode).toBe(403);
    expect((await call("GET", "/api/groups/00000000-0000-4000-8000-000000000000/members", leader.auth)).statusCode).toBe(404);

    const approved = await call("POST", `/api/groups/${g.id}/requests/${asker.user.id}/approve`, leader.auth);
    expect(approved.statusCode).toBe(200);
    expect((approved.json() as GroupRoster).members.map((m) => m.userId)).toContain(asker.user.id);
    expect((await mineFor(asker)).map((x) => x.id)).toEqual([g.id]);
    const declined = await call("POST", `/api/groups/${g.id}/requests/${second.user.id}/decline`, staff.auth);
    expect((declined.json() as GroupRoster).requests).toEqual([]);
    expect((await listFor(second)).find((x) => x.id === g.id)?.myStatus).toBe("none");
    // Decided requests are kept for the record.
    const kept = await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.groupId, g.id));
    expect(kept.map((r) => r.status).sort()).toEqual(["approved", "declined"]);
    expect(kept.find((r) => r.status === "approved")?.decidedBy).toBe(leader.user.id);
    const again = await call("POST", `/api/groups/${g.id}/requests/${second.user.id}/approve`, leader.auth);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(GROUPS_TEXT.requestNotFound);
  });

  it("a pending request is withdrawn by leaving; approving into a group that filled up is a 409 and the request waits", async () => {
    const staff = await t.signUp("STAFF");
    const leader = await t.signUp();
    const [a, b] = [await t.signUp(), await t.signUp()];
    const g = await create(staff, { joinPolicy: "ask", capacity: 2, leaderIds: [leader.user.id] });
    await call("POST", `/api/groups/${g.id}/join`, a.auth);
    expect((await call("POST", `/api/groups/${g.id}/leave`, a.auth)).json()).toMatchObject({ myStatus: "none" });
    const [withdrawn] = await t.db.select().from(groupJoinRequests).where(and(eq(groupJoinRequests.groupId, g.id), eq(groupJoinRequests.userId, a.user.id)));
    expect(withdrawn.status).toBe("withdrawn");

    await call("POST", `/api/groups/${g.id}/join`, a.auth);
    await call("POST", `/api/groups/${g.id}/join`, b.auth);
    expect((await call("POST", `/api/groups/${g.id}/requests/${a.user.id}/approve`, leader.auth)).statusCode).toBe(200);
    const full = await call("POST", `/api/groups/${g.id}/requests/${b.user.id}/approve`, leader.auth);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(GROUPS_TEXT.full);
    expect((await listFor(b)).find((x) => x.id === g.id)).toMatchObject({ myStatus: "pending", isFull: true });
    // A full "ask to join" group refuses new requests too.
    expect((await call("POST", `/api/groups/${g.id}/join`, (await t.signUp()).auth)).statusCode).toBe(409);
  });
});

describe("phones on the roster, as the directory shares them (decisions 0107, 0118)", () => {
  it("a leader (and staff) see a member's phone only while the member shares it in the directory; others still get 403 or 404", async () => {
    const staff = await t.signUp("STAFF");
    const leader = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const shares = await t.signUp("MEMBER", { firstName: "Aa", lastName: "Shares" });
    const listedOnly = await t.signUp("MEMBER", { firstName: "Bb", lastName: "Listed" });
    const unlisted = await t.signUp("MEMBER", { firstName: "Cc", lastName: "Unlisted" });
    const asker = await t.signUp("MEMBER", { firstName: "Dd", lastName: "Asker" });
    const phones = new Map([
      [shares.user.id, "+15555550101"],
      [listedOnly.user.id, "+15555550102"],
      [unlisted.user.id, "+15555550103"],
      [asker.user.id, "+15555550104"],
    ]);
    for (const [id, phone] of phones) await t.db.update(users).set({ phone }).where(eq(users.id, id));
    const directory = async (who: Person, payload: object) => expect((await call("PUT", "/api/me/directory", who.auth, payload)).statusCode).toBe(200);
    await directory(shares, { listed: true, showPhone: true });
    await directory(listedOnly, { listed: true, showEmail: true });
    await directory(unlisted, { listed: false, showPhone: true }); // the switch alone shares nothing while not listed
    await directory(asker, { listed: true, showPhone: true });

    const g = await create(staff, { leaderIds: [leader.user.id] });
    for (const who of [shares, listedOnly, unlisted]) expect((await call("POST", `/api/groups/${g.id}/join`, who.auth)).statusCode).toBe(200);
    await call("PATCH", `/api/groups/${g.id}`, staff.auth, { joinPolicy: "ask" });
    expect((await call("POST", `/api/groups/${g.id}/join`, asker.auth)).json()).toMatchObject({ myStatus: "pending" });

    const phonesSeenBy = async (who: Person) => {
      const res = await call("GET", `/api/groups/${g.id}/members`, who.auth);
      expect(res.statusCode, res.body).toBe(200);
      const body = ZGroupRoster.parse(res.json());
      return {
        members: Object.fromEntries(body.members.map((m) => [m.lastName, m.phone])),
        requests: Object.fromEntries(body.requests.map((m) => [m.lastName, m.phone])),
        raw: res.body,
      };
    };
    for (const who of [leader, staff]) {
      const seen = await phonesSeenBy(who);
      expect(seen.members).toEqual({ Thyatira: null, Shares: "+15555550101", Listed: null, Unlisted: null });
      expect(seen.requests).toEqual({ Asker: "+15555550104" });
      // Nothing unshared anywhere in the answer.
      expect(seen.raw).not.toContain("+15555550102");
      expect(seen.raw).not.toContain("+15555550103");
    }

    // Turning the phone off in the directory takes it off the roster at once; so does leaving the directory.
    await directory(shares, { showPhone: false });
    await directory(asker, { listed: false });
    const after = await phonesSeenBy(leader);
    expect(after.members.Shares).toBeNull();
    expect(after.requests).toEqual({ Asker: null });
    expect(after.raw).not.toContain("+1555555010");

    // As before: a member who does not lead it gets 403 (sharing a phone opens nothing), an unknown group 404.
    for (const who of [shares, asker]) {
      const res = await call("GET", `/api/groups/${g.id}/members`, who.auth);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("+1555555010");
    }
    expect((await call("GET", "/api/groups/00000000-0000-4000-8000-000000000000/members", shares.auth)).statusCode).toBe(404);
  });
});

describe("archive", () => {
  it("takes the group out of every member's list and stops joins, but keeps its memberships and requests", async () => {
    const staff = await t.signUp("OWNER");
    const leader = await t.signUp();
    const [m, asker] = [await t.signUp(), await t.signUp()];
    const g = await create(staff, { leaderIds: [leader.user.id] });
    await call("POST", `/api/groups/${g.id}/join`, m.auth);
    await call("PATCH", `/api/groups/${g.id}`, staff.auth, { joinPolicy: "ask" });
    await call("POST", `/api/groups/${g.id}/join`, asker.auth);

    const archived = await call("DELETE", `/api/groups/${g.id}`, staff.auth);
    expect(archived.statusCode).toBe(200);
    expect((archived.json() as AdminGroup).archivedAt).not.toBeNull();
    expect((await listFor(m)).map((x) => x.id)).not.toContain(g.id);
    expect(await mineFor(m)).toEqual([]);
    expect((await call("POST", `/api/groups/${g.id}/join`, (await t.signUp()).auth)).statusCode).toBe(404);
    expect((await call("POST", `/api/groups/${g.id}/leave`, m.auth)).statusCode).toBe(404);
    expect((await call("GET", `/api/groups/${g.id}/members`, leader.auth)).statusCode).toBe(404);
    // History kept: memberships, the leader, the request; staff still see it in Admin and its roster.
    expect((await members(g.id)).map((r) => r.userId).sort()).toEqual([leader.user.id, m.user.id].sort());
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.groupId, g.id))).toHaveLength(1);
    const admin = await allPages<AdminGroup>("/api/admin/groups", staff.auth);
    expect(admin.find((x) => x.id === g.id)).toMatchObject({ memberCount: 2, pendingCount: 1, leaders: [{ id: leader.user.id }] });
    expect(((await call("GET", `/api/groups/${g.id}/members`, staff.auth)).json() as GroupRoster).members).toHaveLength(2);
    // Archiving again changes nothing.
    expect((await call("DELETE", `/api/groups/${g.id}`, staff.auth)).json().archivedAt).toBe((archived.json() as AdminGroup).archivedAt);
  });
});

describe("staff's people search and the demo", () => {
  it("finds members by name or email to name as leaders", async () => {
    const staff = await t.signUp("STAFF");
    const m = await t.signUp("MEMBER", { firstName: "Barnabas", lastName: "Cyprus" });
    const found = (await call("GET", "/api/admin/groups/people?q=barnab", staff.auth)).json() as GroupPerson[];
    expect(found).toEqual([{ userId: m.user.id, firstName: "Barnabas", lastName: "Cyprus", email: m.user.email }]);
    expect((await call("GET", "/api/admin/groups/people?q=%25", staff.auth)).json()).toEqual([]);
  });

  it("matches any part of a first name, last name or email in any case, from one letter on; no text lists the first 20 by name; deleted accounts never", async () => {
    const staff = await t.signUp("STAFF");
    const people = async (q: string) => {
      const res = await call("GET", `/api/admin/groups/people?q=${encodeURIComponent(q)}`, staff.auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as GroupPerson[];
    };
    const one = await t.signUp("MEMBER", { firstName: "Onesiphorus", lastName: "Qxephesus", email: `house-of-q-${Date.now()}@example.org` });
    const gone = await t.signUp("MEMBER", { firstName: "Onesiphora", lastName: "Qxephesa" });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const ids = async (q: string) => (await people(q)).map((p) => p.userId);
    for (const q of ["SIPHOR", "qxephesus", "house-of-q", "Qx", "x", "phorus"]) expect(await ids(q), q).toContain(one.user.id);
    for (const q of ["SIPHOR", "Qx", "phora", "Qxephesa"]) expect(await ids(q), q).not.toContain(gone.user.id);
    // A wildcard is a letter like any other.
    expect(await people("o_e")).toEqual([]);
    const first = await people("");
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(20);
    const sorted = [...first].sort((a, b) => a.firstName.localeCompare(b.firstName, "en") || a.lastName.localeCompare(b.lastName, "en"));
    expect(first.map((p) => p.firstName)).toEqual(sorted.map((p) => p.firstName));
    expect(first.every((p) => p.userId !== gone.user.id)).toBe(true);
  });

  it("lists first names that start with the text, then last names that do, then the rest who hold it, in any case, 20 at most (decision 0145)", async () => {
    const staff = await t.signUp("STAFF");
    const tok = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    const Tok = tok[0]!.toUpperCase() + tok.slice(1);
    const ids = async (q: string) => {
      const res = await call("GET", `/api/admin/groups/people?q=${encodeURIComponent(q)}`, staff.auth);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as GroupPerson[]).map((p) => p.userId);
    };
    const sign = async (firstName: string, lastName: string, email?: string) => (await t.signUp("MEMBER", { firstName, lastName, ...(email ? { email } : {}) })).user.id;
    // Signed up out of order, so the answer's order is the search's.
    const inEmail = await sign("Aaron", "Abbott", `x.${tok}.y-${Date.now()}@example.org`);
    const inside = await sign(`Ba${tok}`, "Zed");
    const lastB = await sign("Zoe", `${Tok}son`);
    const firstB = await sign(`${Tok}ina`, "Able");
    const lastA = await sign("Abe", `${Tok}ford`);
    const both = await sign(`${Tok}a`, `${Tok}ley`);
    const firstA = await sign(Tok, "Young");
    const expected = [firstA, both, firstB, lastA, lastB, inEmail, inside];
    expect(await ids(tok)).toEqual(expected);
    expect(await ids(tok.toUpperCase())).toEqual(expected);
    // A longer start narrows each group; the middle of a name is the third group's.
    expect(await ids(`${tok}i`)).toEqual([firstB]);
    expect(await ids(`${tok} you`)).toEqual([firstA]);
    expect(await ids(tok.slice(1))).toEqual(expect.arrayContaining([firstA, both, firstB, lastA, lastB, inEmail, inside]));
    // Once the first names fill the page, nobody after them is listed.
    const more = [];
    for (const letter of "bcdefghijklmnopqrs") more.push(await sign(`${Tok}z${letter}`, "Young"));
    const page = await ids(tok);
    expect(page).toEqual([firstA, both, firstB, ...more.slice(0, 17)]);
  });

  it("a new church has no groups; the demo seed brings a few, with leaders, an ask-to-join group and a request (twice: idempotent)", async () => {
    const fresh = await createTestApp();
    try {
      const m = await fresh.signUp();
      expect((await fresh.app.inject({ method: "GET", url: "/api/groups", headers: m.auth })).json()).toEqual({ groups: [], nextCursor: null });
      await seedConnectDemo(fresh.db);
      await seedConnectDemo(fresh.db);
      const list = ((await fresh.app.inject({ method: "GET", url: "/api/groups", headers: m.auth })).json() as GroupPage).groups;
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.some((g) => g.joinPolicy === "ask")).toBe(true);
      expect(list.every((g) => g.meetingDay !== null && g.meetingTime !== null && (g.meetingPlace || g.meetingUrl))).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe("leaders are told of requests, members of the answer", () => {
  const inbox = (userId: string, kind: "groupJoinRequest" | "groupRequestAnswered") =>
    t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  function subscription() {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const sub = { endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
    return { token: JSON.stringify(sub), deviceType: "web" };
  }

  it("a request notifies each leader once (inbox and push, by their preferences), linking to the pending requests; nobody else", async () => {
    const staff = await t.signUp("PASTOR");
    const [lead1, lead2, quiet] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const asker = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const bystander = await t.signUp();
    expect((await call("POST", "/api/notifications/register-token", lead1.auth, subscription())).statusCode).toBe(200);
    expect((await call("PUT", "/api/notifications/preferences", quiet.auth, { kinds: { groupJoinRequest: false } })).statusCode).toBe(200);
    const g = await create(staff, { name: `Riverside ${Date.now()}`, joinPolicy: "ask", leaderIds: [lead1.user.id, lead2.user.id, quiet.user.id] });
    const open = await create(staff, { leaderIds: [lead1.user.id] });

    await call("POST", `/api/groups/${g.id}/join`, asker.auth);
    await call("POST", `/api/groups/${g.id}/join`, asker.auth); // asking again while it waits: no second notice
    await call("POST", `/api/groups/${open.id}/join`, bystander.auth); // an open group: no request, no notice

    const [n1] = await inbox(lead1.user.id, "groupJoinRequest");
    expect(await inbox(lead1.user.id, "groupJoinRequest")).toHaveLength(1);
    expect(n1).toMatchObject({ title: "Request to Join", body: `Lydia Thyatira asks to join ${g.name}`, url: `/connect?group=${g.id}` });
    expect(await inbox(lead2.user.id, "groupJoinRequest")).toHaveLength(1);
    expect(await inbox(quiet.user.id, "groupJoinRequest")).toEqual([]); // turned the kind off
    for (const who of [asker, bystander, staff]) expect(await inbox(who.user.id, "groupJoinRequest")).toEqual([]);
    // The leader with a device gets a push queued with it; it reads in Spanish for a Spanish member.
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, n1.id))).toHaveLength(1);
    expect(localize(n1.body, "es")).toBe(`Lydia Thyatira pide unirse a ${g.name}`);
    expect(localize(n1.title, "es")).toBe("Solicitud para unirse");
    // Seen in the leader's inbox through the API.
    const page = (await call("GET", "/api/notifications", lead2.auth)).json() as { items: { kind: string; url: string }[] };
    expect(page.items.filter((i) => i.kind === "groupJoinRequest").map((i) => i.url)).toEqual([`/connect?group=${g.id}`]);

    // Withdrawn and asked again: a new request, a new notice.
    await call("POST", `/api/groups/${g.id}/leave`, asker.auth);
    await call("POST", `/api/groups/${g.id}/join`, asker.auth);
    expect(await inbox(lead2.user.id, "groupJoinRequest")).toHaveLength(2);
  });

  it("approved or declined, the member is told once; a refused approval (group full) tells nobody; a leaderless group's requests go to staff", async () => {
    const staff = await t.signUp("STAFF");
    const leader = await t.signUp();
    const [yes, no, late] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const g = await create(staff, { name: `Harbour ${Date.now()}`, joinPolicy: "ask", capacity: 2, leaderIds: [leader.user.id] });
    for (const p of [yes, no, late]) await call("POST", `/api/groups/${g.id}/join`, p.auth);

    expect((await call("POST", `/api/groups/${g.id}/requests/${yes.user.id}/approve`, leader.auth)).statusCode).toBe(200);
    expect((await call("POST", `/api/groups/${g.id}/requests/${no.user.id}/decline`, leader.auth)).statusCode).toBe(200);
    expect((await call("POST", `/api/groups/${g.id}/requests/${late.user.id}/approve`, leader.auth)).statusCode).toBe(409); // full now
    expect((await call("POST", `/api/groups/${g.id}/requests/${yes.user.id}/approve`, leader.auth)).statusCode).toBe(404); // answered already

    const [approved] = await inbox(yes.user.id, "groupRequestAnswered");
    expect(await inbox(yes.user.id, "groupRequestAnswered")).toHaveLength(1);
    expect(approved).toMatchObject({ title: "Request Approved", body: `You are now a member of ${g.name}.`, url: "/connect" });
    expect(localize(approved.body, "es")).toBe(`Ya es miembro de ${g.name}.`);
    const [declined] = await inbox(no.user.id, "groupRequestAnswered");
    expect(declined).toMatchObject({ title: "Request Declined", body: `Your request to join ${g.name} was declined.` });
    expect(localize(declined.body, "es")).toBe(`Su solicitud para unirse a ${g.name} fue rechazada.`);
    expect(await inbox(late.user.id, "groupRequestAnswered")).toEqual([]);
    expect(await inbox(leader.user.id, "groupRequestAnswered")).toEqual([]);

    // No leaders: staff answer the requests, so staff are told.
    const leaderless = await create(staff, { joinPolicy: "ask" });
    const asker = await t.signUp();
    await call("POST", `/api/groups/${leaderless.id}/join`, asker.auth);
    expect(await inbox(staff.user.id, "groupJoinRequest")).toEqual([expect.objectContaining({ url: `/connect?group=${leaderless.id}` })]);
    expect(await inbox(leader.user.id, "groupJoinRequest")).toHaveLength(3); // only g's three requests
  });
});

describe("kept counts (decision 0125)", () => {
  it("after a mix of changes, concurrent joins on a group with capacity among them, every group's counts equal a fresh count", async () => {
    const staff = await t.signUp("PASTOR");
    const leader = await t.signUp();
    const open = await create(staff, { capacity: 4, leaderIds: [leader.user.id] });
    const ask = await create(staff, { joinPolicy: "ask", leaderIds: [leader.user.id] });
    const gone = await t.signUp();
    await call("POST", `/api/groups/${open.id}/join`, gone.auth);
    await call("POST", `/api/groups/${ask.id}/join`, gone.auth);
    const people = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    // Concurrent: eight joins for the last two seats, and eight requests at once.
    const joins = await Promise.all(people.map((p) => call("POST", `/api/groups/${open.id}/join`, p.auth)));
    expect(joins.filter((r) => r.statusCode === 200)).toHaveLength(2);
    await Promise.all(people.map((p) => call("POST", `/api/groups/${ask.id}/join`, p.auth)));
    const inOpen = people.filter((_, i) => joins[i]!.statusCode === 200);
    // Leave, withdraw, approve, decline, a new leader named, an account deleted, a group archived.
    await call("POST", `/api/groups/${open.id}/leave`, inOpen[0]!.auth);
    await call("POST", `/api/groups/${ask.id}/leave`, people[0]!.auth);
    expect((await call("POST", `/api/groups/${ask.id}/requests/${people[1]!.user.id}/approve`, leader.auth)).statusCode).toBe(200);
    expect((await call("POST", `/api/groups/${ask.id}/requests/${people[2]!.user.id}/decline`, leader.auth)).statusCode).toBe(200);
    expect((await call("PATCH", `/api/groups/${ask.id}`, staff.auth, { leaderIds: [leader.user.id, people[3]!.user.id] })).statusCode).toBe(200);
    const deleted = await call("DELETE", "/api/me", gone.auth, { password: gone.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await call("DELETE", `/api/groups/${open.id}`, staff.auth)).statusCode).toBe(200);

    type Counted = { id: string; member_count: number; pending_count: number; members: number; pending: number };
    const kept = await t.db.execute(sql`
      select g.id, g.member_count, g.pending_count,
        (select count(*)::int from group_members m where m.group_id = g.id) as members,
        (select count(*)::int from group_join_requests r where r.group_id = g.id and r.status = 'pending') as pending
      from small_groups g`);
    const rows = (kept as unknown as { rows: Counted[] }).rows;
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows) expect([r.id, r.member_count, r.pending_count]).toEqual([r.id, r.members, r.pending]);
    // Open: leader, the deleted member and two winners, one of whom left: 2. Ask: leader, one approved, one named
    // leader: 3; of nine requests one was withdrawn, approved, declined, made leader and deleted: 4 wait.
    expect(rows.find((r) => r.id === open.id)).toMatchObject({ member_count: 2, pending_count: 0 });
    expect(rows.find((r) => r.id === ask.id)).toMatchObject({ member_count: 3, pending_count: 4 });
    const admin = await allPages<AdminGroup>("/api/admin/groups", staff.auth);
    expect(admin.find((g) => g.id === ask.id)).toMatchObject({ memberCount: 3, pendingCount: 4 });
  });
});

describe("answers PostgreSQL writes (issue 23)", () => {
  it("are exactly what their contract schemas put out, words with quotes, backslashes and line breaks included", async () => {
    const staff = await t.signUp("PASTOR");
    const leader = await t.signUp("MEMBER", { firstName: 'Bo "the bold"', lastName: "O'Brien \\ Ñúñez" });
    const asker = await t.signUp("MEMBER", { firstName: "Tabitha", lastName: "Joppa" });
    const description = 'Tea, \n biscuits, "scones" and \\ a back slash.\r\nLine two \u2028 🙏';
    const g = await create(staff, { description, joinPolicy: "ask", capacity: 3, meetingDay: 2, meetingTime: "19:00", meetingUrl: "https://meet.example.org/x", leaderIds: [leader.user.id] });
    await call("POST", `/api/groups/${g.id}/join`, asker.auth);
    // A group with two leaders: its kept leaders' JSON is written into the answers compact.
    const pair = await create(staff, { leaderIds: [leader.user.id, staff.user.id] });
    const get = async (url: string, auth: Auth) => {
      const res = await call("GET", url, auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.body, url).not.toContain("\n");
      return res.json() as unknown;
    };
    const exactly = (schema: { parse(v: unknown): unknown }, body: unknown) => expect(schema.parse(body)).toEqual(body);
    const list = await get("/api/groups?limit=100", leader.auth);
    exactly(ZGroupPage, list);
    exactly(ZAdminGroupPage, await get("/api/admin/groups?limit=100", staff.auth));
    const mine = await get("/api/groups/mine", leader.auth);
    exactly(z.array(ZGroup), mine);
    const roster = await get(`/api/groups/${g.id}/members`, leader.auth);
    exactly(ZGroupRoster, roster);
    exactly(ZGroupRoster, await get(`/api/groups/${g.id}/members?limit=1`, staff.auth));
    exactly(z.array(ZGroupPerson), await get("/api/admin/groups/people?q=joppa", staff.auth));

    const shown = (list as GroupPage).groups.find((x) => x.id === g.id)!;
    expect(shown).toEqual({ ...g, myStatus: "leader", pendingCount: 1, archivedAt: undefined, memberCount: 1 });
    expect(g.description).toContain(", \n ");
    expect(shown.description).toBe(g.description);
    expect(shown.leaders).toEqual([{ id: leader.user.id, firstName: 'Bo "the bold"', lastName: "O'Brien \\ Ñúñez" }]);
    expect((mine as Group[]).find((x) => x.id === g.id)).toEqual(shown);
    expect((list as GroupPage).groups.find((x) => x.id === pair.id)).toEqual({ ...pair, myStatus: "leader", pendingCount: 0, archivedAt: undefined });
    expect(pair.leaders).toHaveLength(2);
    expect((roster as GroupRoster).group).toEqual(shown);
    expect((roster as GroupRoster).requests).toEqual([{ userId: asker.user.id, firstName: "Tabitha", lastName: "Joppa", email: asker.user.email, phone: null, requestedAt: expect.any(String) }]);
    const decided = await call("POST", `/api/groups/${g.id}/requests/${asker.user.id}/approve`, leader.auth);
    expect(decided.statusCode, decided.body).toBe(200);
    exactly(ZGroupRoster, decided.json());
    expect((decided.json() as GroupRoster).members.map((m) => m.firstName)).toEqual(['Bo "the bold"', "Tabitha"]);
  });
});

describe("pages (decision 0125)", () => {
  let p: TestApp;
  let staff: Person;
  let member: Person;
  const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf"];
  const get = (url: string, auth: Auth) => p.app.inject({ method: "GET", url, headers: auth });
  beforeAll(async () => {
    p = await createTestApp();
    staff = await p.signUp("PASTOR");
    member = await p.signUp();
    for (const name of [...names].reverse()) {
      const res = await p.app.inject({ method: "POST", url: "/api/groups", headers: staff.auth, payload: { name, description: "Friends." } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => p.close());

  async function pages(path: string, auth: Auth, limit: number) {
    const seen: GroupPage[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, auth);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(res.json() as GroupPage);
      cursor = seen[seen.length - 1]!.nextCursor;
    } while (cursor && seen.length < 20);
    return seen;
  }

  it("the members' list comes by name, a page at a time, without duplicates or gaps, also while groups are added and archived", async () => {
    const first = await pages("/api/groups", member.auth, 3);
    expect(first.map((pg) => pg.groups.map((g) => g.name))).toEqual([["Alpha", "Bravo", "Charlie"], ["Delta", "Echo", "Foxtrot"], ["Golf"]]);
    expect(first[2]!.nextCursor).toBeNull();
    // The default page is the contract's size; a whole page with nothing after it has no next cursor.
    expect(((await get("/api/groups", member.auth)).json() as GroupPage).groups).toHaveLength(7);
    expect(((await get("/api/groups?limit=7", member.auth)).json() as GroupPage).nextCursor).toBeNull();

    // Between pages: a group added before the cursor and one archived after it change nothing already seen.
    const one = (await get("/api/groups?limit=3", member.auth)).json() as GroupPage;
    await p.app.inject({ method: "POST", url: "/api/groups", headers: staff.auth, payload: { name: "Aardvark", description: "Friends." } });
    const echo = first[1]!.groups.find((g) => g.name === "Echo")!;
    expect((await p.app.inject({ method: "DELETE", url: `/api/groups/${echo.id}`, headers: staff.auth })).statusCode).toBe(200);
    const two = (await get(`/api/groups?limit=3&cursor=${one.nextCursor}`, member.auth)).json() as GroupPage;
    expect(two.groups.map((g) => g.name)).toEqual(["Delta", "Foxtrot", "Golf"]);
    expect(two.nextCursor).toBeNull();

    // Admin's list has the archived group too, after the live ones, with every pending count.
    const admin = (await pages("/api/admin/groups", staff.auth, 2)).flatMap((pg) => pg.groups as AdminGroup[]);
    expect(admin.map((g) => g.name)).toEqual(["Aardvark", ...names.filter((n) => n !== "Echo"), "Echo"]);
    expect(admin.find((g) => g.name === "Echo")!.archivedAt).not.toBeNull();
    expect(admin.every((g) => g.pendingCount === 0)).toBe(true);

    // Two archived groups, pages of one: a cursor in the archived part continues there (decision 0138's two index ranges).
    const delta = admin.find((g) => g.name === "Delta")!;
    expect((await p.app.inject({ method: "DELETE", url: `/api/groups/${delta.id}`, headers: staff.auth })).statusCode).toBe(200);
    const single = (await pages("/api/admin/groups", staff.auth, 1)).flatMap((pg) => pg.groups as AdminGroup[]);
    expect(single.map((g) => g.name)).toEqual(["Aardvark", ...names.filter((n) => n !== "Echo" && n !== "Delta"), "Delta", "Echo"]);
  });

  it("a cursor that is not one, or a bad limit, is a 400 on that field", async () => {
    const bad = [
      "not-base64-json",
      Buffer.from("{}").toString("base64url"),
      Buffer.from(JSON.stringify([1])).toString("base64url"),
      Buffer.from(JSON.stringify(["Alpha"])).toString("base64url"),
      Buffer.from(JSON.stringify([0, "a\u0000b"])).toString("base64url"),
      "x".repeat(1001),
    ];
    for (const cursor of bad) {
      for (const path of ["/api/groups", "/api/admin/groups"]) {
        const res = await get(`${path}?cursor=${cursor}`, staff.auth);
        expect(res.statusCode, `${path} ${cursor}`).toBe(400);
        expect(res.json().issues[0].path).toMatch(/cursor/);
      }
    }
    expect((await get("/api/groups?cursor=x&limit=2", member.auth)).json().issues[0].message).toBe(GROUPS_TEXT.badCursor);
    expect((await p.app.inject({ method: "GET", url: "/api/groups?cursor=x", headers: { ...member.auth, "accept-language": "es" } })).json().issues[0].message).toBe(
      messagesFor("es").groups.text.badCursor,
    );
    for (const limit of ["0", "101", "two"]) {
      const res = await get(`/api/groups?limit=${limit}`, member.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toMatch(/limit/);
    }
  });

  it("a roster comes leaders first, then by name, a page at a time; the requests come on the first page; only its own leader (or staff) reads any page", async () => {
    const leader = await p.signUp("MEMBER", { firstName: "Zed", lastName: "Leader" });
    const otherLeader = await p.signUp();
    const created = await p.app.inject({
      method: "POST",
      url: "/api/groups",
      headers: staff.auth,
      payload: { name: "Roster paging", description: "Friends.", joinPolicy: "ask", leaderIds: [leader.user.id] },
    });
    const g = created.json() as AdminGroup;
    const other = (await p.app.inject({ method: "POST", url: "/api/groups", headers: staff.auth, payload: { name: "Other", description: "x", leaderIds: [otherLeader.user.id] } })).json() as AdminGroup;
    const joiners: Person[] = [];
    for (const firstName of ["Ann", "Bea", "Cal", "Dee", "Eve"]) {
      const m = await p.signUp("MEMBER", { firstName, lastName: "Doe" });
      joiners.push(m);
      await p.app.inject({ method: "POST", url: `/api/groups/${g.id}/join`, headers: m.auth });
      await p.app.inject({ method: "POST", url: `/api/groups/${g.id}/requests/${m.user.id}/approve`, headers: leader.auth });
    }
    const asker = await p.signUp("MEMBER", { firstName: "Asa" });
    await p.app.inject({ method: "POST", url: `/api/groups/${g.id}/join`, headers: asker.auth });

    const seen: GroupRoster[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/groups/${g.id}/members?limit=2${cursor ? `&cursor=${cursor}` : ""}`, leader.auth);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(res.json() as GroupRoster);
      cursor = seen[seen.length - 1]!.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen.map((r) => r.members.map((m) => m.firstName))).toEqual([["Zed", "Ann"], ["Bea", "Cal"], ["Dee", "Eve"]]);
    expect(seen[0]!.members[0]!.isLeader).toBe(true);
    expect(seen[0]!.requests.map((r) => r.userId)).toEqual([asker.user.id]);
    expect(seen.slice(1).every((r) => r.requests.length === 0 && r.group.memberCount === 6)).toBe(true);

    // A leader's cursor does not open another group's roster; a member with a cursor is refused as without.
    const page2 = seen[0]!.nextCursor!;
    expect((await get(`/api/groups/${other.id}/members?cursor=${page2}`, leader.auth)).statusCode).toBe(403);
    expect((await get(`/api/groups/${g.id}/members?cursor=${page2}`, otherLeader.auth)).statusCode).toBe(403);
    expect((await get(`/api/groups/${g.id}/members?cursor=${page2}`, joiners[0]!.auth)).statusCode).toBe(403);
    expect((await get(`/api/groups/${g.id}/members?cursor=${page2}`, staff.auth)).statusCode).toBe(200);
    // Tampered: not a roster key.
    for (const bad of ["zz", Buffer.from(JSON.stringify(["Ann"])).toString("base64url"), Buffer.from(JSON.stringify([2, "a", "b", "c"])).toString("base64url")]) {
      const res = await get(`/api/groups/${g.id}/members?cursor=${bad}`, leader.auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: "cursor", message: GROUPS_TEXT.badCursor });
    }
  });
});

describe("kept leaders (decision 0141)", () => {
  type Kept = { id: string; kept: string; fresh: string };
  /** Every group's kept `leaders` against the leaders read afresh, as text (byte for byte). */
  async function expectLeadersExact() {
    const rows = (
      (await t.db.execute(sql`select g.id, g.leaders::text as kept, (${leadersJson})::text as fresh from small_groups g`)) as unknown as { rows: Kept[] }
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.id, r.kept]).toEqual([r.id, r.fresh]);
  }
  const rename = async (p: Person, firstName: string, lastName?: string) => {
    const res = await call("PATCH", "/api/me", p.auth, { firstName, ...(lastName ? { lastName } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };
  const leadersIn = async (p: Person, id: string) => (await listFor(p)).find((g) => g.id === id)?.leaders.map((l) => `${l.firstName} ${l.lastName}`);

  it("stay exact through creation, leaders named and unnamed, a member made leader, a leader leaving, renames and a deleted account", async () => {
    const staff = await t.signUp("PASTOR");
    const zoe = await t.signUp("MEMBER", { firstName: "Zoe", lastName: "Adams" });
    const abe = await t.signUp("MEMBER", { firstName: "Abe", lastName: "Brown" });
    const cal = await t.signUp("MEMBER", { firstName: "Cal", lastName: "Cole" });
    const dee = await t.signUp("MEMBER", { firstName: "Dee", lastName: "Dunn" });
    // Created with two leaders, listed by name.
    const g = await create(staff, { leaderIds: [zoe.user.id, abe.user.id] });
    const empty = await create(staff);
    expect(g.leaders.map((l) => l.firstName)).toEqual(["Abe", "Zoe"]);
    expect(empty.leaders).toEqual([]);
    await expectLeadersExact();
    expect(await leadersIn(cal, g.id)).toEqual(["Abe Brown", "Zoe Adams"]);
    // A member joins, then is made leader (a role change on their row); Zoe stops leading (stays a member).
    await call("POST", `/api/groups/${g.id}/join`, cal.auth);
    expect((await call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [abe.user.id, cal.user.id] })).statusCode).toBe(200);
    await expectLeadersExact();
    expect(await leadersIn(dee, g.id)).toEqual(["Abe Brown", "Cal Cole"]);
    // A newcomer named leader (joins as one); a leader leaves.
    expect((await call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [abe.user.id, cal.user.id, dee.user.id] })).statusCode).toBe(200);
    await call("POST", `/api/groups/${g.id}/leave`, abe.auth);
    await expectLeadersExact();
    expect(await leadersIn(zoe, g.id)).toEqual(["Cal Cole", "Dee Dunn"]);
    // Renames: a leader's (first, then last name, reordering the list), a non-leader's (no group changes).
    await rename(cal, "Eli");
    await rename(dee, "Ann", "Zed");
    await rename(zoe, "Yara");
    await expectLeadersExact();
    expect(await leadersIn(zoe, g.id)).toEqual(["Ann Zed", "Eli Cole"]);
    // A leader of two groups renamed; then deletes their account.
    await create(staff, { leaderIds: [dee.user.id] });
    await rename(dee, "Bea");
    await expectLeadersExact();
    const deleted = await call("DELETE", "/api/me", dee.auth, { password: dee.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await expectLeadersExact();
    expect(await leadersIn(zoe, g.id)).toEqual(["Eli Cole"]);
    // All leaders unnamed; archived.
    expect((await call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [] })).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${g.id}`, staff.auth)).statusCode).toBe(200);
    await expectLeadersExact();
  });

  // Two connections at once: PGlite has one, so these run on PostgreSQL only.
  const onPostgres = !!process.env.TEST_DATABASE_URL;
  const pause = () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    return { gate, open };
  };
  it.runIf(onPostgres)("a rename waits for a group change that read the leader's name, then writes that group too", async () => {
    const staff = await t.signUp("PASTOR");
    const x = await t.signUp("MEMBER", { firstName: "Old", lastName: "Name" });
    const g = await create(staff);
    await call("POST", `/api/groups/${g.id}/join`, x.auth);
    const synced = pause();
    const commit = pause();
    // A group change makes x a leader and syncs (reading the old name), then holds its transaction open.
    const change = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from small_groups where id = ${g.id}::uuid for update`);
      await tx.update(groupMembers).set({ isLeader: true }).where(and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, x.user.id)));
      await syncGroupCounts(tx, [g.id]);
      synced.open();
      await commit.gate;
    });
    await synced.gate;
    const renamed = rename(x, "New");
    await new Promise((r) => setTimeout(r, 200));
    commit.open();
    await change;
    await renamed;
    await expectLeadersExact();
    expect(await leadersIn(staff, g.id)).toEqual(["New Name"]);
  });

  it.runIf(onPostgres)("a group change naming a leader waits for a rename in flight and lists the new name", async () => {
    const staff = await t.signUp("PASTOR");
    const x = await t.signUp("MEMBER", { firstName: "Old", lastName: "Name" });
    const y = await t.signUp("MEMBER", { firstName: "Other", lastName: "Name" });
    const g = await create(staff, { leaderIds: [y.user.id] });
    await call("POST", `/api/groups/${g.id}/join`, x.auth);
    const written = pause();
    const commit = pause();
    const renaming = renameKeepingLeaders(t.db, x.user.id, async (tx) => {
      await tx.update(users).set({ firstName: "New" }).where(eq(users.id, x.user.id));
      written.open();
      await commit.gate;
    });
    await written.gate;
    const named = call("PATCH", `/api/groups/${g.id}`, staff.auth, { leaderIds: [x.user.id, y.user.id] });
    await new Promise((r) => setTimeout(r, 200));
    commit.open();
    await renaming;
    expect((await named).statusCode).toBe(200);
    await expectLeadersExact();
    expect(await leadersIn(staff, g.id)).toEqual(["New Name", "Other Name"]);
  });

  it.runIf(onPostgres)("a leader renaming themselves while their account's deletion waits for their group: both finish, no deadlock", async () => {
    const staff = await t.signUp("PASTOR");
    const x = await t.signUp("MEMBER", { firstName: "Old", lastName: "Name" });
    const g = await create(staff, { leaderIds: [x.user.id] });
    const waitingOnLocks = async () =>
      ((await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const commit = pause();
    const held = pause();
    // Another group change holds the group's lock.
    const change = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from small_groups where id = ${g.id}::uuid for update`);
      held.open();
      await commit.gate;
    });
    await held.gate;
    // The rename comes first and waits; then the deletion (the member's own row, then the group).
    const renamed = call("PATCH", "/api/me", x.auth, { firstName: "New" });
    await expect.poll(waitingOnLocks).toBe(1);
    const deleted = call("DELETE", "/api/me", x.auth, { password: x.password });
    await expect.poll(waitingOnLocks).toBe(2);
    commit.open();
    await change;
    // Before: the rename got the group, waited for the member's row the deletion held, which
    // waited for the group: PostgreSQL ended one with a deadlock (a 500).
    expect((await renamed).statusCode).toBe(200);
    expect((await deleted).statusCode).toBe(204);
    await expectLeadersExact();
    expect(await leadersIn(staff, g.id)).toEqual([]);
  });

  it("stay exact when renames race with leaders being named, joins and leaving (on PostgreSQL, really at once)", async () => {
    const staff = await t.signUp("PASTOR");
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => t.signUp("MEMBER", { firstName: `Racer${i}`, lastName: "Start" })));
    const a = await create(staff, { leaderIds: [people[0]!.user.id] });
    const b = await create(staff, { leaderIds: [people[1]!.user.id] });
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        ...people.map((p, i) => rename(p, `Racer${i}`, `Round${round}`)),
        call("PATCH", `/api/groups/${a.id}`, staff.auth, { leaderIds: people.slice(round, round + 3).map((p) => p.user.id) }),
        call("PATCH", `/api/groups/${b.id}`, staff.auth, { leaderIds: people.slice(3 - round, 6 - round).map((p) => p.user.id) }),
        call("POST", `/api/groups/${a.id}/join`, people[5]!.auth),
        call("POST", `/api/groups/${b.id}/leave`, people[4]!.auth),
      ]);
      await expectLeadersExact();
    }
  });
});

describe("the group's kept head (decision 0146)", () => {
  /**
   * Every group as the lists write it (the kept `json_head`, closed with the asker's fields)
   * against the group built from its columns (loadGroup, what a write answers), for staff (Admin's
   * list, archived groups too) and for a member (the members' list).
   */
  async function expectHeadsExact(staff: Person, member: Person) {
    const admin = await allPages<AdminGroup>("/api/admin/groups", staff.auth);
    expect(admin.length).toBeGreaterThan(0);
    for (const g of admin) expect(g).toEqual(await loadGroup(t.db, staff.user.id, g.id, true));
    for (const g of await listFor(member)) expect(g).toEqual(omitArchived((await loadGroup(t.db, member.user.id, g.id))!));
  }
  const omitArchived = ({ archivedAt: _archivedAt, ...g }: AdminGroup) => g;

  it("follows every change to the group, its members, its leaders' names and a write outside the app", async () => {
    const staff = await t.signUp("PASTOR");
    const member = await t.signUp();
    const leader = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const g = await create(staff, { capacity: 2, leaderIds: [leader.user.id] });
    await expectHeadsExact(staff, member);
    const patch = async (change: object) => {
      const res = await call("PATCH", `/api/groups/${g.id}`, staff.auth, change);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminGroup;
    };
    // Every field of the head: words with quotes, backslashes and line breaks; meeting details set and cleared.
    await patch({ name: `Q "quoted" \\ ${g.id}`, description: 'Line one,\n "two" \\ three \u2028 🙏', meetingDay: 0, meetingTime: "07:05", meetingPlace: "Room 'B'" });
    await expectHeadsExact(staff, member);
    await patch({ meetingUrl: "https://meet.example.org/a?b=1&c=\"d\"", meetingPlace: null, joinPolicy: "ask" });
    await expectHeadsExact(staff, member);
    // Counts: the member asks (pending), is approved (full at 2), leaves; the capacity lifted.
    await call("POST", `/api/groups/${g.id}/join`, member.auth);
    await expectHeadsExact(staff, member);
    expect((await call("POST", `/api/groups/${g.id}/requests/${member.user.id}/approve`, leader.auth)).statusCode).toBe(200);
    expect((await listFor(member)).find((x) => x.id === g.id)).toMatchObject({ memberCount: 2, isFull: true, myStatus: "member" });
    await expectHeadsExact(staff, member);
    await call("POST", `/api/groups/${g.id}/leave`, member.auth);
    await patch({ capacity: null, joinPolicy: "open" });
    await expectHeadsExact(staff, member);
    // A leader's new name; a write no route makes (plain SQL, as a script or a restore would).
    expect((await call("PATCH", "/api/me", leader.auth, { firstName: "Dorcas" })).statusCode).toBe(200);
    await t.db.execute(sql`update small_groups set description = 'Set by hand', meeting_day = 6 where id = ${g.id}::uuid`);
    await expectHeadsExact(staff, member);
    expect((await listFor(member)).find((x) => x.id === g.id)).toMatchObject({ description: "Set by hand", meetingDay: 6, leaders: [{ firstName: "Dorcas" }] });
    // Archived: staff still see it, exact.
    expect((await call("DELETE", `/api/groups/${g.id}`, staff.auth)).statusCode).toBe(200);
    await expectHeadsExact(staff, member);
  });
});
