/**
 * Bank link and card purchases (docs/architecture.md, Providers): the sandbox bank by default, Plaid when
 * configured. The access token a link yields is a secret: callers seal it with deps.secrets
 * before it touches the database and never log it.
 */

/** A card purchase (or refund) as the bank reports it. amountCents > 0 is money spent. */
export interface BankPurchase {
  id: string;
  accountId: string;
  amountCents: number;
  merchantName: string | null;
  description: string;
  postedAt: Date;
  /** Not yet posted: the bank may still change or drop it. Round-ups wait for the posted one. */
  pending: boolean;
}

export interface LinkedAccount {
  accessToken: string;
  itemId: string;
  account: { id: string; name: string; mask: string; institutionName: string };
}

export interface SyncResult {
  added: BankPurchase[];
  modified: BankPurchase[];
  /** Ids of transactions the bank removed. */
  removed: string[];
  /** Store it and pass it to the next sync. */
  cursor: string;
}

/** A bank that could not be reached or refused the call. `code` is the provider's error code when it gave one. */
export class BankError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "BankError";
  }
}

export interface BankProvider extends BankDebits {
  readonly kind: "sandbox" | "plaid";
  /** A short-lived token for the client's bank-link widget (Plaid Link). */
  createLinkToken(user: { id: string; churchName: string }): Promise<{ linkToken: string; expiration: Date }>;
  /** Exchanges the public token the widget returned for a long-lived access token and picks the checking account. */
  exchangePublicToken(publicToken: string, user: { id: string }): Promise<LinkedAccount>;
  /** Every change since `cursor` (null: from the start), all pages. */
  sync(accessToken: string, cursor: string | null): Promise<SyncResult>;
  /** Revokes the access token at the provider (unlink). */
  removeItem(accessToken: string): Promise<void>;
}

/**
 * An ACH debit from a member's linked account (collecting round-ups, docs/decisions/0024).
 * `pending`: accepted, not yet at the member's bank; `posted`: sent to the ACH network;
 * `settled`: the money left the member's account and reached the church's side; `failed`:
 * refused before any money moved; `returned`: the member's bank sent it back (e.g. R01,
 * insufficient funds).
 */
export const DEBIT_STATUSES = ["pending", "posted", "settled", "failed", "returned"] as const;
export type DebitStatus = (typeof DEBIT_STATUSES)[number];

export interface DebitRequest {
  accessToken: string;
  accountId: string;
  amountCents: number;
  /** Ours, unique per debit: the same key never debits twice (a retry after a crash). */
  idempotencyKey: string;
  /** The account holder's name (ACH needs one). */
  legalName: string;
}

export interface Debit {
  id: string;
  status: DebitStatus;
  /** Why it failed or was returned (e.g. "R01: Insufficient funds"); null otherwise. */
  failureReason: string | null;
}

/** The bank refused the debit outright (no debit exists, nothing will move): not worth retrying as is. */
export class DebitDeclined extends Error {
  constructor(readonly reason: string) {
    super(`The debit was declined: ${reason}`);
    this.name = "DebitDeclined";
  }
}

export interface BankDebits {
  /** Starts a debit (idempotent per idempotencyKey). Throws DebitDeclined when the bank refuses it, BankError when it cannot be reached. */
  createDebit(req: DebitRequest): Promise<Debit>;
  /** The debit's current status. */
  getDebit(id: string): Promise<Debit>;
}
