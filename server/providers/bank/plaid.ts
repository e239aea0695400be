/**
 * Plaid (https://plaid.com/docs/api/): Link token, public token exchange, the account to round
 * up, Transactions Sync and Item removal. Every call is a POST with a JSON body carrying
 * client_id and secret; errors come back as a non-2xx status with
 * { error_type, error_code, error_message, display_message, request_id }.
 *
 * /transactions/sync is paged: keep calling with next_cursor while has_more, and if Plaid
 * answers TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION, start again from the first cursor
 * (Plaid's documented recovery). Amounts are dollars, positive for money spent.
 *
 * Debits (collecting round-ups) use Plaid Transfer: /transfer/authorization/create (type debit,
 * network ach, ach_class web: the member authorized it online; our idempotency key, so a retry
 * never authorizes twice), then /transfer/create with that authorization (the authorization id
 * is Plaid's idempotency for the transfer), and /transfer/get for the status. A declined
 * authorization is DebitDeclined; Plaid's statuses map as pending -> pending, posted -> posted,
 * settled and funds_available -> settled, failed and cancelled -> failed, returned -> returned.
 */
import { BankError, DebitDeclined, type BankProvider, type BankPurchase, type Debit, type DebitStatus, type LinkedAccount, type SyncResult } from "./port";

export const PLAID_VERSION = "2020-09-14";
const SYNC_PAGE_SIZE = 500;
const MAX_SYNC_RESTARTS = 3;
const MAX_PAGES = 200;

interface PlaidTransaction {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  datetime?: string | null;
  authorized_datetime?: string | null;
  name?: string | null;
  merchant_name?: string | null;
  pending?: boolean;
}
interface PlaidAccount {
  account_id: string;
  name: string;
  official_name?: string | null;
  mask?: string | null;
  type: string;
  subtype?: string | null;
}

interface PlaidTransfer {
  id: string;
  status: string;
  failure_reason?: { ach_return_code?: string | null; description?: string | null } | null;
}

/** What ACH debits say on the member's statement (Plaid allows at most 15 characters). */
export const TRANSFER_DESCRIPTION = "Round-ups";

export function toDebit(t: PlaidTransfer): Debit {
  const map: Record<string, DebitStatus> = {
    pending: "pending",
    posted: "posted",
    settled: "settled",
    funds_available: "settled",
    failed: "failed",
    cancelled: "failed",
    returned: "returned",
  };
  const status = map[t.status];
  if (!status) throw new BankError(`Plaid answered an unknown transfer status "${t.status}"`, "UNKNOWN_STATUS");
  const f = t.failure_reason;
  const reason = status === "failed" || status === "returned" ? [f?.ach_return_code, f?.description].filter(Boolean).join(": ") || `The transfer was ${t.status}` : null;
  return { id: t.id, status, failureReason: reason };
}

export interface PlaidOptions {
  clientId: string;
  secret: string;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function toPurchase(t: PlaidTransaction): BankPurchase {
  const when = t.datetime ?? t.authorized_datetime ?? `${t.date}T12:00:00Z`;
  return {
    id: t.transaction_id,
    accountId: t.account_id,
    amountCents: Math.round(t.amount * 100),
    merchantName: t.merchant_name ?? null,
    description: t.name ?? t.merchant_name ?? "Card purchase",
    postedAt: new Date(when),
    pending: !!t.pending,
  };
}

/** The account whose purchases are rounded up: a checking account, else any deposit account, else the first. */
export function pickAccount(accounts: PlaidAccount[]) {
  return (
    accounts.find((a) => a.type === "depository" && a.subtype === "checking") ??
    accounts.find((a) => a.type === "depository") ??
    accounts[0]
  );
}

export function createPlaidBank(opts: PlaidOptions): BankProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/$/, "");

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "plaid-version": PLAID_VERSION },
        body: JSON.stringify({ client_id: opts.clientId, secret: opts.secret, ...body }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 20_000),
      });
    } catch (err) {
      throw new BankError(`Plaid ${path} could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new BankError(`Plaid ${path} answered ${res.status} with a body that is not JSON`, null, res.status);
    }
    if (!res.ok) {
      const code = typeof json.error_code === "string" ? json.error_code : null;
      const message = typeof json.error_message === "string" ? json.error_message : `Plaid ${path} answered ${res.status}`;
      throw new BankError(`${message} (${json.error_type ?? "ERROR"} ${code ?? ""}, request ${json.request_id ?? "?"})`.trim(), code, res.status);
    }
    return json as T;
  }

  return {
    kind: "plaid",
    async createLinkToken(user) {
      const r = await call<{ link_token: string; expiration: string }>("/link/token/create", {
        client_name: user.churchName.slice(0, 30),
        language: "en",
        country_codes: ["US"],
        user: { client_user_id: user.id },
        products: ["transactions"],
      });
      return { linkToken: r.link_token, expiration: new Date(r.expiration) };
    },

    async exchangePublicToken(publicToken): Promise<LinkedAccount> {
      const ex = await call<{ access_token: string; item_id: string }>("/item/public_token/exchange", { public_token: publicToken });
      const acc = await call<{ accounts: PlaidAccount[]; item?: { institution_name?: string | null } }>("/accounts/get", { access_token: ex.access_token });
      const account = pickAccount(acc.accounts ?? []);
      if (!account) throw new BankError("The linked bank login has no accounts", "NO_ACCOUNTS");
      return {
        accessToken: ex.access_token,
        itemId: ex.item_id,
        account: {
          id: account.account_id,
          name: account.name,
          mask: account.mask ?? "",
          institutionName: acc.item?.institution_name ?? account.official_name ?? "Linked bank",
        },
      };
    },

    async sync(accessToken, cursor): Promise<SyncResult> {
      for (let attempt = 0; ; attempt++) {
        const out: SyncResult = { added: [], modified: [], removed: [], cursor: cursor ?? "" };
        let next = cursor ?? "";
        try {
          for (let page = 0; page < MAX_PAGES; page++) {
            const r = await call<{
              added: PlaidTransaction[];
              modified: PlaidTransaction[];
              removed: { transaction_id: string }[];
              next_cursor: string;
              has_more: boolean;
            }>("/transactions/sync", { access_token: accessToken, count: SYNC_PAGE_SIZE, ...(next ? { cursor: next } : {}) });
            out.added.push(...(r.added ?? []).map(toPurchase));
            out.modified.push(...(r.modified ?? []).map(toPurchase));
            out.removed.push(...(r.removed ?? []).map((x) => x.transaction_id));
            next = r.next_cursor;
            if (!r.has_more) {
              out.cursor = next;
              return out;
            }
          }
          throw new BankError("Plaid /transactions/sync kept answering has_more", "TOO_MANY_PAGES");
        } catch (err) {
          if (err instanceof BankError && err.code === "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION" && attempt < MAX_SYNC_RESTARTS) continue;
          throw err;
        }
      }
    },

    async removeItem(accessToken) {
      await call("/item/remove", { access_token: accessToken });
    },

    async createDebit(req) {
      const amount = (req.amountCents / 100).toFixed(2);
      const auth = await call<{
        authorization: { id: string; decision: string; decision_rationale?: { code?: string; description?: string } | null };
      }>("/transfer/authorization/create", {
        access_token: req.accessToken,
        account_id: req.accountId,
        type: "debit",
        network: "ach",
        amount,
        ach_class: "web",
        user: { legal_name: req.legalName },
        idempotency_key: req.idempotencyKey.slice(0, 50),
      });
      const a = auth.authorization;
      if (a.decision !== "approved") {
        throw new DebitDeclined(a.decision_rationale?.description ?? a.decision_rationale?.code ?? `authorization ${a.decision}`);
      }
      const created = await call<{ transfer: PlaidTransfer }>("/transfer/create", {
        access_token: req.accessToken,
        account_id: req.accountId,
        authorization_id: a.id,
        amount,
        description: TRANSFER_DESCRIPTION,
      });
      return toDebit(created.transfer);
    },

    async getDebit(id) {
      const r = await call<{ transfer: PlaidTransfer }>("/transfer/get", { transfer_id: id });
      return toDebit(r.transfer);
    },
  };
}
