/**
 * Admin: role changes (OWNER only, never losing the last owner), the people search and the
 * sandbox outbox, through real HTTP handling.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { z } from "zod";
import { ADMIN_TEXT } from "../../../contract/admin";
import { ZUser } from "../../../contract/auth";
import type { Role } from "../../../contract/roles";
import { users, passwordResets } from "../../db/schema/users";
import { emailOutbox } from "../../db/schema/platform";
import { changeRole } from "./change-role";
import { AppError } from "../../http/app-error";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

let t: TestApp;
let owner: Account;
let pastor: Account;
let staff: Account;
let member: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp("OWNER", { firstName: "Olive", lastName: "Owner" });
  pastor = await t.signUp("PASTOR", { firstName: "Paul", lastName: "Pastor" });
  staff = await t.signUp("STAFF", { firstName: "Stella", lastName: "Staff" });
  member = await t.signUp("MEMBER", { firstName: "Mark", lastName: "Member" });
});
afterAll(() => t.close());

const FORBIDDEN = { error: "You don't have permission to do that", code: "FORBIDDEN" };
const UNAUTHORIZED = { error: "Please sign in", code: "UNAUTHORIZED" };

const patchRole = (id: string, body: unknown, auth?: Record<string, string>) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/users/${id}`, payload: body as never, headers: auth ?? {} });
const me = (auth: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/church/me", headers: auth });
const roleOf = async (id: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const ownerCount = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.role, "OWNER"))).length;

/** Puts the fixed accounts back in their roles and makes `owners` the only OWNERs. */
async function resetRoles(owners: Account[] = [owner]) {
  await t.db.update(users).set({ role: "MEMBER" }).where(eq(users.role, "OWNER"));
  await t.db.update(users).set({ role: "PASTOR" }).where(eq(users.id, pastor.user.id));
  await t.db.update(users).set({ role: "STAFF" }).where(eq(users.id, staff.user.id));
  await t.db.update(users).set({ role: "MEMBER" }).where(eq(users.id, member.user.id));
  if (owners.length) await t.db.update(users).set({ role: "OWNER" }).where(inArray(users.id, owners.map((o) => o.user.id)));
  await t.authSettled();
}

describe("PATCH /api/admin/users/:id", () => {
  beforeEach(() => resetRoles());

  it("lets an OWNER change a role; the change holds and shows in the target's next session check", async () => {
    const target = await t.signUp("MEMBER");
    expect((await me(target.auth)).json().user.role).toBe("MEMBER");

    for (const role of ["STAFF", "PASTOR", "OWNER", "MEMBER"] as Role[]) {
      const res = await patchRole(target.user.id, { role }, owner.auth);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual({
        id: target.user.id,
        email: target.user.email,
        firstName: "Test",
        lastName: expect.any(String),
        role,
        // The OWNER always has the finance permission (decision 0113).
        finance: role === "OWNER",
        createdAt: expect.any(String),
      });
      expect(res.body.toLowerCase()).not.toContain("password");
      expect(res.body).not.toContain("$argon2");
      expect(await roleOf(target.user.id)).toBe(role);
      expect((await me(target.auth)).json().user.role).toBe(role);
    }
  });

  it("gives the new role its powers at once (a promoted OWNER may change roles, a demoted one may not)", async () => {
    const target = await t.signUp("MEMBER");
    const other = await t.signUp("MEMBER");
    expect((await patchRole(other.user.id, { role: "STAFF" }, target.auth)).statusCode).toBe(403);

    expect((await patchRole(target.user.id, { role: "OWNER" }, owner.auth)).statusCode).toBe(200);
    expect((await patchRole(other.user.id, { role: "STAFF" }, target.auth)).statusCode).toBe(200);
    expect(await roleOf(other.user.id)).toBe("STAFF");

    expect((await patchRole(target.user.id, { role: "MEMBER" }, owner.auth)).statusCode).toBe(200);
    expect((await patchRole(other.user.id, { role: "MEMBER" }, target.auth)).statusCode).toBe(403);
    expect(await roleOf(other.user.id)).toBe("STAFF");
  });

  it.each([
    ["PASTOR", () => pastor],
    ["STAFF", () => staff],
    ["MEMBER", () => member],
  ])("refuses a %s with 403 and changes nothing", async (_role, who) => {
    const caller = who();
    const target = await t.signUp("MEMBER");
    const res = await patchRole(target.user.id, { role: "STAFF" }, caller.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect(await roleOf(target.user.id)).toBe("MEMBER");
    // Nor may they promote themselves or demote the owner.
    expect((await patchRole(caller.user.id, { role: "OWNER" }, caller.auth)).statusCode).toBe(403);
    expect(await roleOf(caller.user.id)).toBe(caller.user.role);
    expect((await patchRole(owner.user.id, { role: "MEMBER" }, caller.auth)).statusCode).toBe(403);
    expect(await roleOf(owner.user.id)).toBe("OWNER");
  });

  it("refuses an anonymous caller or a bad token with 401", async () => {
    const res = await patchRole(member.user.id, { role: "OWNER" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect((await patchRole(member.user.id, { role: "OWNER" }, { authorization: "Bearer nope" })).statusCode).toBe(401);
    expect(await roleOf(member.user.id)).toBe("MEMBER");
  });

  it("answers 404 for an unknown user", async () => {
    const res = await patchRole(randomUUID(), { role: "STAFF" }, owner.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "User not found", code: "NOT_FOUND" });
  });

  it("answers 400 for an id that is not a uuid", async () => {
    for (const id of ["123", "not-a-uuid", `${randomUUID()}x`]) {
      const res = await patchRole(id, { role: "STAFF" }, owner.auth);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().code).toBe("BAD_REQUEST");
      expect(res.json().issues).toEqual([{ path: "params.id", message: expect.any(String) }]);
    }
  });

  it("answers 400 for a role that does not exist, in the wrong case, or missing", async () => {
    for (const body of [{ role: "ADMIN" }, { role: "owner" }, { role: "" }, { role: 1 }, {}]) {
      const res = await patchRole(member.user.id, body, owner.auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toEqual([{ path: "body.role", message: expect.any(String) }]);
    }
    expect(await roleOf(member.user.id)).toBe("MEMBER");
  });

  it("refuses to demote the last OWNER, also when the owner demotes themself", async () => {
    expect(await ownerCount()).toBe(1);
    for (const role of ["PASTOR", "STAFF", "MEMBER"] as Role[]) {
      const res = await patchRole(owner.user.id, { role }, owner.auth);
      expect(res.statusCode, role).toBe(409);
      expect(res.json()).toEqual({ error: ADMIN_TEXT.lastOwner, code: "CONFLICT" });
    }
    expect(await roleOf(owner.user.id)).toBe("OWNER");
    expect((await me(owner.auth)).json().user.role).toBe("OWNER");
    // Setting the last owner to OWNER again changes nothing and is fine.
    const same = await patchRole(owner.user.id, { role: "OWNER" }, owner.auth);
    expect(same.statusCode).toBe(200);
    expect(same.json().role).toBe("OWNER");
  });

  it("lets an owner step down when another owner remains", async () => {
    const second = await t.signUp("MEMBER");
    expect((await patchRole(second.user.id, { role: "OWNER" }, owner.auth)).statusCode).toBe(200);
    const res = await patchRole(owner.user.id, { role: "PASTOR" }, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe("PASTOR");
    expect(await ownerCount()).toBe(1);
    // The former owner lost owner rights; the remaining one is now the last and cannot leave.
    expect((await patchRole(member.user.id, { role: "STAFF" }, owner.auth)).statusCode).toBe(403);
    expect((await patchRole(second.user.id, { role: "MEMBER" }, second.auth)).statusCode).toBe(409);
    expect(await roleOf(second.user.id)).toBe("OWNER");
  });

  it("lets exactly one of two owners demoting each other at the same time succeed", async () => {
    for (let round = 0; round < 5; round++) {
      const a = await t.signUp("OWNER");
      const b = await t.signUp("OWNER");
      await resetRoles([a, b]);
      expect(await ownerCount()).toBe(2);

      const results = await Promise.all([
        patchRole(b.user.id, { role: "MEMBER" }, a.auth),
        patchRole(a.user.id, { role: "MEMBER" }, b.auth),
      ]);
      const codes = results.map((r) => r.statusCode);
      // The loser is refused either by the last-owner rule (409) or, when its request is
      // checked after the winner's change, because it is no longer an owner (403).
      expect(codes.filter((c) => c === 200), `round ${round}: ${codes}`).toHaveLength(1);
      const loser = results.find((r) => r.statusCode !== 200)!;
      expect([403, 409]).toContain(loser.statusCode);
      if (loser.statusCode === 409) expect(loser.json().error).toBe(ADMIN_TEXT.lastOwner);
      expect(await ownerCount()).toBe(1);
      const survivor = results[0].statusCode === 200 ? a : b;
      expect(await roleOf(survivor.user.id)).toBe("OWNER");
    }
  });

  it("locks the owners for the check: of two simultaneous demotions of the last two owners, one is a conflict", async () => {
    // Straight at the feature function, so both calls reach the transaction (no 403 shortcut).
    for (let round = 0; round < 5; round++) {
      const a = await t.signUp("OWNER");
      const b = await t.signUp("OWNER");
      await resetRoles([a, b]);
      const results = await Promise.allSettled([
        changeRole(t.db, { id: b.user.id }, "MEMBER"),
        changeRole(t.db, { id: a.user.id }, "STAFF"),
      ]);
      expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual(["fulfilled", "rejected"]);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(AppError);
      expect((rejected.reason as AppError).status).toBe(409);
      expect((rejected.reason as AppError).message).toBe(ADMIN_TEXT.lastOwner);
      expect(await ownerCount()).toBe(1);
    }
  });

  it("lets exactly one of two owners stepping down at the same time succeed", async () => {
    for (let round = 0; round < 3; round++) {
      const a = await t.signUp("OWNER");
      const b = await t.signUp("OWNER");
      await resetRoles([a, b]);
      const results = await Promise.all([
        patchRole(a.user.id, { role: "STAFF" }, a.auth),
        patchRole(b.user.id, { role: "STAFF" }, b.auth),
      ]);
      // Each targets themself, so the loser always reaches the last-owner rule.
      expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      expect(await ownerCount()).toBe(1);
    }
  });

  it("never leaves the church without an owner when three owners demote each other at once", async () => {
    const trio = [await t.signUp("OWNER"), await t.signUp("OWNER"), await t.signUp("OWNER")];
    await resetRoles(trio);
    const results = await Promise.all(trio.map((o, i) => patchRole(trio[(i + 1) % 3].user.id, { role: "MEMBER" }, o.auth)));
    const codes = results.map((r) => r.statusCode);
    for (const c of codes) expect([200, 403, 409]).toContain(c);
    const succeeded = codes.filter((c) => c === 200).length;
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(await ownerCount()).toBe(3 - succeeded);
    expect(await ownerCount()).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/admin/users", () => {
  const list = (q: string | undefined, auth: Record<string, string> = owner.auth) =>
    t.app.inject({ method: "GET", url: "/api/admin/users", query: q === undefined ? {} : { q }, headers: auth });
  const names = (res: Awaited<ReturnType<typeof list>>) =>
    (res.json() as { firstName: string; lastName: string }[]).map((u) => `${u.firstName} ${u.lastName}`);

  let zeb: Account;
  beforeAll(async () => {
    await resetRoles();
    zeb = await t.signUp("MEMBER", { firstName: "Zebulon", lastName: "Quartzite", email: "zq.unique@example.org" });
    await t.signUp("MEMBER", { firstName: "Hundred", lastName: "100%" });
    await t.signUp("MEMBER", { firstName: "Thousand", lastName: "1000" });
    await t.signUp("MEMBER", { firstName: "Under", lastName: "a_b" });
    await t.signUp("MEMBER", { firstName: "Cross", lastName: "axb" });
    await t.signUp("MEMBER", { firstName: "Slash", lastName: "back\\slash" });
  });

  it("is for OWNERs only", async () => {
    expect((await list(undefined, owner.auth)).statusCode).toBe(200);
    for (const who of [pastor, staff, member]) {
      const res = await list(undefined, who.auth);
      expect(res.statusCode, who.user.role).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const anon = await list(undefined, {});
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual(UNAUTHORIZED);
  });

  it("lists public fields only, ordered by first then last name", async () => {
    const res = await list(undefined);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { firstName: string; lastName: string; email: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const u of rows) expect(Object.keys(u).sort()).toEqual(["createdAt", "email", "finance", "firstName", "id", "lastName", "role"]);
    expect(res.body.toLowerCase()).not.toContain("password");
    expect(res.body).not.toContain("$argon2");
    // Written by PostgreSQL (decision 0138): exactly what the contract's schema outputs.
    expect(z.array(ZUser).parse(rows)).toEqual(rows);
    const slash = rows.find((u) => u.lastName === "back\\slash");
    expect(slash).toBeDefined();
    const owners = (rows as unknown as { role: string; finance: boolean }[]).filter((u) => u.role === "OWNER");
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((u) => u.finance)).toBe(true);
    const keys = rows.map((u) => [u.firstName, u.lastName]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it("returns at most 50 people", async () => {
    await Promise.all(Array.from({ length: 45 }, (_, i) => t.insertUser(`bulk${i}@example.org`, "MEMBER")));
    const res = await list(undefined);
    expect(res.json()).toHaveLength(50);
    const bulk = await list("bulk");
    expect(bulk.json()).toHaveLength(45);
  });

  it("finds people by first name, last name or email, in any letter case", async () => {
    for (const q of ["zebu", "ZEBULON", "quartz", "Quartzite", "zq.unique@", "ZQ.UNIQUE@EXAMPLE.ORG", "  zebulon  "]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().map((u: { id: string }) => u.id), q).toEqual([zeb.user.id]);
    }
    expect((await list("nobody-has-this-name")).json()).toEqual([]);
  });

  it("lists first names that start with the text, then last names, then the rest; finds a full name (decision 0145)", async () => {
    const naboth = await t.signUp("MEMBER", { firstName: "Naboth", lastName: "Ofjezreel" });
    const amos = await t.signUp("MEMBER", { firstName: "Amos", lastName: "Jezreelson" });
    const abel = await t.signUp("MEMBER", { firstName: "Jezreel", lastName: "Abel" });
    const ids = async (q: string) => (await list(q)).json().map((u: { id: string }) => u.id);
    expect(await ids("jezre")).toEqual([abel.user.id, amos.user.id, naboth.user.id]);
    expect(await ids("Naboth Ofj")).toEqual([naboth.user.id]);
    expect(await ids("jezreel ab")).toEqual([abel.user.id]);
  });

  it("treats % literally", async () => {
    expect(names(await list("%"))).toEqual(["Hundred 100%"]);
    // Unescaped, "0%" would also match "1000".
    expect(names(await list("0%"))).toEqual(["Hundred 100%"]);
    expect(names(await list("%%"))).toEqual([]);
  });

  it("treats _ and \\ literally", async () => {
    expect(names(await list("a_b"))).toEqual(["Under a_b"]);
    expect(names(await list("\\"))).toEqual(["Slash back\\slash"]);
    expect(names(await list("k\\s"))).toEqual(["Slash back\\slash"]);
  });

  it("refuses a query over 100 characters", async () => {
    const res = await list("x".repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("querystring.q");
  });
});

describe("GET /api/admin/outbox", () => {
  const outbox = (auth: Record<string, string>) => t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: auth });
  type Entry = { id: string; to: string; subject: string; text: string; createdAt: string };

  beforeAll(() => resetRoles());

  it("is for staff roles: OWNER, PASTOR and STAFF get 200, MEMBER 403, anonymous 401", async () => {
    for (const who of [owner, pastor, staff]) expect((await outbox(who.auth)).statusCode, who.user.role).toBe(200);
    const res = await outbox(member.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
    expect((await outbox({})).statusCode).toBe(401);
  });

  it("hides the text of a password-reset message, and its link appears nowhere in the answer", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: member.user.email } });
    expect(res.statusCode).toBe(202);
    const [stored] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.user.email));
    expect(stored.sensitive).toBe(true);
    const link = /\?token=([A-Za-z0-9_%-]+)/.exec(stored.text)![1];
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.user.id));
    expect(reset).toBeDefined();

    for (const who of [owner, pastor, staff]) {
      const list = await outbox(who.auth);
      const entry = (list.json() as Entry[]).find((e) => e.to === member.user.email)!;
      expect(entry).toBeDefined();
      expect(entry.subject).toBe(`Reset your ${t.deps.church.name} password`);
      expect(entry.text).toMatch(/^\[hidden: /);
      expect(entry.text).toBe("[hidden: this message holds a private link]");
      expect(list.body).not.toContain(link);
      expect(list.body).not.toContain(decodeURIComponent(link));
      expect(list.body).not.toContain("token=");
      expect(list.body).not.toContain("<a href");
    }
  });

  it("shows ordinary messages in full, newest first, without the HTML, at most 50", async () => {
    const base = Date.now() + 60_000;
    await t.db.insert(emailOutbox).values(
      Array.from({ length: 55 }, (_, i) => ({
        to: `bulk-mail-${i}@example.org`,
        subject: `Weekly news ${i}`,
        text: `Plain text ${i}`,
        html: `<p>HTML ${i}</p>`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const res = await outbox(staff.auth);
    const entries = res.json() as Entry[];
    expect(entries).toHaveLength(50);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      to: "bulk-mail-54@example.org",
      subject: "Weekly news 54",
      text: "Plain text 54",
      createdAt: new Date(base + 54_000).toISOString(),
    });
    expect(entries[49].subject).toBe("Weekly news 5");
    expect(res.body).not.toContain("<p>HTML");
  });
});
