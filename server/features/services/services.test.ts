/**
 * The live Sunday service: services, polls and moderated questions, through real HTTP handling,
 * with the roles of every endpoint and the events each change publishes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createTestApp, eventually, sameDatabase, type TestApp } from "../../testing/harness";
import { pollVotes, questions, services } from "../../db/schema/services";
import type { BusEvent } from "../../events/bus";
import { SERVICES_TEXT } from "../../../contract/services";
import { VoteBatch } from "./vote-batch";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

let t: TestApp;
let owner: Account;
let pastor: Account;
let staff: Account;
let member: Account;
let member2: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp("OWNER");
  pastor = await t.signUp("PASTOR");
  staff = await t.signUp("STAFF");
  member = await t.signUp("MEMBER");
  member2 = await t.signUp("MEMBER");
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const req = (method: "GET" | "POST" | "PATCH", url: string, auth: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload !== undefined && { payload: payload as never }) });

/** Collects the bus events published while `fn` runs (delivered through NOTIFY/LISTEN). */
async function eventsDuring(fn: () => Promise<unknown>, until: (e: BusEvent[]) => boolean) {
  const got: BusEvent[] = [];
  let wake = () => undefined as void;
  const off = t.deps.bus.subscribe((e) => {
    got.push(e);
    wake();
  });
  try {
    await fn();
    const deadline = Date.now() + 5000;
    while (!until(got)) {
      if (Date.now() > deadline) throw new Error(`events not received; got ${JSON.stringify(got)}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 50);
      });
    }
    return got;
  } finally {
    off();
  }
}

async function newService(title = "Sunday Worship", auth = pastor.auth) {
  const res = await req("POST", "/api/services", auth, { title, date: new Date(Date.now() + 86_400_000).toISOString() });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string; date: string; isLive: boolean };
}
async function startService(id: string, auth = pastor.auth) {
  const res = await req("PATCH", `/api/services/${id}`, auth, { isLive: true });
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function newPoll(serviceId: string, options = ["Yes", "No", "Maybe"]) {
  const res = await req("POST", `/api/services/${serviceId}/polls`, staff.auth, { question: "Was it good?", options });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; options: string[]; isOpen: boolean };
}
const live = async (auth: Headers = member.auth) => (await req("GET", "/api/services/live", auth)).json();

beforeEach(async () => {
  await t.db.update(services).set({ isLive: false }).where(eq(services.isLive, true));
});

describe("roles on every endpoint", () => {
  it("staff endpoints: OWNER, PASTOR and STAFF may, a MEMBER gets 403, a visitor 401", async () => {
    const svc = await newService();
    const poll = await newPoll(svc.id);
    await startService(svc.id);
    const ask = await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text: "Role check?" });
    expect(ask.statusCode).toBe(201);
    const qid = ask.json().id as string;
    const date = new Date().toISOString();
    const staffCalls: [string, string, unknown][] = [
      ["POST", "/api/services", { title: "By role", date }],
      ["PATCH", `/api/services/${svc.id}`, { title: "Renamed" }],
      ["POST", `/api/services/${svc.id}/polls`, { question: "Q?", options: ["a", "b"] }],
      ["PATCH", `/api/polls/${poll.id}`, { isOpen: true }],
      ["PATCH", `/api/questions/${qid}`, { isApproved: false }],
      ["GET", "/api/admin/analytics", undefined],
      ["GET", "/api/admin/activity", undefined],
    ];
    for (const [method, url, body] of staffCalls) {
      for (const who of [owner, pastor, staff]) {
        const res = await req(method as "GET", url, who.auth, body);
        expect([200, 201], `${who.user.role} ${method} ${url}`).toContain(res.statusCode);
      }
      const m = await req(method as "GET", url, member.auth, body);
      expect(m.statusCode, `MEMBER ${method} ${url}`).toBe(403);
      expect(m.json().code).toBe("FORBIDDEN");
      const anon = await req(method as "GET", url, {}, body);
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
  });

  it("member endpoints: any signed-in user may, a visitor gets 401", async () => {
    const svc = await newService();
    const poll = await newPoll(svc.id);
    await startService(svc.id);
    const memberCalls: [string, string, unknown][] = [
      ["GET", "/api/services", undefined],
      ["GET", "/api/services/live", undefined],
      ["GET", `/api/polls/${poll.id}/results`, undefined],
      ["GET", `/api/services/${svc.id}/questions`, undefined],
      ["POST", `/api/services/${svc.id}/questions`, { text: "Anyone?" }],
      ["POST", `/api/polls/${poll.id}/vote`, { optionIndex: 0 }],
    ];
    for (const [method, url, body] of memberCalls) {
      const anon = await req(method as "GET", url, {}, body);
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
      const res = await req(method as "GET", url, member2.auth, body);
      expect([200, 201], `MEMBER ${method} ${url}`).toContain(res.statusCode);
    }
  });
});

describe("services", () => {
  it("creates, lists and edits a service; validates title and date", async () => {
    const date = "2030-06-02T13:30:00.000Z";
    const res = await req("POST", "/api/services", staff.auth, { title: "  Pentecost  ", date });
    expect(res.statusCode).toBe(201);
    const svc = res.json();
    expect(svc).toEqual({ id: expect.any(String), title: "Pentecost", date, isLive: false });
    const list = (await req("GET", "/api/services", member.auth)).json() as { id: string }[];
    expect(list.find((s) => s.id === svc.id)).toEqual(svc);

    const edited = await req("PATCH", `/api/services/${svc.id}`, staff.auth, { title: "Pentecost Sunday", date: "2030-06-02T15:00:00Z" });
    expect(edited.json()).toEqual({ ...svc, title: "Pentecost Sunday", date: "2030-06-02T15:00:00.000Z" });

    for (const body of [{ title: "", date }, { title: "x" }, { title: "x", date: "tomorrow" }, {}]) {
      const bad = await req("POST", "/api/services", staff.auth, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await req("POST", "/api/services", staff.auth, { title: " ", date })).json().error).toBe(SERVICES_TEXT.titleRequired);
    expect((await req("PATCH", `/api/services/${randomUUID()}`, staff.auth, { isLive: true })).statusCode).toBe(404);
  });

  it("answers service null when nothing is live", async () => {
    expect(await live()).toEqual({ service: null });
  });

  it("starting a service ends the other live one, in one step, and publishes service-status", async () => {
    const a = await newService("First");
    const b = await newService("Second");
    const got = await eventsDuring(
      () => startService(a.id),
      (e) => e.some((x) => x.event === "service-status"),
    );
    expect(got).toContainEqual({ event: "service-status", data: { serviceId: a.id, isLive: true } });
    expect((await live()).service.id).toBe(a.id);

    const got2 = await eventsDuring(
      () => startService(b.id),
      (e) => e.some((x) => x.event === "service-status"),
    );
    expect(got2).toContainEqual({ event: "service-status", data: { serviceId: b.id, isLive: true } });
    const rows = await t.db.select().from(services).where(eq(services.isLive, true));
    expect(rows.map((r) => r.id)).toEqual([b.id]);
    expect((await live()).service).toMatchObject({ id: b.id, title: "Second", isLive: true, polls: [], questions: [] });

    const ended = await eventsDuring(
      () => req("PATCH", `/api/services/${b.id}`, pastor.auth, { isLive: false }),
      (e) => e.some((x) => x.event === "service-status"),
    );
    expect(ended).toContainEqual({ event: "service-status", data: { serviceId: b.id, isLive: false } });
    expect(await live()).toEqual({ service: null });
  });

  it("two services started at the same time leave exactly one live", async () => {
    const list = await Promise.all([newService("A"), newService("B"), newService("C")]);
    const results = await Promise.all(list.map((s) => req("PATCH", `/api/services/${s.id}`, pastor.auth, { isLive: true })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.db.select().from(services).where(eq(services.isLive, true));
    expect(rows).toHaveLength(1);
  });
});

describe("polls", () => {
  it("a new poll shows on the live service with its results, and publishes new-poll", async () => {
    const svc = await newService();
    await startService(svc.id);
    let pollId = "";
    const got = await eventsDuring(
      async () => (pollId = (await newPoll(svc.id)).id),
      (e) => e.some((x) => x.event === "new-poll"),
    );
    expect(got).toContainEqual({ event: "new-poll", data: { pollId, serviceId: svc.id } });
    const l = await live();
    expect(l.service.polls).toEqual([
      {
        id: pollId,
        serviceId: svc.id,
        question: "Was it good?",
        options: ["Yes", "No", "Maybe"],
        isOpen: true,
        createdAt: expect.any(String),
        results: { pollId, counts: [0, 0, 0], total: 0, myVote: null },
      },
    ]);
  });

  it("validates the poll: 2 to 6 non-blank options", async () => {
    const svc = await newService();
    for (const options of [["only"], ["a", "b", "c", "d", "e", "f", "g"], ["a", " "], []]) {
      const res = await req("POST", `/api/services/${svc.id}/polls`, staff.auth, { question: "Q?", options });
      expect(res.statusCode, JSON.stringify(options)).toBe(400);
    }
    expect((await req("POST", `/api/services/${svc.id}/polls`, staff.auth, { question: "", options: ["a", "b"] })).statusCode).toBe(400);
    expect((await req("POST", `/api/services/${randomUUID()}/polls`, staff.auth, { question: "Q", options: ["a", "b"] })).statusCode).toBe(404);
    const six = await req("POST", `/api/services/${svc.id}/polls`, staff.auth, { question: "Q", options: ["1", "2", "3", "4", "5", "6"] });
    expect(six.statusCode).toBe(201);
  });

  it("a member votes once: the vote counts, publishes poll-vote, and a second vote is a 409", async () => {
    const svc = await newService();
    await startService(svc.id);
    const poll = await newPoll(svc.id);
    const voter = await t.signUp();
    let first: Awaited<ReturnType<typeof req>> | undefined;
    const got = await eventsDuring(
      async () => (first = await req("POST", `/api/polls/${poll.id}/vote`, voter.auth, { optionIndex: 1 })),
      (e) => e.some((x) => x.event === "poll-vote"),
    );
    expect(first!.statusCode).toBe(201);
    expect(first!.json()).toEqual({ pollId: poll.id, counts: [0, 1, 0], total: 1, myVote: 1 });
    expect(got).toContainEqual({ event: "poll-vote", data: { pollId: poll.id } });

    for (const optionIndex of [1, 2]) {
      const again = await req("POST", `/api/polls/${poll.id}/vote`, voter.auth, { optionIndex });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: SERVICES_TEXT.alreadyVoted, code: "CONFLICT" });
    }
    const results = (await req("GET", `/api/polls/${poll.id}/results`, voter.auth)).json();
    expect(results).toEqual({ pollId: poll.id, counts: [0, 1, 0], total: 1, myVote: 1 });
    // Another member sees the count but not somebody else's vote as theirs.
    expect((await req("GET", `/api/polls/${poll.id}/results`, member2.auth)).json().myVote).toBeNull();
    expect((await live(voter.auth)).service.polls[0].results.myVote).toBe(1);
    // The next voter's answer counts the votes before theirs and their own, in one round trip.
    const next = await req("POST", `/api/polls/${poll.id}/vote`, (await t.signUp()).auth, { optionIndex: 0 });
    expect(next.json()).toEqual({ pollId: poll.id, counts: [1, 1, 0], total: 2, myVote: 0 });
    expect((await req("GET", `/api/polls/${poll.id}/results`, voter.auth)).json()).toEqual({ pollId: poll.id, counts: [1, 1, 0], total: 2, myVote: 1 });
  });

  it("refuses an option the poll does not have, and an unknown poll", async () => {
    const svc = await newService();
    const poll = await newPoll(svc.id, ["a", "b"]);
    const res = await req("POST", `/api/polls/${poll.id}/vote`, member.auth, { optionIndex: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(SERVICES_TEXT.badOption);
    expect((await req("POST", `/api/polls/${poll.id}/vote`, member.auth, { optionIndex: -1 })).statusCode).toBe(400);
    expect((await req("POST", `/api/polls/${randomUUID()}/vote`, member.auth, { optionIndex: 0 })).statusCode).toBe(404);
    expect((await req("GET", `/api/polls/${randomUUID()}/results`, member.auth)).statusCode).toBe(404);
    expect(await t.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id))).toEqual([]);
  });

  it("50 members voting at once, each twice, are counted exactly once each", async () => {
    const svc = await newService();
    const poll = await newPoll(svc.id, ["A", "B", "C"]);
    const voters = await Promise.all(Array.from({ length: 50 }, () => t.signUp()));
    const attempts = voters.flatMap((v, i) => [
      req("POST", `/api/polls/${poll.id}/vote`, v.auth, { optionIndex: i % 3 }),
      req("POST", `/api/polls/${poll.id}/vote`, v.auth, { optionIndex: (i + 1) % 3 }),
    ]);
    const answers = await Promise.all(attempts);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    // Each accepted vote's answer holds that vote, and never more votes than were cast.
    for (const [k, r] of answers.entries()) {
      if (r.statusCode !== 201) continue;
      const i = Math.floor(k / 2);
      const body = r.json();
      expect(body.myVote).toBe(k % 2 === 0 ? i % 3 : (i + 1) % 3);
      expect(body.counts[body.myVote]).toBeGreaterThanOrEqual(1);
      expect(body.total).toBe(body.counts.reduce((a: number, b: number) => a + b, 0));
      expect(body.total).toBeLessThanOrEqual(50);
    }
    expect(codes.filter((c) => c === 409)).toHaveLength(50);
    const results = (await req("GET", `/api/polls/${poll.id}/results`, member.auth)).json();
    expect(results.total).toBe(50);
    expect(results.counts.reduce((a: number, b: number) => a + b, 0)).toBe(50);
    const rows = await t.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(50);
  });

  it("votes cast at once share commits (decision 0127): 60 voters, far fewer transactions, every answer its own", async () => {
    const svc = await newService();
    await startService(svc.id);
    const poll = await newPoll(svc.id, ["A", "B", "C"]);
    const closed = await newPoll(svc.id, ["X", "Y"]);
    expect((await req("PATCH", `/api/polls/${closed.id}`, staff.auth, { isOpen: false })).statusCode).toBe(200);
    const voters = await Promise.all(Array.from({ length: 60 }, () => t.signUp()));
    // Refusals of every kind in the same instant as the votes: each answer is its own.
    const [answers, refusals] = await Promise.all([
      Promise.all(voters.map((v, i) => req("POST", `/api/polls/${poll.id}/vote`, v.auth, { optionIndex: i % 3 }))),
      Promise.all([
        req("POST", `/api/polls/${poll.id}/vote`, voters[0].auth, { optionIndex: 2 }),
        req("POST", `/api/polls/${closed.id}/vote`, voters[1].auth, { optionIndex: 0 }),
        req("POST", `/api/polls/${randomUUID()}/vote`, voters[2].auth, { optionIndex: 0 }),
        req("POST", `/api/polls/${poll.id}/vote`, member.auth, { optionIndex: 3 }),
      ]),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(voters.map(() => 201));
    for (const [i, r] of answers.entries()) expect(r.json().myVote).toBe(i % 3);
    expect(refusals.map((r) => r.statusCode)).toEqual([409, 409, 404, 400]);
    expect(refusals[0].json().error).toBe(SERVICES_TEXT.alreadyVoted);
    expect(refusals[1].json().error).toBe(SERVICES_TEXT.pollClosed);
    expect(refusals[3].json().issues).toEqual([{ path: "body.optionIndex", message: SERVICES_TEXT.badOption }]);
    const results = (await req("GET", `/api/polls/${poll.id}/results`, member.auth)).json();
    expect(results).toEqual({ pollId: poll.id, counts: [20, 20, 20], total: 60, myVote: null });
    // Rows written by one transaction share its xmin: one vote per commit would be 60.
    const tx = (await t.db.execute(sql`select count(distinct xmin::text)::int as n from poll_votes where poll_id = ${poll.id}`)) as unknown as
      | { rows: { n: number }[] }
      | { n: number }[];
    const commits = (Array.isArray(tx) ? tx : tx.rows)[0].n;
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThan(10);
    expect(await t.db.select().from(pollVotes).where(eq(pollVotes.pollId, closed.id))).toEqual([]);
  });

  it("a batch that fails as a whole is written vote by vote: only the bad vote fails", async () => {
    const svc = await newService();
    const poll = await newPoll(svc.id, ["A", "B"]);
    const voters = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
    const batch = new VoteBatch(t.db);
    // A voter who is not a user breaks the foreign key, and with it the statement that carries the others.
    const ghost = batch.cast(poll.id, randomUUID(), 0);
    const real = voters.map((v, i) => batch.cast(poll.id, v.user.id, i % 2));
    await expect(ghost).rejects.toThrow();
    expect((await Promise.all(real)).map((o) => o.kind)).toEqual(voters.map(() => "counted"));
    expect(batch.batches).toBe(1);
    const rows = await t.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id));
    expect(rows.map((r) => r.userId).sort()).toEqual(voters.map((v) => v.user.id).sort());
  });

  it("on the live service, 50 members at once: each answer and each voter's next read count their vote; every instance ends exact", async () => {
    const other = await createTestApp({ sameDatabaseAs: sameDatabase(t) });
    try {
      const svc = await newService();
      await startService(svc.id);
      const poll = await newPoll(svc.id, ["A", "B", "C"]);
      const voters = await Promise.all(Array.from({ length: 50 }, () => t.signUp()));
      // Both instances hold a snapshot of the poll before the burst.
      expect((await live()).service.polls[0].results.total).toBe(0);
      expect((await other.app.inject({ method: "GET", url: `/api/polls/${poll.id}/results`, headers: member.auth })).json().total).toBe(0);

      const answers = await Promise.all(voters.map((v, i) => req("POST", `/api/polls/${poll.id}/vote`, v.auth, { optionIndex: i % 3 })));
      for (const [i, r] of answers.entries()) {
        expect(r.statusCode).toBe(201);
        const body = r.json();
        expect(body.myVote).toBe(i % 3);
        expect(body.counts[i % 3]).toBeGreaterThanOrEqual(1);
        expect(body.total).toBeLessThanOrEqual(50);
      }
      // Right after, before any event: each voter's reads on this instance show their vote and all 50.
      for (const [i, v] of voters.entries()) {
        const mine = (await live(v.auth)).service.polls[0].results;
        expect(mine).toEqual({ pollId: poll.id, counts: [17, 17, 16], total: 50, myVote: i % 3 });
        expect((await req("GET", `/api/polls/${poll.id}/results`, v.auth)).json().myVote).toBe(i % 3);
      }
      // The other instance learns of them through the poll-vote event, and counts them exactly.
      const exact = async () => {
        const r = (await other.app.inject({ method: "GET", url: `/api/polls/${poll.id}/results`, headers: voters[4].auth })).json();
        return r.total === 50 && r.myVote === 1 && r.counts.join() === "17,17,16";
      };
      expect(await eventually(exact)).toBe(true);
      expect(await t.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id))).toHaveLength(50);
    } finally {
      await other.close();
    }
  });

  it("a closed poll leaves the live service, refuses votes with 409 and publishes poll-closed", async () => {
    const svc = await newService();
    await startService(svc.id);
    const poll = await newPoll(svc.id);
    const got = await eventsDuring(
      async () => {
        const res = await req("PATCH", `/api/polls/${poll.id}`, pastor.auth, { isOpen: false });
        expect(res.statusCode).toBe(200);
        expect(res.json().isOpen).toBe(false);
      },
      (e) => e.some((x) => x.event === "poll-closed"),
    );
    expect(got).toContainEqual({ event: "poll-closed", data: { pollId: poll.id, serviceId: svc.id } });
    const res = await req("POST", `/api/polls/${poll.id}/vote`, member.auth, { optionIndex: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SERVICES_TEXT.pollClosed);
    expect((await live()).service.polls).toEqual([]);
    expect((await req("PATCH", `/api/polls/${randomUUID()}`, pastor.auth, { isOpen: false })).statusCode).toBe(404);
  });
});

describe("questions", () => {
  it("a member asks; staff see it pending, members do not until it is approved; events on both", async () => {
    const svc = await newService();
    await startService(svc.id);
    let qid = "";
    const asked = await eventsDuring(
      async () => {
        const res = await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text: "  What does grace mean?  " });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ text: "What does grace mean?", isApproved: false, userId: member.user.id, isAnonymous: false });
        qid = res.json().id;
      },
      (e) => e.some((x) => x.event === "new-question"),
    );
    expect(asked).toContainEqual({ event: "new-question", data: { questionId: qid, serviceId: svc.id } });

    const staffList = (await req("GET", `/api/services/${svc.id}/questions`, staff.auth)).json();
    expect(staffList).toEqual([expect.objectContaining({ id: qid, isApproved: false, userId: member.user.id })]);
    expect((await req("GET", `/api/services/${svc.id}/questions`, member2.auth)).json()).toEqual([]);
    expect((await live(member2.auth)).service.questions).toEqual([]);

    // Reject (issue 18): out of the staff's queue, never shown to members, kept for the record.
    const rejected = await req("PATCH", `/api/questions/${qid}`, pastor.auth, { isApproved: false });
    expect(rejected.json().isApproved).toBe(false);
    expect((await req("GET", `/api/services/${svc.id}/questions`, member2.auth)).json()).toEqual([]);
    expect((await req("GET", `/api/services/${svc.id}/questions`, staff.auth)).json()).toEqual([]);
    const [kept] = await t.db.select().from(questions).where(eq(questions.id, qid));
    expect(kept).toMatchObject({ isApproved: false, rejectedAt: expect.any(Date) });

    const approved = await eventsDuring(
      () => req("PATCH", `/api/questions/${qid}`, pastor.auth, { isApproved: true }),
      (e) => e.some((x) => x.event === "question-approved"),
    );
    expect(approved).toContainEqual({ event: "question-approved", data: { questionId: qid, serviceId: svc.id } });
    const seen = (await req("GET", `/api/services/${svc.id}/questions`, member2.auth)).json();
    // Another member sees the approved question, but not who asked it.
    expect(seen).toEqual([expect.objectContaining({ id: qid, isApproved: true, userId: null, isAnonymous: false })]);
    expect((await live(member2.auth)).service.questions.map((q: { id: string }) => q.id)).toEqual([qid]);
    expect((await req("PATCH", `/api/questions/${randomUUID()}`, pastor.auth, { isApproved: true })).statusCode).toBe(404);
  });

  it("the live service as each viewer sees it: their own vote, the author only of their own questions (staff: every author)", async () => {
    const svc = await newService();
    await startService(svc.id);
    const polls = [await newPoll(svc.id), await newPoll(svc.id, ["A", "B"])];
    expect((await req("POST", `/api/polls/${polls[0].id}/vote`, member.auth, { optionIndex: 2 })).statusCode).toBe(201);
    expect((await req("POST", `/api/polls/${polls[1].id}/vote`, member2.auth, { optionIndex: 0 })).statusCode).toBe(201);
    const asked: string[] = [];
    for (const [auth, text] of [[member.auth, 'Mine, with "quotes" and \\u0000 in words'], [member2.auth, "Theirs"]] as const) {
      const q = (await req("POST", `/api/services/${svc.id}/questions`, auth, { text })).json();
      await req("PATCH", `/api/questions/${q.id}`, pastor.auth, { isApproved: true });
      asked.push(q.id);
    }
    const byId = (list: { id: string; userId: string | null }[]) => Object.fromEntries(list.map((q) => [q.id, q.userId]));
    const mine = await live(member.auth);
    expect(mine.service.polls.map((p: { results: { myVote: number | null } }) => p.results.myVote)).toEqual([2, null]);
    expect(byId(mine.service.questions)).toEqual({ [asked[0]]: member.user.id, [asked[1]]: null });
    expect(mine.service.questions.find((q: { id: string }) => q.id === asked[0]).text).toBe('Mine, with "quotes" and \\u0000 in words');
    const theirs = await live(member2.auth);
    expect(theirs.service.polls.map((p: { results: { myVote: number | null } }) => p.results.myVote)).toEqual([null, 0]);
    expect(byId(theirs.service.questions)).toEqual({ [asked[0]]: null, [asked[1]]: member2.user.id });
    expect(theirs.service.polls[0].results).toMatchObject({ counts: [0, 0, 1], total: 1 });
    const staffView = await live(staff.auth);
    expect(byId(staffView.service.questions)).toEqual({ [asked[0]]: member.user.id, [asked[1]]: member2.user.id });
    // Members who asked nothing share answers made once per set of votes; each still gets their own votes.
    const [same, none] = [await t.signUp("MEMBER"), await t.signUp("MEMBER")];
    expect((await req("POST", `/api/polls/${polls[0].id}/vote`, same.auth, { optionIndex: 2 })).statusCode).toBe(201);
    for (let round = 0; round < 2; round++) {
      const a = await live(same.auth);
      expect(a.service.polls.map((p: { results: { myVote: number | null } }) => p.results.myVote)).toEqual([2, null]);
      expect(a.service.polls[0].results).toMatchObject({ counts: [0, 0, 2], total: 2 });
      expect(byId(a.service.questions)).toEqual({ [asked[0]]: null, [asked[1]]: null });
      const b = await live(none.auth);
      expect(b.service.polls.map((p: { results: { myVote: number | null } }) => p.results.myVote)).toEqual([null, null]);
      expect((await live(member.auth)).service.polls[0].results.myVote).toBe(2);
    }
    // Members get JSON written ahead; it is exactly what the object view serializes to.
    expect(Object.keys(mine.service).sort()).toEqual(Object.keys(staffView.service).sort());
  });

  it("an anonymous question stores no author, for anyone to see", async () => {
    const svc = await newService();
    await startService(svc.id);
    const res = await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text: "Asked quietly", isAnonymous: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: null, isAnonymous: true });
    const [row] = await t.db.select().from(questions).where(eq(questions.id, res.json().id));
    expect(row.userId).toBeNull();
    const staffView = (await req("GET", `/api/services/${svc.id}/questions`, owner.auth)).json();
    expect(staffView[0]).toMatchObject({ id: row.id, userId: null, isAnonymous: true });
  });

  it("pages a service's questions newest first, 50 at a time for members (rows on one instant neither skipped nor repeated); staff may ask for 200 with the pending ones", async () => {
    const svc = await newService();
    const other = await newService("Evening");
    const base = Date.now() - 3_600_000;
    const rows: (typeof questions.$inferInsert)[] = [];
    // 70 approved a second apart, 12 approved on one instant, 20 pending, 5 rejected (never listed).
    for (let i = 0; i < 70; i++) rows.push({ serviceId: svc.id, text: `Approved ${i}`, isApproved: true, createdAt: new Date(base + i * 1000), userId: i === 3 ? member.user.id : member2.user.id });
    for (let i = 0; i < 12; i++) rows.push({ serviceId: svc.id, text: `Same instant ${i}`, isApproved: true, createdAt: new Date(base + 30_500) });
    for (let i = 0; i < 20; i++) rows.push({ serviceId: svc.id, text: `Pending ${i}`, createdAt: new Date(base + i * 1500) });
    for (let i = 0; i < 5; i++) rows.push({ serviceId: svc.id, text: `Rejected ${i}`, rejectedAt: new Date(), createdAt: new Date(base + i * 700) });
    await t.db.insert(questions).values(rows);
    const [elsewhere] = await t.db.insert(questions).values({ serviceId: other.id, text: "Other service", isApproved: true }).returning();
    const inOrder = async (approvedOnly: boolean) =>
      (
        (await t.db.execute(
          sql`select id from questions where service_id = ${svc.id}::uuid and rejected_at is null ${approvedOnly ? sql`and is_approved` : sql``} order by created_at desc, id desc`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id);

    const url = `/api/services/${svc.id}/questions`;
    const walk = async (auth: Headers, query: string) => {
      const pages: { id: string; isApproved: boolean; userId: string | null }[][] = [];
      let before: string | undefined;
      do {
        const res = await req("GET", `${url}?${query}${before ? `&before=${before}` : ""}`, auth);
        expect(res.statusCode).toBe(200);
        pages.push(res.json());
        before = pages.at(-1)!.at(-1)?.id;
      } while (pages.at(-1)!.length > 0);
      return pages;
    };
    const memberPages = await walk(member.auth, "");
    expect(memberPages.map((p) => p.length)).toEqual([50, 32, 0]);
    expect(memberPages.flat().map((q) => q.id)).toEqual(await inOrder(true));
    expect(memberPages.flat().every((q) => q.isApproved)).toBe(true);
    // The member's own question shows their id on whichever page it falls (here the second, read per request).
    const own = memberPages.flat().filter((q) => q.userId !== null);
    expect(own.map((q) => q.userId)).toEqual([member.user.id]);
    expect(memberPages[1]!.some((q) => q.userId === member.user.id)).toBe(true);
    // The shared first page is the same as the one read per request.
    expect((await req("GET", `${url}?limit=50`, member.auth)).json()).toEqual(memberPages[0]);
    expect((await req("GET", `${url}?limit=7`, member.auth)).json()).toEqual(memberPages[0]!.slice(0, 7));

    const staffPages = await walk(staff.auth, "limit=200");
    expect(staffPages.map((p) => p.length)).toEqual([102, 0]);
    expect(staffPages[0]!.map((q) => q.id)).toEqual(await inOrder(false));
    expect((await req("GET", url, staff.auth)).json()).toHaveLength(50);

    // A question of another service, or an unknown id, gives an empty page; a malformed one or a limit past 200 is a 400 naming the field.
    expect((await req("GET", `${url}?before=${elsewhere!.id}`, member.auth)).json()).toEqual([]);
    expect((await req("GET", `${url}?before=${randomUUID()}`, member.auth)).json()).toEqual([]);
    for (const [query, path] of [["before=nope", "querystring.before"], ["limit=201", "querystring.limit"], ["limit=0", "querystring.limit"]] as const) {
      const res = await req("GET", `${url}?${query}`, member.auth);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
  });

  it("validates the text (1 to 500) and asks only on a live service", async () => {
    const svc = await newService();
    const notLive = await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text: "Too early?" });
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().error).toBe(SERVICES_TEXT.notLive);
    await startService(svc.id);
    for (const text of ["", "   ", "x".repeat(501)]) {
      expect((await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text })).statusCode, text.slice(0, 5)).toBe(400);
    }
    expect((await req("POST", `/api/services/${svc.id}/questions`, member.auth, { text: "x".repeat(500) })).statusCode).toBe(201);
    expect((await req("POST", `/api/services/${randomUUID()}/questions`, member.auth, { text: "Where?" })).statusCode).toBe(404);
    expect((await req("GET", `/api/services/${randomUUID()}/questions`, member.auth)).statusCode).toBe(404);
  });
});
