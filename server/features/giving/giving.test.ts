/**
 * Giving (spec sections 2, 3, 5, 7): validation texts, the sandbox test cards, idempotency
 * (replay, concurrency, mismatch), recurring dates in the church's zone, member isolation,
 * and that the card number and CVV are never stored or logged.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { giveRequest, TEST_CVV, useMoneyTestApp } from "../../testing/money-test-app";
import { gifts } from "../../db/schema/giving";
import { emailOutbox } from "../../db/schema/platform";
import { sessions } from "../../db/schema/users";
import { GIVING_TEXT, type GiveRequestInput, type GiveResponse, type GivingHistoryEntry, type RecurringDonation } from "../../../contract/giving";
import { SANDBOX_TEXT } from "../../providers/payments/sandbox";

let fixedNow: Date | null = null;
const now = () => fixedNow ?? new Date();
const logLines: string[] = [];

const t = useMoneyTestApp({ now, logLines });

type Auth = { authorization: string };
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}`;

const CVV = TEST_CVV;
const body = giveRequest;

const give = (auth: Auth | null, payload: unknown, key: string | null = newKey(), kind: "one-time" | "recurring" = "one-time") =>
  t.app.inject({
    method: "POST",
    url: `/api/giving/${kind}`,
    headers: { ...(auth ?? {}), ...(key === null ? {} : { "idempotency-key": key }) },
    payload: payload as never,
  });
const history = async (auth: Auth, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/giving/history${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GivingHistoryEntry[];
};
const recurringList = async (auth: Auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/giving/recurring", headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RecurringDonation[];
};
const countGifts = async (userId: string, status?: "COMPLETED" | "FAILED") => {
  const rows = await t.db.select().from(gifts).where(eq(gifts.userId, userId));
  return rows.filter((r) => !status || r.status === status).length;
};
const messages = (res: { json(): unknown }) => (res.json() as { issues: { message: string }[] }).issues.map((i) => i.message);

describe("giving: validation", () => {
  it("answers each invalid field with the spec's message", async () => {
    const m = await t.signUp();
    const cases: [GiveRequestInput, string][] = [
      [body({ amount_cents: 99 }), GIVING_TEXT.amountMin],
      [body({ amount_cents: 150.5 }), GIVING_TEXT.amountMin],
      [body({ customer_data: { first_name: " ", last_name: "M", email: "a@b.org" } }), GIVING_TEXT.firstNameRequired],
      [body({ customer_data: { first_name: "R", last_name: "", email: "a@b.org" } }), GIVING_TEXT.lastNameRequired],
      [body({ customer_data: { first_name: "R", last_name: "M", email: "nope" } }), GIVING_TEXT.emailRequired],
      [body({}, { card_number: "4242 4242" }), GIVING_TEXT.cardNumberRequired],
      [body({}, { card_number: "4242-4242-4242-4242" }), GIVING_TEXT.cardNumberRequired],
      [body({}, { card_exp: "13/2030" }), GIVING_TEXT.cardExpRequired],
      [body({}, { card_exp: "12/30" }), GIVING_TEXT.cardExpRequired],
      [body({}, { card_cvv: "12" }), GIVING_TEXT.cvvRequired],
      [body({}, { address_1: "" }), GIVING_TEXT.addressRequired],
      [body({}, { address_city: "" }), GIVING_TEXT.cityRequired],
      [body({}, { address_state: "F" }), GIVING_TEXT.stateRequired],
      [body({}, { address_zip: "328" }), GIVING_TEXT.zipRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await give(m.auth, payload);
      expect(res.statusCode, message).toBe(400);
      expect(messages(res), message).toEqual([message]);
    }
    expect(await countGifts(m.user.id)).toBe(0);
  });

  it("needs a signed-in member (401) and an Idempotency-Key (400)", async () => {
    expect((await give(null, body())).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/giving/history" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/giving/recurring" })).statusCode).toBe(401);
    const m = await t.signUp();
    for (const kind of ["one-time", "recurring"] as const) {
      const res = await give(m.auth, body(), null, kind);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(GIVING_TEXT.idempotencyKeyRequired);
    }
    expect(await countGifts(m.user.id)).toBe(0);
  });
});

describe("giving: one-time gifts with the sandbox cards", () => {
  it("charges the success card (201) and shows the gift in the member's history", async () => {
    const m = await t.signUp();
    const res = await give(m.auth, body({ amount_cents: 5000 }));
    expect(res.statusCode, res.body).toBe(201);
    const { gift } = res.json() as GiveResponse;
    expect(gift).toMatchObject({ amountCents: 5000, status: "COMPLETED" });
    expect(await history(m.auth)).toEqual([gift]);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ cardLastFour: "4242", cardBrand: "visa" });
    expect(row.gatewayTransactionId).toMatch(/^sbx_ch_[0-9a-f]{24}$/);
  });

  const declines: [string, string, string][] = [
    // Declined and a wrong number read alike (no oracle for card testing: decision 0105).
    ["declined", "4000 0000 0000 0002", SANDBOX_TEXT.checkDetails],
    ["insufficient funds", "4000 0000 0000 9995", SANDBOX_TEXT.insufficientFunds],
    ["a bad Luhn digit", "4242 4242 4242 4241", SANDBOX_TEXT.checkDetails],
  ];
  for (const [name, card, reason] of declines) {
    it(`answers 402 with the member's reason for ${name}; nothing COMPLETED is recorded`, async () => {
      const m = await t.signUp();
      const res = await give(m.auth, body({}, { card_number: card }));
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json()).toEqual({ error: reason, code: "PAYMENT_FAILED" });
      expect(await countGifts(m.user.id, "COMPLETED")).toBe(0);
      expect((await history(m.auth)).map((g) => g.status)).toEqual(["FAILED"]);
    });
  }

  it("refuses an expired card (against the app's clock)", async () => {
    const m = await t.signUp();
    // Sessions expire by the same clock: keep this one valid in 2030.
    await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
    await t.authSettled(); // the session cache hears of the new expiry
    const res = await give(m.auth, body({}, { card_exp: "01/2020" }));
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe(SANDBOX_TEXT.expiredCard);
    fixedNow = new Date("2030-05-31T23:00:00Z");
    expect((await give(m.auth, body({}, { card_exp: "05/2030" }))).statusCode).toBe(201);
    fixedNow = new Date("2030-06-01T00:00:00Z");
    expect((await give(m.auth, body({}, { card_exp: "05/2030" }))).statusCode).toBe(402);
    fixedNow = null;
    expect(await countGifts(m.user.id, "COMPLETED")).toBe(1);
  });

  it("lists the newest 5 by default and up to ?limit (max 100)", async () => {
    const m = await t.signUp();
    const base = Date.parse("2026-01-01T12:00:00Z");
    for (let i = 0; i < 7; i++) {
      fixedNow = new Date(base + i * 60_000);
      expect((await give(m.auth, body({ amount_cents: 100 + i }))).statusCode).toBe(201);
    }
    fixedNow = null;
    expect((await history(m.auth)).map((g) => g.amountCents)).toEqual([106, 105, 104, 103, 102]);
    expect(await history(m.auth, "?limit=100")).toHaveLength(7);
    expect((await t.app.inject({ method: "GET", url: "/api/giving/history?limit=101", headers: m.auth })).statusCode).toBe(400);
  });
});

describe("giving: idempotency", () => {
  it("replays the same answer for the same key and charges once", async () => {
    const m = await t.signUp();
    const key = newKey();
    const first = await give(m.auth, body(), key);
    const second = await give(m.auth, body(), key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countGifts(m.user.id)).toBe(1);
  });

  it("replays a decline too, without charging again", async () => {
    const m = await t.signUp();
    const key = newKey();
    const declined = body({}, { card_number: "4000000000000002" });
    expect((await give(m.auth, declined, key)).statusCode).toBe(402);
    const again = await give(m.auth, declined, key);
    expect(again.statusCode).toBe(402);
    expect(again.json().error).toBe(SANDBOX_TEXT.checkDetails);
    expect(await countGifts(m.user.id)).toBe(1);
  });

  it("10 concurrent identical requests with one key make exactly one gift", async () => {
    const m = await t.signUp();
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => give(m.auth, body({ amount_cents: 777 }), key)));
    const statuses = results.map((r) => r.statusCode);
    for (const s of statuses) expect([201, 409]).toContain(s);
    const ok = results.filter((r) => r.statusCode === 201).map((r) => r.json() as GiveResponse);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.gift.id)).size).toBe(1);
    expect(await countGifts(m.user.id)).toBe(1);
  });

  it("refuses the same key with a different body (409), and keys are per member", async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    const key = newKey();
    expect((await give(m.auth, body({ amount_cents: 1000 }), key)).statusCode).toBe(201);
    const res = await give(m.auth, body({ amount_cents: 2000 }), key);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(GIVING_TEXT.idempotencyMismatch);
    expect((await give(m.auth, body({ amount_cents: 1000 }), key, "recurring")).statusCode).toBe(409);
    expect((await give(other.auth, body({ amount_cents: 2000 }), key)).statusCode).toBe(201);
    expect(await countGifts(m.user.id)).toBe(1);
    expect(await countGifts(other.user.id)).toBe(1);
  });
});

describe("giving: recurring gifts", () => {
  it("creates a profile, charges the first period now and sets the next date in the church's zone", async () => {
    const m = await t.signUp();
    // 22:00 on 31 January in Orlando (03:00 UTC on 1 February).
    fixedNow = new Date("2026-02-01T03:00:00Z");
    const res = await give(m.auth, body({ amount_cents: 10_000, is_recurring: true, frequency: "monthly" }), newKey(), "recurring");
    fixedNow = null;
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as GiveResponse;
    expect(answer.recurring).toMatchObject({ amountCents: 10_000, frequency: "monthly", nextPaymentDate: "2026-02-28", status: "ACTIVE" });
    expect(answer.gift).toMatchObject({ amountCents: 10_000, status: "COMPLETED" });
    expect(await recurringList(m.auth)).toEqual([answer.recurring]);
    expect(await history(m.auth)).toEqual([answer.gift]);
  });

  it("yearly from 29 February lands on 28 February; weekly across the DST change", async () => {
    fixedNow = new Date("2028-02-29T15:00:00Z");
    const m = await t.signUp();
    const yearly = await give(m.auth, body({ frequency: "yearly" }), newKey(), "recurring");
    // 23:30 on 7 March 2026 in Orlando, hours before clocks go forward.
    fixedNow = new Date("2026-03-08T04:30:00Z");
    const weekly = await give(m.auth, body({ frequency: "weekly" }), newKey(), "recurring");
    fixedNow = null;
    expect((yearly.json() as GiveResponse).recurring?.nextPaymentDate).toBe("2029-02-28");
    expect((weekly.json() as GiveResponse).recurring?.nextPaymentDate).toBe("2026-03-14");
  });

  it("a declined card sets up nothing (402)", async () => {
    const m = await t.signUp();
    const res = await give(m.auth, body({}, { card_number: "4000 0000 0000 9995" }), newKey(), "recurring");
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe(SANDBOX_TEXT.insufficientFunds);
    expect(await recurringList(m.auth)).toEqual([]);
    expect(await countGifts(m.user.id, "COMPLETED")).toBe(0);
  });
});

describe("giving: receipts", () => {
  const receipts = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

  it("emails one receipt to the member's account for a gift; a replay or a concurrent duplicate sends no second one", async () => {
    const m = await t.signUp();
    const key = newKey();
    const first = await give(m.auth, body({ amount_cents: 4321 }), key);
    expect(first.statusCode).toBe(201);
    expect((await give(m.auth, body({ amount_cents: 4321 }), key)).statusCode).toBe(201);
    const mails = await receipts(m.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your gift of $43.21 to ${t.deps.church.name}`);
    // A receipt is an account email: no unsubscribe, and it goes whatever "Email updates" says (decision 0118).
    expect(mails[0].headers).toBeNull();
    expect(mails[0].text).toContain("Paid with: Visa ending 4242");
    expect(mails[0].text).toContain(`Reference: ${(first.json() as GiveResponse).gift.id}`);

    const other = await t.signUp();
    const k2 = newKey();
    const all = await Promise.all(Array.from({ length: 6 }, () => give(other.auth, body({ amount_cents: 999 }), k2)));
    expect(all.some((r) => r.statusCode === 201)).toBe(true);
    expect(await receipts(other.user.email)).toHaveLength(1);
  });

  it("still goes to a member who turned 'Email updates' off (a receipt is not news)", async () => {
    const m = await t.signUp();
    const off = await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: m.auth, payload: { emailUpdates: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: m.auth })).json()).toMatchObject({ emailUpdates: false });
    const res = await give(m.auth, body({ amount_cents: 2718 }));
    expect(res.statusCode).toBe(201);
    const mails = await receipts(m.user.email);
    expect(mails.map((x) => [x.subject, x.status, x.kind])).toEqual([[`Your gift of $27.18 to ${t.deps.church.name}`, "queued", "giving"]]);
    expect(mails[0].text).toContain(`Reference: ${(res.json() as GiveResponse).gift.id}`);
    expect(mails[0].headers).toBeNull();
  });

  it("the first recurring charge gets a receipt naming the frequency; a decline gets none", async () => {
    const m = await t.signUp();
    expect((await give(m.auth, body({ is_recurring: true, frequency: "yearly" }), newKey(), "recurring")).statusCode).toBe(201);
    expect((await give(m.auth, body({}, { card_number: "4000 0000 0000 0002" }))).statusCode).toBe(402);
    const mails = await receipts(m.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Recurring: Yearly");
  });

  it("the receipt is queued with the gift, never sent inside the request: a mail server that hangs does not hold the gift", async () => {
    const m = await t.signUp();
    const email = t.deps.email;
    let sends = 0;
    t.deps.email = { kind: "smtp", send: () => ((sends += 1), new Promise<void>(() => undefined)), close() {} };
    try {
      const started = Date.now();
      const res = await give(m.auth, body({ amount_cents: 1234 }));
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000);
      const [row] = await t.db.select().from(gifts).where(eq(gifts.id, (res.json() as GiveResponse).gift.id));
      expect(row.status).toBe("COMPLETED");
      expect(row.receiptSentAt).not.toBeNull();
    } finally {
      t.deps.email = email;
    }
    expect(sends).toBe(0);
    const mails = await receipts(m.user.email);
    expect(mails.map((x) => x.status)).toEqual(["queued"]);
    expect(await history(m.auth)).toHaveLength(1);
  });

});

describe("giving: privacy", () => {
  it("a member never sees another member's gifts", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await give(a.auth, body())).statusCode).toBe(201);
    expect((await give(a.auth, body(), newKey(), "recurring")).statusCode).toBe(201);
    expect(await history(b.auth)).toEqual([]);
    expect(await recurringList(b.auth)).toEqual([]);
    expect(await history(a.auth)).toHaveLength(2);
  });

  it("never stores or logs the card number or CVV", async () => {
    const m = await t.signUp();
    const card = "5555555555554444";
    logLines.length = 0;
    expect((await give(m.auth, body({}, { card_number: "5555 5555 5555 4444" }))).statusCode).toBe(201);
    expect((await give(m.auth, body({}, { card_number: "5555 5555 5555 4444" }), newKey(), "recurring")).statusCode).toBe(201);
    expect((await give(m.auth, body({}, { card_number: "5555 5555 5555 4444", address_zip: "1" }))).statusCode).toBe(400);

    const cols = (await t.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(cols.rows.length).toBeGreaterThan(5);
    for (const { table_name, column_name } of cols.rows) {
      const hits = (await t.db.execute(
        sql.raw(
          `select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%${card}%' ` +
            // Bounded by anything but letters, digits and '-', so ids (uuids, hex) holding the same digits don't count.
            `or "${column_name}"::text ~ '(^|[^0-9a-zA-Z-])${CVV}([^0-9a-zA-Z-]|$)' or "${column_name}"::text like '%card_cvv%'`,
        ),
      )) as unknown as { rows: { n: number }[] };
      expect(Number(hits.rows[0].n), `${table_name}.${column_name}`).toBe(0);
    }

    const logs = logLines.join("");
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(card);
    expect(logs).not.toContain("5555 5555 5555 4444");
    expect(logs).not.toMatch(new RegExp(`(^|[^0-9a-zA-Z-])${CVV}([^0-9a-zA-Z-]|$)`)); // not inside request ids
  });
});
