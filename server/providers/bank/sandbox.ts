/**
 * The offline bank (docs/architecture.md, Providers): any public token links "Sunshine Community Bank",
 * a demo checking account whose card purchases are computed from the account and the date,
 * so they are the same on every machine and every run, and new ones appear as days pass.
 *
 * - Each day has 1 to 3 purchases between 8 am and 10 pm US Eastern, at realistic merchants
 *   with amounts in cents; about one in eight is a whole-dollar amount (parking, a car wash,
 *   a subscription), which rounds up nothing. A day's first purchase is never a whole-dollar
 *   one, so every day rounds something up (the demo's "Sync Round-ups" always has work).
 * - A purchase is delivered once its time has passed (by the injected clock).
 * - The cursor is "sbx1:<ISO instant>": everything up to that instant was delivered. The first
 *   sync delivers the last 30 days, like a bank's recent history.
 * - The item (and so the purchases) is derived from the member, so linking again after
 *   unlinking yields the same purchases, never new copies of them.
 * - Debits (collecting round-ups, docs/decisions/0024) start `pending` and settle on the first
 *   status check at least `debitSettleAfterMs` (default 0: the next check) after they were
 *   made. A public token containing "insufficient-funds" (e.g. "public-sandbox-insufficient-funds")
 *   links the same demo account whose debits come back `returned` with R01 instead. The debit id
 *   carries its key, time and outcome, so any instance answers its status the same without
 *   shared state; the same idempotency key gives the same debit (within one process).
 */
import { createHash, randomBytes } from "node:crypto";
import { BankError, type BankProvider, type BankPurchase, type Debit, type LinkedAccount } from "./port";

export const SANDBOX_BANK = { institutionName: "Sunshine Community Bank", accountName: "Everyday Checking" } as const;
export const SANDBOX_HISTORY_DAYS = 30;
const DAY_MS = 86_400_000;
/** 8:00 am Eastern Daylight Time; purchases spread over the next 14 hours. */
const FIRST_PURCHASE_UTC_MINUTES = 12 * 60;
const PURCHASE_WINDOW_MINUTES = 14 * 60;

/** [name, lowest cents, highest cents, whole dollars only]. */
const MERCHANTS: [string, number, number, boolean][] = [
  ["Starbucks", 345, 895, false],
  ["Publix", 1249, 14_275, false],
  ["Chick-fil-A", 689, 2450, false],
  ["Shell", 2800, 6250, false],
  ["Target", 1599, 8999, false],
  ["Amazon", 899, 7999, false],
  ["Walgreens", 499, 2899, false],
  ["Panera Bread", 1129, 2675, false],
  ["Dunkin'", 289, 1150, false],
  ["Chipotle", 1045, 2290, false],
  ["Home Depot", 1299, 11_650, false],
  ["CVS Pharmacy", 399, 3150, false],
  ["Uber", 1175, 3860, false],
  ["Whole Foods Market", 1850, 9725, false],
  ["Barnes & Noble", 1099, 4599, false],
  ["Wawa", 412, 1875, false],
  ["City of Orlando Parking", 300, 1200, true],
  ["Sparkle Car Wash", 1000, 2500, true],
  ["Netflix", 1549, 1549, false],
  ["Spotify", 1199, 1199, false],
];

/** Merchants whose amounts carry cents: a day's first purchase comes from these. */
const CENTS_MERCHANTS = MERCHANTS.filter(([, low, high, whole]) => !whole && low !== high);

const digest = (s: string) => createHash("sha256").update(s).digest();
const iso = (d: Date) => d.toISOString();
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The item id of a member's sandbox link. */
export const sandboxItemId = (userId: string) => `sbx-item-${digest(`item:${userId}`).toString("hex").slice(0, 20)}`;

/** The purchases of one account on one UTC day (YYYY-MM-DD), in time order. Pure. */
export function sandboxPurchasesOn(itemId: string, day: string): BankPurchase[] {
  const seed = digest(`${itemId}:${day}`);
  const count = 1 + (seed[0] % 3);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const out: BankPurchase[] = [];
  for (let i = 0; i < count; i++) {
    const h = digest(`${itemId}:${day}:${i}`);
    const pool = i === 0 ? CENTS_MERCHANTS : MERCHANTS;
    const [merchant, low, high, whole] = pool[h[0] % pool.length];
    let cents = low + (h.readUInt32BE(1) % (high - low + 1));
    // Whole-dollar merchants, and about one later purchase in eight, are exact dollars.
    if (whole || (i > 0 && h[5] % 8 === 0)) cents = Math.max(100, Math.round(cents / 100) * 100);
    else if (cents % 100 === 0) cents += 1 + (h[9] % 99);
    const minute = FIRST_PURCHASE_UTC_MINUTES + (h.readUInt16BE(6) % PURCHASE_WINDOW_MINUTES);
    out.push({
      id: `sbx-txn-${h.toString("hex").slice(16, 40)}`,
      accountId: `${itemId}-checking`,
      amountCents: cents,
      merchantName: merchant,
      description: `${merchant.toUpperCase()} CARD PURCHASE`,
      postedAt: new Date(midnight + minute * 60_000 + (h[8] % 60) * 1000),
      pending: false,
    });
  }
  return out.sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime());
}

/** Every purchase posted in (from, to]. */
export function sandboxPurchasesBetween(itemId: string, from: Date, to: Date): BankPurchase[] {
  const out: BankPurchase[] = [];
  // A day's purchases may run past UTC midnight (evening in Orlando): start a day early.
  for (let ms = Date.parse(`${utcDate(from.getTime() - DAY_MS)}T00:00:00Z`); ms <= to.getTime(); ms += DAY_MS) {
    for (const p of sandboxPurchasesOn(itemId, utcDate(ms))) {
      if (p.postedAt > from && p.postedAt <= to) out.push(p);
    }
  }
  return out;
}

const CURSOR_RE = /^sbx1:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/;
const TOKEN_RE = /^access-sandbox-(sbx-item-[0-9a-f]{20})(-nsf)?$/;
const DEBIT_RE = /^sbx-debit-[0-9a-f]{16}-(\d+)-(ok|r01)$/;
/** Link with a public token containing this to get an account whose debits are returned (R01). */
export const SANDBOX_RETURNS_TOKEN_MARK = "insufficient-funds";
export const SANDBOX_RETURN_REASON = "R01: Insufficient funds";

export function createSandboxBank(now: () => Date, opts: { debitSettleAfterMs?: number } = {}): BankProvider {
  const settleAfter = opts.debitSettleAfterMs ?? 0;
  const firstUse = new Map<string, number>();
  const debitOf = (id: string): Debit => {
    const m = DEBIT_RE.exec(id);
    if (!m) throw new BankError("The debit id is not valid", "INVALID_FIELD", 400);
    if (now().getTime() - Number(m[1]) < settleAfter) return { id, status: "pending", failureReason: null };
    return m[2] === "ok" ? { id, status: "settled", failureReason: null } : { id, status: "returned", failureReason: SANDBOX_RETURN_REASON };
  };
  return {
    kind: "sandbox",
    async createLinkToken() {
      return { linkToken: `link-sandbox-${randomBytes(12).toString("hex")}`, expiration: new Date(now().getTime() + 4 * 3600_000) };
    },
    async exchangePublicToken(publicToken, user): Promise<LinkedAccount> {
      if (!publicToken.trim()) throw new BankError("The public token is missing", "INVALID_PUBLIC_TOKEN", 400);
      const itemId = sandboxItemId(user.id);
      const mask = String(digest(`mask:${itemId}`).readUInt16BE(0) % 10_000).padStart(4, "0");
      const returns = publicToken.includes(SANDBOX_RETURNS_TOKEN_MARK);
      return {
        accessToken: `access-sandbox-${itemId}${returns ? "-nsf" : ""}`,
        itemId,
        account: { id: `${itemId}-checking`, name: SANDBOX_BANK.accountName, mask, institutionName: SANDBOX_BANK.institutionName },
      };
    },
    async sync(accessToken, cursor) {
      const token = TOKEN_RE.exec(accessToken);
      if (!token) throw new BankError("The access token is not valid", "INVALID_ACCESS_TOKEN", 400);
      const at = now();
      let from = new Date(at.getTime() - SANDBOX_HISTORY_DAYS * DAY_MS);
      if (cursor) {
        const m = CURSOR_RE.exec(cursor);
        if (!m) throw new BankError("The cursor is not valid", "INVALID_FIELD", 400);
        from = new Date(m[1]);
      }
      // A clock set back (tests) never re-delivers: the cursor only moves forward.
      const to = at > from ? at : from;
      return { added: sandboxPurchasesBetween(token[1], from, to), modified: [], removed: [], cursor: `sbx1:${iso(to)}` };
    },
    async removeItem(accessToken) {
      if (!TOKEN_RE.test(accessToken)) throw new BankError("The access token is not valid", "INVALID_ACCESS_TOKEN", 400);
    },
    async createDebit(req) {
      const token = TOKEN_RE.exec(req.accessToken);
      if (!token || req.accountId !== `${token[1]}-checking`) throw new BankError("The access token is not valid", "INVALID_ACCESS_TOKEN", 400);
      if (!Number.isInteger(req.amountCents) || req.amountCents <= 0) throw new BankError("The amount is not valid", "INVALID_FIELD", 400);
      const key = digest(`debit:${req.idempotencyKey}`).toString("hex").slice(0, 16);
      // The same key is the same debit (in this process: the sandbox keeps no other state).
      const at = firstUse.get(key) ?? now().getTime();
      firstUse.set(key, at);
      return { id: `sbx-debit-${key}-${at}-${token[2] ? "r01" : "ok"}`, status: "pending", failureReason: null };
    },
    async getDebit(id) {
      return debitOf(id);
    },
  };
}
