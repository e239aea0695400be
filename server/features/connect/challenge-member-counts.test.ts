/**
 * A challenge's kept member count (challenges.member_count; issue 23, decision 0131) always
 * equals a fresh count of its user_challenges rows: after joins through the API (many at once,
 * one member twice, an archived challenge joined again: no change), raw multi-row inserts, a
 * membership moved to another challenge, a member's account deleted (the use case), a user row
 * removed (the cascade) and a truncate; Admin → Challenges and an edit answer the kept count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { challenges, userChallenges } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { API } from "../../../contract/api-paths";
import type { AdminChallenge } from "../../../contract/connect";

let t: TestApp;
type Who = Awaited<ReturnType<TestApp["signUp"]>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (who: Who, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as never }) });

/** Every challenge's kept count, and the same counted afresh; both as Admin → Challenges shows them. */
async function compare(staff: Who) {
  const fresh = new Map<string, number>();
  for (const c of await t.db.select({ id: challenges.id }).from(challenges)) fresh.set(c.id, 0);
  for (const m of await t.db.select({ c: userChallenges.challengeId }).from(userChallenges)) fresh.set(m.c, (fresh.get(m.c) ?? 0) + 1);
  const kept = new Map((await t.db.select({ id: challenges.id, n: challenges.memberCount }).from(challenges)).map((r) => [r.id, r.n]));
  expect(Object.fromEntries([...kept].sort())).toEqual(Object.fromEntries([...fresh].sort()));
  const res = await send(staff, "GET", API.admin.challenges());
  expect(res.statusCode).toBe(200);
  expect(Object.fromEntries((res.json() as AdminChallenge[]).map((c) => [c.id, c.members]).sort())).toEqual(Object.fromEntries([...fresh].sort()));
}

describe("a challenge's kept member count equals its memberships", () => {
  it("after joins, raw SQL, a moved membership, deleted accounts and a truncate", async () => {
    const staff = await t.signUp("PASTOR");
    const members = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const make = async (title: string) => {
      const res = await send(staff, "POST", API.connect.challenges(), { title, description: "d", titleEs: `${title} es`, descriptionEs: "d", days: 7, type: "prayer" });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as AdminChallenge).id;
    };
    const [a, b, c] = [await make("Pray daily"), await make("Read daily"), await make("Thank daily")];
    await compare(staff);

    // Many at once, and one member joining twice at the same moment.
    const joins = await Promise.all([...members.map((m) => send(m, "POST", API.connect.joinChallenge({ id: a }))), send(members[0]!, "POST", API.connect.joinChallenge({ id: a }))]);
    for (const r of joins) expect(r.statusCode, r.body).toBe(200);
    await Promise.all(members.slice(0, 3).map((m) => send(m, "POST", API.connect.joinChallenge({ id: b }))));
    await compare(staff);

    // Archived: staff's edit answers the kept count; a member who joined joins again, a no-op.
    const archived = await send(staff, "DELETE", API.connect.challenge({ id: b }));
    expect(archived.json()).toMatchObject({ archived: true, members: 3 });
    expect((await send(members[0]!, "POST", API.connect.joinChallenge({ id: b }))).statusCode).toBe(200);
    await compare(staff);

    // Raw SQL: a multi-row insert over two challenges, a membership moved, a delete.
    await t.db.insert(userChallenges).values([
      { userId: members[3]!.user.id, challengeId: c },
      { userId: members[4]!.user.id, challengeId: c },
      { userId: members[5]!.user.id, challengeId: b },
    ]);
    await t.db.execute(sql`update user_challenges set challenge_id = ${c} where user_id = ${members[0]!.user.id} and challenge_id = ${b}`);
    await t.db.delete(userChallenges).where(eq(userChallenges.userId, members[1]!.user.id));
    await compare(staff);

    // A member deletes their account (the use case); a user row removed cascades.
    const gone = await send(members[2]!, "DELETE", API.myData.account(), { password: members[2]!.password });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    await t.db.delete(users).where(eq(users.id, members[3]!.user.id));
    await compare(staff);

    await t.db.execute(sql`truncate user_challenges cascade`);
    await compare(staff);
  });
});
