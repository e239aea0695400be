/**
 * Member isolation (issue 8): for every resource a member owns, a second member can neither read
 * it, change it nor delete it. Addressed by id, the other member's read, update or delete answers
 * 404 (the same answer as an id that does not exist, so ids reveal nothing), and the owner's data
 * is unchanged afterwards; in lists and totals the other member never sees it.
 * Prayer requests are shared on the wall by design; what is private about them (who wrote an
 * anonymous one, who prayed, the care-team opt-in, the author's account) is checked instead.
 */
import { createECDH, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { notifications, pushSubscriptions } from "../db/schema/notifications";
import { prayerRequests } from "../db/schema/prayer";
import { seedConnectDemo, seedJourneyContent } from "../seed/connect";
import type { GiveRequestInput, GiveResponse, GivingStatement, RecurringDonation, GivingHistoryEntry } from "../../contract/giving";
import type { PaymentMethod, WalletBalance, WalletTransaction, WalletOverview } from "../../contract/wallet";
import type { Note, NotePage } from "../../contract/notes";
import type { Prayer } from "../../contract/prayer";
import type { Passkey } from "../../contract/two-step";
import { softPasskey } from "../testing/soft-authenticator";

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

let t: TestApp;
let alice: Member; // owns everything
let bob: Member; // the other member
beforeAll(async () => {
  t = await createTestApp({ env: { GIVING_RATE_LIMIT_PER_USER: "100000" } });
  await seedJourneyContent(t.db); // main.ts seeds it at start
  await seedConnectDemo(t.db); // groups and challenges to join
  alice = await t.signUp("MEMBER", { firstName: "Alice", lastName: "Owner" });
  bob = await t.signUp("MEMBER", { firstName: "Bob", lastName: "Other" });
}, 60_000);
afterAll(() => t.close());

const call = (who: Member, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...who.auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });

async function ok<T>(who: Member, method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await call(who, method, url, payload, headers);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return (res.body ? res.json() : undefined) as T;
}

/** Bob's request for Alice's resource is a 404, exactly like an id that does not exist. */
async function expectNotFound(method: Method, url: string, payload?: unknown) {
  const res = await call(bob, method, url, payload);
  expect(res.statusCode, `${method} ${url} as another member: ${res.body}`).toBe(404);
  expect(res.json()).toHaveProperty("error");
}

let keyN = 0;
const key = () => ({ "idempotency-key": `iso-${Date.now()}-${++keyN}` });
const giveBody = (over: Partial<GiveRequestInput> = {}): GiveRequestInput => ({
  amount_cents: 4321,
  is_recurring: false,
  frequency: "monthly",
  customer_data: { first_name: "Alice", last_name: "Owner", email: "alice@example.org", phone: "" },
  payment_method_data: {
    card_number: "4242424242424242",
    card_exp: "12/2099",
    card_cvv: "123",
    address_1: "1 Grace St",
    address_city: "Orlando",
    address_state: "FL",
    address_zip: "32801",
  },
  ...over,
});

describe("personal notes", () => {
  it("another member's read, update and delete are 404; the note is unchanged and not in their list", async () => {
    const note = await ok<Note>(alice, "POST", "/api/personal-notes", { title: "Alice's private note", content: "Only mine" });
    await expectNotFound("GET", `/api/personal-notes/${note.id}`);
    await expectNotFound("PUT", `/api/personal-notes/${note.id}`, { title: "Bob was here", content: "x" });
    await expectNotFound("DELETE", `/api/personal-notes/${note.id}`);
    const list = await ok<NotePage>(bob, "GET", "/api/personal-notes");
    expect(list.notes.map((n) => n.id)).not.toContain(note.id);
    expect((await ok<NotePage>(alice, "GET", "/api/personal-notes")).notes.map((n) => n.id)).toContain(note.id);
    const mine = await ok<Note>(alice, "GET", `/api/personal-notes/${note.id}`);
    expect(mine).toMatchObject({ title: "Alice's private note", content: "Only mine" });
  });
});

describe("passkeys and the authenticator app", () => {
  it("another member cannot rename or remove Alice's passkey, nor see it or her two-step state", async () => {
    const options = await ok<{ challenge: string; rp: { id?: string }; user: { id: string } }>(alice, "POST", "/api/auth/passkeys/register-options");
    const credential = softPasskey().register(options, t.deps.config.passkeys.origin);
    const passkey = await ok<Passkey>(alice, "POST", "/api/auth/passkeys/register", { credential, name: "Alice's phone" });
    await ok(alice, "POST", "/api/auth/two-step/totp/setup");
    await expectNotFound("PATCH", `/api/auth/passkeys/${passkey.id}`, { name: "Bob's now" });
    await expectNotFound("DELETE", `/api/auth/passkeys/${passkey.id}`);
    expect(await ok<Passkey[]>(bob, "GET", "/api/auth/passkeys")).toEqual([]);
    expect(await ok(bob, "GET", "/api/auth/two-step")).toMatchObject({ totp: false, passkeys: 0 });
    // Alice's pending set-up is hers: Bob confirming a code finds nothing of his to confirm.
    expect((await call(bob, "POST", "/api/auth/two-step/totp/confirm", { code: "123456" })).statusCode).toBe(409);
    const mine = await ok<Passkey[]>(alice, "GET", "/api/auth/passkeys");
    expect(mine).toEqual([expect.objectContaining({ id: passkey.id, name: "Alice's phone" })]);
  });
});

describe("payment methods and bank links", () => {
  it("another member cannot make Alice's card default or delete it, nor her linked bank; neither is in their list", async () => {
    const cardA = await ok<PaymentMethod>(alice, "POST", "/api/wallet/payment-methods", {
      type: "credit_card",
      cardNumber: "4242 4242 4242 4242",
      expiryMonth: 12,
      expiryYear: 30,
      cvv: "123",
    });
    const bankA = await ok<PaymentMethod>(alice, "POST", "/api/wallet/plaid/exchange-token", { publicToken: `public-sandbox-alice-${Date.now()}` });
    for (const m of [cardA, bankA]) {
      await expectNotFound("PUT", `/api/wallet/payment-methods/${m.id}`, { isDefault: true });
      await expectNotFound("DELETE", `/api/wallet/payment-methods/${m.id}`);
    }
    expect(await ok<PaymentMethod[]>(bob, "GET", "/api/wallet/payment-methods")).toEqual([]);
    const hers = await ok<PaymentMethod[]>(alice, "GET", "/api/wallet/payment-methods");
    expect(hers.map((m) => m.id).sort()).toEqual([cardA.id, bankA.id].sort());
  });
});

describe("wallet, transactions and round-ups", () => {
  it("Alice's deposit, balance, transactions, overview and round-up setting never show for another member", async () => {
    await ok(alice, "POST", "/api/roundup/enable", { isEnabled: true });
    await ok(alice, "POST", "/api/wallet/deposits", { amountCents: 5000 }, key());
    await ok(alice, "POST", "/api/wallet/process-roundups");
    const aliceBalance = await ok<WalletBalance>(alice, "GET", "/api/wallet/balance");
    expect(aliceBalance.balanceCents).toBeGreaterThanOrEqual(5000);
    const aliceTx = await ok<WalletTransaction[]>(alice, "GET", "/api/wallet/transactions");
    expect(aliceTx.length).toBeGreaterThan(0);

    expect(await ok<WalletBalance>(bob, "GET", "/api/wallet/balance")).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    expect(await ok<WalletTransaction[]>(bob, "GET", "/api/wallet/transactions")).toEqual([]);
    const bobTx = await ok<WalletTransaction[]>(bob, "GET", "/api/wallet/transactions?search=Deposit");
    expect(bobTx).toEqual([]);
    const overview = await ok<WalletOverview>(bob, "GET", "/api/wallet/overview");
    expect(JSON.stringify(overview)).not.toMatch(/5000|50\.00/);
    expect(await ok(bob, "GET", "/api/roundup/setting")).toEqual({ isEnabled: false });

    // Bob's own sync (refused: his round-ups are off) and setting change touch only Bob.
    expect((await call(bob, "POST", "/api/wallet/process-roundups")).statusCode).toBe(409);
    await ok(bob, "POST", "/api/roundup/enable", { isEnabled: true });
    await ok(bob, "POST", "/api/wallet/plaid/exchange-token", { publicToken: `public-sandbox-bob-${Date.now()}` });
    await ok(bob, "POST", "/api/wallet/process-roundups");
    await ok(bob, "POST", "/api/roundup/enable", { isEnabled: false });
    expect(await ok(alice, "GET", "/api/roundup/setting")).toEqual({ isEnabled: true });
    expect(await ok<WalletBalance>(alice, "GET", "/api/wallet/balance")).toEqual(aliceBalance);
    expect(await ok<WalletTransaction[]>(alice, "GET", "/api/wallet/transactions")).toEqual(aliceTx);
    const bobIds = new Set((await ok<WalletTransaction[]>(bob, "GET", "/api/wallet/transactions")).map((x) => x.id));
    expect(aliceTx.filter((x) => bobIds.has(x.id))).toEqual([]);
  });

  it("giving the balance spends only the giver's own wallet", async () => {
    const before = await ok<WalletBalance>(alice, "GET", "/api/wallet/balance");
    const bobBefore = await ok<WalletBalance>(bob, "GET", "/api/wallet/balance");
    // More than Bob has (but less than Alice has) is refused; what Bob has is his to give.
    const tooMuch = await call(bob, "POST", "/api/wallet/give", { amountCents: bobBefore.balanceCents + 100 }, key());
    expect(tooMuch.statusCode).toBe(402);
    if (bobBefore.balanceCents >= 100) await ok(bob, "POST", "/api/wallet/give", { amountCents: 100 }, key());
    expect(await ok<WalletBalance>(alice, "GET", "/api/wallet/balance")).toEqual(before);
  });
});

describe("gifts, recurring gifts, idempotency keys and the giving statement", () => {
  it("another member cannot pause, resume or cancel Alice's recurring gift, and sees none of her gifts", async () => {
    const oneTime = await ok<GiveResponse>(alice, "POST", "/api/giving/one-time", giveBody(), key());
    const rec = await ok<GiveResponse>(alice, "POST", "/api/giving/recurring", giveBody({ is_recurring: true, amount_cents: 1234 }), key());
    const recId = rec.recurring!.id;
    for (const action of ["pause", "resume", "cancel"]) await expectNotFound("POST", `/api/giving/recurring/${recId}/${action}`);
    const hers = await ok<RecurringDonation[]>(alice, "GET", "/api/giving/recurring");
    expect(hers.find((r) => r.id === recId)?.status).toBe("ACTIVE");
    // Paused by Alice, Bob cannot resume or cancel it either.
    await ok(alice, "POST", `/api/giving/recurring/${recId}/pause`);
    await expectNotFound("POST", `/api/giving/recurring/${recId}/resume`);
    await expectNotFound("POST", `/api/giving/recurring/${recId}/cancel`);
    expect((await ok<RecurringDonation[]>(alice, "GET", "/api/giving/recurring")).find((r) => r.id === recId)?.status).toBe("PAUSED");

    expect(await ok<RecurringDonation[]>(bob, "GET", "/api/giving/recurring")).toEqual([]);
    const aliceIds = (await ok<GivingHistoryEntry[]>(alice, "GET", "/api/giving/history")).map((g) => g.id);
    expect(aliceIds).toContain(oneTime.gift.id);
    const bobHistory = await ok<GivingHistoryEntry[]>(bob, "GET", "/api/giving/history");
    expect(bobHistory.filter((g) => aliceIds.includes(g.id))).toEqual([]);
    const year = new Date().getUTCFullYear();
    const statement = await ok<GivingStatement>(bob, "GET", `/api/giving/statement?year=${year}`);
    expect(statement.gifts.filter((g) => aliceIds.includes(g.id))).toEqual([]);
    expect(statement.donor.email).toBe(bob.user.email);
    const aliceStatement = await ok<GivingStatement>(alice, "GET", `/api/giving/statement?year=${year}`);
    expect(aliceStatement.gifts.map((g) => g.id)).toContain(oneTime.gift.id);
  });

  it("the same Idempotency-Key from another member is their own request, never a replay of Alice's gift", async () => {
    const shared = { "idempotency-key": `shared-key-${Date.now()}` };
    const a = await ok<GiveResponse>(alice, "POST", "/api/giving/one-time", giveBody({ amount_cents: 777 }), shared);
    const b = await ok<GiveResponse>(bob, "POST", "/api/giving/one-time", giveBody({ amount_cents: 777 }), shared);
    expect(b.gift.id).not.toBe(a.gift.id);
    const bobHistory = await ok<GivingHistoryEntry[]>(bob, "GET", "/api/giving/history");
    expect(bobHistory.map((g) => g.id)).toContain(b.gift.id);
    expect(bobHistory.map((g) => g.id)).not.toContain(a.gift.id);
    // And a different body under Bob's key is Bob's conflict, not a view of Alice's answer.
    const other = await call(bob, "POST", "/api/giving/one-time", giveBody({ amount_cents: 999 }), shared);
    expect(other.statusCode).toBe(409);
    expect(other.body).not.toContain(a.gift.id);
  });
});

describe("notifications and push devices", () => {
  /** A browser-like push subscription. */
  function subscription() {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    return {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
  }

  it("another member cannot mark Alice's notification read, and read-all and the inbox are theirs only", async () => {
    const [n] = await t.db
      .insert(notifications)
      .values({ userId: alice.user.id, kind: "testimonyApproved", subjectId: crypto.randomUUID(), title: "For Alice", body: "Only Alice", url: "/" })
      .returning();
    await expectNotFound("POST", `/api/notifications/${n.id}/read`);
    await ok(bob, "POST", "/api/notifications/read-all");
    const bobInbox = await ok<{ items: { id: string }[]; unreadCount: number }>(bob, "GET", "/api/notifications");
    expect(bobInbox.items.map((i) => i.id)).not.toContain(n.id);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, n.id));
    expect(row.readAt).toBeNull();
    const aliceInbox = await ok<{ items: { id: string }[]; unreadCount: number }>(alice, "GET", "/api/notifications");
    expect(aliceInbox.items.map((i) => i.id)).toContain(n.id);
    expect(aliceInbox.unreadCount).toBe(1);
  });

  it("another member cannot remove Alice's push device, even knowing its token, nor take it over by registering it", async () => {
    const sub = subscription();
    await ok(alice, "POST", "/api/notifications/register-token", { token: JSON.stringify(sub), deviceType: "web" });
    await expectNotFound("DELETE", `/api/notifications/token/${encodeURIComponent(JSON.stringify(sub))}`);
    await expectNotFound("DELETE", `/api/notifications/token/${encodeURIComponent(sub.endpoint)}`);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([alice.user.id]);
    // Preferences are per member too.
    await ok(bob, "PUT", "/api/notifications/preferences", { kinds: { testimonyApproved: false } });
    const alicePrefs = await ok<{ kinds: Record<string, boolean> }>(alice, "GET", "/api/notifications/preferences");
    expect(alicePrefs.kinds.testimonyApproved).toBe(true);
  });
});

describe("journey enrolments, challenges and groups", () => {
  it("Alice's daily journey, challenges and groups are not another member's", async () => {
    await ok(alice, "POST", "/api/daily/enroll", { sequenceKey: "SCRIPTURES_14" });
    const bobPreview = await ok<{ enrolled: boolean }>(bob, "GET", "/api/daily/preview");
    expect(bobPreview.enrolled).toBe(false);
    expect((await ok<{ enrolled: boolean }>(alice, "GET", "/api/daily/preview")).enrolled).toBe(true);

    const { groups } = await ok<{ groups: { id: string }[] }>(alice, "GET", "/api/groups");
    if (groups.length) await ok(alice, "POST", `/api/groups/${groups[0].id}/join`);
    const challenges = await ok<{ id: string }[]>(alice, "GET", "/api/challenges");
    if (challenges.length) await ok(alice, "POST", `/api/challenges/${challenges[0].id}/join`);
    expect(groups.length + challenges.length).toBeGreaterThan(0);
    expect(await ok(bob, "GET", "/api/groups/mine")).toEqual([]);
    expect(await ok(bob, "GET", "/api/challenges/mine")).toEqual([]);
    // Progress on a challenge Bob never joined is refused (the challenge itself is shared, so
    // 409 "join first" rather than 404), and Alice's progress is untouched.
    if (challenges.length) {
      const hersBefore = await ok(alice, "GET", "/api/challenges/mine");
      const res = await call(bob, "POST", `/api/challenges/${challenges[0].id}/progress`);
      expect(res.statusCode).toBe(409);
      expect(await ok(alice, "GET", "/api/challenges/mine")).toEqual(hersBefore);
    }
  });
});

describe("prayer requests: the private parts", () => {
  it("the author of an anonymous request, the care-team opt-in, who prayed and 'mine' never reach another member", async () => {
    const { id } = await ok<{ id: string }>(alice, "POST", "/api/prayer-requests", {
      title: "Quiet request",
      description: "Please pray",
      isAnonymous: true,
      shareWithCareTeam: true,
    });
    await ok(alice, "POST", `/api/prayers/${id}/pray`);
    const res = await call(bob, "GET", "/api/prayers");
    const seen = (res.json() as Prayer[]).find((p) => p.id === id)!;
    expect(seen).toMatchObject({ authorName: null, isMine: false, hasPrayed: false, prayedCount: 1 });
    expect(res.body).not.toContain(alice.user.id);
    expect(res.body).not.toContain("Alice");
    expect(res.body).not.toMatch(/shareWithCareTeam|careTeam|userId/);
    // Only the author may mark it answered: another member is refused and nothing changes.
    const answered = await call(bob, "POST", `/api/prayers/${id}/answered`);
    expect(answered.statusCode).toBe(403);
    const [row] = await t.db.select().from(prayerRequests).where(eq(prayerRequests.id, id));
    expect(row.isAnswered).toBe(false);
    const own = (await ok<Prayer[]>(alice, "GET", "/api/prayers")).find((p) => p.id === id)!;
    expect(own).toMatchObject({ isMine: true, hasPrayed: true });
  });
});

describe("the signed-in identity", () => {
  it("Alice's directory settings are hers: Bob's PUT changes only his own, and her unshared email never shows to him", async () => {
    await ok(alice, "PUT", "/api/me/directory", { listed: true, showEmail: false });
    // There is no way to name another member: an extra field is refused.
    expect((await call(bob, "PUT", "/api/me/directory", { listed: false, userId: alice.user.id })).statusCode).toBe(400);
    await ok(bob, "PUT", "/api/me/directory", { showEmail: true });
    expect(await ok(alice, "GET", "/api/me/directory")).toEqual({ listed: true, showPhoto: false, showEmail: false, showPhone: false });
    expect(await ok(bob, "GET", "/api/me/directory")).toEqual({ listed: false, showPhoto: false, showEmail: true, showPhone: false });
    const found = await ok<{ members: { id: string }[] }>(bob, "GET", "/api/directory?q=Alice");
    expect(found.members.map((m) => m.id)).toContain(alice.user.id);
    expect(JSON.stringify(found)).not.toContain(alice.user.email);
  });

  it("/api/church/me answers with the caller, never another member", async () => {
    const me = await ok<{ user: { id: string; email: string } }>(bob, "GET", "/api/church/me");
    expect(me.user.id).toBe(bob.user.id);
    expect(JSON.stringify(me)).not.toContain(alice.user.email);
  });
});
