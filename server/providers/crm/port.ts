/**
 * The CRM (docs/architecture.md, Providers): GoHighLevel through OAuth 2 (authorization code) and its
 * contacts API. There is no sandbox: without a client id the CRM is simply not configured and
 * Connect says so (server/providers/crm/index.ts).
 */
export interface CrmTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string | null;
  /** The sub-account the token acts for (GoHighLevel "location"). */
  locationId: string | null;
  companyId: string | null;
}

/** What every contacts call needs: a live access token and the location it belongs to. */
export interface CrmAuth {
  accessToken: string;
  locationId: string;
}

export interface CrmContact {
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  /** Where the contact came from, shown in the CRM. */
  source: string;
}

/**
 * auth: the CRM refused our credentials (401; on the token endpoint, a spent or revoked grant).
 * rejected: the CRM refused this request for good (other 4xx): retrying will not help.
 * retryable: network failure, time-out, 408, 429 or 5xx.
 */
export type CrmErrorKind = "auth" | "rejected" | "retryable";

export class CrmError extends Error {
  constructor(
    message: string,
    readonly kind: CrmErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CrmError";
  }
}

export interface CrmProvider {
  readonly kind: "ghl";
  /** The page the staff member signs in on and chooses the location. */
  authorizationUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<CrmTokens>;
  /** Refresh tokens rotate: the answer carries a new refresh token and the old one is spent. */
  refreshTokens(refreshToken: string): Promise<CrmTokens>;
  getLocation(auth: CrmAuth): Promise<{ id: string; name: string }>;
  /** Creates or updates the location's contact with this email. Never touches its tags. */
  upsertContact(auth: CrmAuth, contact: CrmContact): Promise<{ id: string; isNew: boolean }>;
  /** Adds tags to the contact (keeps the ones it has). */
  addTags(auth: CrmAuth, contactId: string, tags: readonly string[]): Promise<void>;
  addNote(auth: CrmAuth, contactId: string, body: string): Promise<{ id: string }>;
  /** Deletes the contact (a member deleted their account, decision 0117). A contact already gone is not an error. */
  deleteContact(auth: CrmAuth, contactId: string): Promise<void>;
}
