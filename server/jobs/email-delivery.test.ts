/**
 * The outbox and its background sender against local SMTP stand-ins (smtp-server): a member's
 * requests never wait on the mail server, whatever it does (stalls, refuses, answers 451 or
 * 550); every email arrives exactly once when the server recovers; permanent failures are
 * marked and not retried; two senders, or a sender that hangs past its lease, never send one
 * twice; the send rate and the retention hold. Decision 0101.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { gifts } from "../db/schema/giving";
import { runGiftReceipts } from "./gift-receipts";
import { createTestApp, sameDatabase, eventually, type TestApp } from "../testing/harness";
import { refusedSmtpUrl, startSmtpStandIn, type SmtpStandIn } from "../testing/smtp-stand-in";
import { emailOutbox, rateLimits } from "../db/schema/platform";
import { createSmtpSender } from "../providers/email/smtp";
import { createOutboxSender } from "../providers/email/sandbox";
import { enqueueEmail } from "../shared/email/outbox";
import { EMAIL_LEASE_MS, pruneEmails, runEmailDelivery, startEmailDelivery } from "./email-delivery";
import type { Deps } from "../deps";
import type { InjectOptions } from "fastify";
import type { EmailHealth } from "../../contract/admin";

let clock: Date | null = null;
const now = () => clock ?? new Date();
const later = (ms: number) => (clock = new Date(now().getTime() + ms));

let t: TestApp;
let ok: SmtpStandIn;
const standIns: SmtpStandIn[] = [];
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let staff: Awaited<ReturnType<TestApp["signUp"]>>;

const FROM = "Koinonia <no-reply@koinonia.test>";
/** Waits for the working stand-in, with room for a busy machine; `SHORT` for the broken ones, so a stalled server costs a fraction of a second. */
const SHORT = 300;
const smtp = (url: string, waitMs = 3000) => createSmtpSender(url, FROM, { connectionTimeoutMs: waitMs, greetingTimeoutMs: waitMs, socketTimeoutMs: 1000 });
const withEmail = (deps: Deps, email: Deps["email"]): Deps => ({ ...deps, email });

beforeAll(async () => {
  t = await createTestApp({ now, env: { EMAIL_MAX_PER_SECOND: "1000", GIVING_RATE_LIMIT_PER_USER: "100000" } });
  ok = await startSmtpStandIn("ok");
  owner = await t.signUp("OWNER");
  staff = await t.signUp("STAFF");
});
afterAll(async () => {
  for (const s of [ok, ...standIns]) await s.close();
  await t.close();
});
beforeEach(async () => {
  clock = new Date();
  ok.received.length = 0;
  await t.db.delete(emailOutbox);
});

async function standIn(mode: Parameters<typeof startSmtpStandIn>[0]) {
  const s = await startSmtpStandIn(mode);
  standIns.push(s);
  return s;
}

const rows = () => t.db.select().from(emailOutbox);
/** How many times each outbox row's Message-ID reached the working server. */
async function deliveries() {
  const counts = new Map<string, number>();
  for (const r of await rows()) counts.set(r.id, ok.received.filter((m) => m.messageId === `<${r.id}@koinonia.test>`).length);
  return [...counts.values()];
}

const CARD = { card_number: "4242 4242 4242 4242", card_exp: "12/2099", card_cvv: "7319", address_1: "1 Grace St", address_city: "Orlando", address_state: "FL", address_zip: "32801" };
let keys = 0;

/** A gift, and password resets for an existing and an unknown email: each must answer at normal speed. */
async function memberRequests() {
  const m = await t.signUp();
  const timed = async (req: InjectOptions) => {
    const started = performance.now();
    const res = await t.app.inject(req);
    return { res, ms: performance.now() - started };
  };
  const gift = await timed({
    method: "POST",
    url: "/api/giving/one-time",
    headers: { ...m.auth, "idempotency-key": `outbox-${Date.now()}-${++keys}` },
    payload: { amount_cents: 2500, is_recurring: false, frequency: "monthly", customer_data: { first_name: "Ruth", last_name: "Moab", email: "ruth@example.org", phone: "" }, payment_method_data: CARD },
  });
  const known = await timed({ method: "POST", url: "/api/auth/forgot-password", payload: { email: m.user.email } });
  const unknown = await timed({ method: "POST", url: "/api/auth/forgot-password", payload: { email: `nobody-${keys}@example.org` } });
  expect(gift.res.statusCode, gift.res.body).toBe(201);
  // The same answer whether or not the account exists.
  expect(known.res.statusCode).toBe(202);
  expect(unknown.res.statusCode).toBe(202);
  expect(known.res.body).toBe(unknown.res.body);
  // Normal speed: nothing waits on the mail server (a stalled one held a gift for 10 s before).
  for (const r of [gift, known, unknown]) expect(r.ms).toBeLessThan(1500);
  return m;
}

/** The member's requests while a sender is running against `email`, then the sender stopped. */
async function requestsWhileSending(email: Deps["email"]) {
  const deps = withEmail(t.deps, email);
  const sender = startEmailDelivery(deps, { intervalMs: 50 });
  try {
    const m = await memberRequests();
    await eventually(async () => (await rows()).every((r) => r.attempts > 0), 5000);
    return m;
  } finally {
    await sender.stop();
  }
}

/** Runs passes with the working server, moving the clock past each back-off, until nothing is queued. */
async function recover() {
  const deps = withEmail(t.deps, smtp(ok.url));
  for (let i = 0; i < 8 && (await rows()).some((r) => r.status === "queued"); i++) {
    later(2 * 3600_000);
    await runEmailDelivery(deps);
  }
  deps.email.close();
}

describe("email delivery: the member never waits on the mail server", () => {
  it("a server that stalls after accepting: requests answer at once; the emails go out once when it recovers", async () => {
    const stall = await standIn("stall");
    await requestsWhileSending(smtp(stall.url, SHORT));
    const queued = await rows();
    expect(queued).toHaveLength(2); // the receipt and the reset link (none for the unknown email)
    expect(queued.every((r) => r.status === "queued" && r.attempts >= 1 && /timeout|timed out|greeting/i.test(r.lastError ?? ""))).toBe(true);
    await recover();
    const sent = await rows();
    expect(sent.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(await deliveries()).toEqual([1, 1]);
    // The reset link went out; its secret does not stay in the database.
    const reset = sent.find((r) => r.sensitive)!;
    expect([reset.text, reset.html]).toEqual(["", ""]);
    expect(sent.find((r) => !r.sensitive)!.text).toContain("Paid with");
  });

  it("a server that refuses connections: the same", async () => {
    await requestsWhileSending(smtp(await refusedSmtpUrl(), SHORT));
    const queued = await rows();
    expect(queued).toHaveLength(2);
    expect(queued.every((r) => r.status === "queued" && /ECONNREFUSED|ECONNECTION/.test(r.lastError ?? ""))).toBe(true);
    await recover();
    expect(await deliveries()).toEqual([1, 1]);
  });

  it("a server that answers 451 three times: retried with back-off, then delivered exactly once", async () => {
    const flaky = await standIn("flaky");
    const m = await requestsWhileSending(smtp(flaky.url));
    const first = await rows();
    expect(first.every((r) => r.status === "queued" && r.lastError?.includes("451"))).toBe(true);
    // Not due again before its back-off: a pass right now sends nothing.
    const deps = withEmail(t.deps, smtp(flaky.url));
    expect(await runEmailDelivery(deps)).toMatchObject({ sent: 0, retried: 0 });
    for (let i = 0; i < 8 && (await rows()).some((r) => r.status === "queued"); i++) {
      later(2 * 3600_000);
      await runEmailDelivery(deps);
    }
    deps.email.close();
    expect(flaky.attempts.get(m.user.email)).toBeGreaterThanOrEqual(4);
    expect(flaky.received.filter((x) => x.to.includes(m.user.email))).toHaveLength(2);
    const done = await rows();
    expect(done.map((r) => r.status)).toEqual(["sent", "sent"]);
    for (const r of done) expect(flaky.received.filter((x) => x.messageId === `<${r.id}@koinonia.test>`)).toHaveLength(1);
  });

  it("a server that answers 550: marked failed at once, never retried; staff see it, an owner can queue them again", async () => {
    const reject = await standIn("reject");
    const m = await requestsWhileSending(smtp(reject.url));
    const failed = await rows();
    expect(failed.map((r) => r.status)).toEqual(["failed", "failed"]);
    expect(failed.every((r) => r.attempts === 1 && r.lastError?.includes("550"))).toBe(true);
    const tries = reject.attempts.get(m.user.email);
    later(24 * 3600_000);
    await runEmailDelivery(withEmail(t.deps, smtp(reject.url)));
    expect(reject.attempts.get(m.user.email)).toBe(tries);

    const health = await t.app.inject({ method: "GET", url: "/api/admin/email-health", headers: staff.auth });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ mode: "outbox", failed: 2, queued: 0 } satisfies Partial<EmailHealth>);
    expect((health.json() as EmailHealth).lastError?.message).toContain("550");
    expect((await t.app.inject({ method: "GET", url: "/api/admin/email-health", headers: m.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/admin/email/retry", headers: staff.auth })).statusCode).toBe(403);
    const retry = await t.app.inject({ method: "POST", url: "/api/admin/email/retry", headers: owner.auth });
    expect(retry.json()).toEqual({ retried: 2 });
    await recover();
    expect(await deliveries()).toEqual([1, 1]);
  });
});

describe("every email in the same transaction as its change", () => {
  it("a gift's receipt is queued in the gift's transaction, under a savepoint: if the outbox refuses it, the gift still commits and the sweep queues it once", async () => {
    const m = await t.signUp();
    const give = () =>
      t.app.inject({
        method: "POST",
        url: "/api/giving/one-time",
        headers: { ...m.auth, "idempotency-key": `in-tx-${Date.now()}-${++keys}` },
        payload: { amount_cents: 1700, is_recurring: false, frequency: "monthly", customer_data: { first_name: "Ruth", last_name: "Moab", email: "ruth@example.org", phone: "" }, payment_method_data: CARD },
      });
    // Queued with the gift: the row is there when the answer arrives, and its claim is the gift's.
    const first = await give();
    expect(first.statusCode, first.body).toBe(201);
    const firstId = (first.json() as { gift: { id: string } }).gift.id;
    const [firstGift] = await t.db.select().from(gifts).where(eq(gifts.id, firstId));
    expect(firstGift.receiptSentAt).not.toBeNull();
    expect((await rows()).map((r) => r.to)).toEqual([m.user.email]);

    // The outbox refuses every insert: the gift is recorded all the same, unreceipted.
    await t.db.execute(sql`create or replace function refuse_email() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`);
    await t.db.execute(sql`create trigger refuse_email before insert on email_outbox for each row execute function refuse_email()`);
    let id: string;
    try {
      const res = await give();
      expect(res.statusCode, res.body).toBe(201);
      id = (res.json() as { gift: { id: string } }).gift.id;
    } finally {
      await t.db.execute(sql`drop trigger refuse_email on email_outbox`);
    }
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.id, id));
    expect(gift.status).toBe("COMPLETED");
    expect(gift.receiptSentAt).toBeNull();
    expect(await rows()).toHaveLength(1);
    // The sweep queues the missing receipt, once.
    expect(await runGiftReceipts(t.deps)).toBe(1);
    expect(await runGiftReceipts(t.deps)).toBe(0);
    expect((await rows()).map((r) => r.to)).toEqual([m.user.email, m.user.email]);
  });
});

describe("email delivery: several senders", () => {
  const queue = async (n: number) => {
    for (let i = 0; i < n; i++) await enqueueEmail(t.db, { kind: "account", to: `reader${i}@example.org`, subject: `Note ${i}`, text: "Hello", html: "<p>Hello</p>" }, now());
  };

  it("two sender processes share the queue: each email exactly once", async () => {
    const second = await createTestApp({ now, sameDatabaseAs: sameDatabase(t) });
    try {
      await queue(60);
      const a = withEmail(t.deps, smtp(ok.url));
      const b = withEmail(second.deps, smtp(ok.url));
      const [x, y] = await Promise.all([runEmailDelivery(a), runEmailDelivery(b)]);
      a.email.close();
      b.email.close();
      expect(x.sent + y.sent, JSON.stringify([x, y, (await rows()).filter((r) => r.status !== "sent").map((r) => [r.status, r.attempts, r.lastError])])).toBe(60);
      expect(await deliveries()).toEqual(Array(60).fill(1));
      expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it("a sender that hangs mid-batch gives its emails back when its lease ends; each goes out once, and its late outcome changes nothing", async () => {
    const stall = await standIn("stall");
    await queue(20);
    const hung = withEmail(t.deps, smtp(stall.url, 6000));
    const hungPass = runEmailDelivery(hung);
    let hungDone = false;
    void hungPass.then(() => (hungDone = true));
    expect(await eventually(async () => (await rows()).every((r) => r.lockedUntil !== null && r.attempts === 1))).toBe(true);
    const other = withEmail(t.deps, smtp(ok.url));
    expect((await runEmailDelivery(other)).sent).toBe(0); // still leased
    expect(hungDone).toBe(false);
    expect((await rows()).every((r) => r.status === "queued" && r.lastError === null)).toBe(true);
    later(EMAIL_LEASE_MS + 1000);
    expect((await runEmailDelivery(other)).sent).toBe(20);
    expect(hungDone).toBe(false);
    expect(await hungPass).toMatchObject({ sent: 0, retried: 20 }); // its sends time out; the rows are no longer its own
    hung.email.close();
    other.email.close();
    const done = await rows();
    expect(done.every((r) => r.status === "sent" && r.attempts === 2 && r.lastError === null)).toBe(true);
    expect(await deliveries()).toEqual(Array(20).fill(1));
  });

  it("keeps to EMAIL_MAX_PER_SECOND across passes", async () => {
    await queue(12);
    const deps = withEmail({ ...t.deps, config: { ...t.deps.config, emailMaxPerSecond: 5 } }, smtp(ok.url));
    await t.db.delete(rateLimits).where(eq(rateLimits.key, "email:send"));
    const started = Date.now();
    expect((await runEmailDelivery(deps)).sent).toBe(12);
    deps.email.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const seconds = await t.db.select().from(rateLimits).where(eq(rateLimits.key, "email:send"));
    expect(seconds.length).toBeGreaterThanOrEqual(3);
    expect(seconds.every((s) => s.count <= 5)).toBe(true);
    expect(await deliveries()).toEqual(Array(12).fill(1));
  });
});

describe("email delivery: without a mail server, and retention", () => {
  it("without SMTP_URL nothing is sent: queued emails are kept for staff to read", async () => {
    await enqueueEmail(t.db, { kind: "account", to: "kept@example.org", subject: "Kept", text: "Hello", html: "<p>Hello</p>" }, now());
    expect(await runEmailDelivery(withEmail(t.deps, createOutboxSender()))).toMatchObject({ kept: 1, sent: 0 });
    expect((await rows()).map((r) => r.status)).toEqual(["kept"]);
    const outbox = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: staff.auth });
    expect((outbox.json() as { subject: string }[]).map((x) => x.subject)).toEqual(["Kept"]);
    expect(ok.received).toHaveLength(0);
  });

  it("prunes sent, kept and failed emails after EMAIL_RETENTION_DAYS; never a queued one", async () => {
    const old = new Date(now().getTime() - (t.deps.config.emailRetentionDays + 1) * 86_400_000);
    const ids: Record<string, string> = {};
    for (const status of ["sent", "kept", "failed", "queued"] as const) {
      ids[status] = await enqueueEmail(t.db, { kind: "account", to: `${status}@example.org`, subject: status, text: "x", html: "x" }, old);
      await t.db.update(emailOutbox).set({ status }).where(eq(emailOutbox.id, ids[status]));
    }
    const fresh = await enqueueEmail(t.db, { kind: "account", to: "fresh@example.org", subject: "fresh", text: "x", html: "x" }, now());
    await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, fresh));
    await pruneEmails(t.deps);
    const left = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, [...Object.values(ids), fresh]));
    expect(left.map((r) => r.id).sort()).toEqual([ids.queued, fresh].sort());
  });
});
