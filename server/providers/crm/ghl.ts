import { CrmError, type CrmAuth, type CrmContact, type CrmProvider, type CrmTokens } from "./port";

/** The API version every GoHighLevel v2 call names in its Version header. */
export const GHL_API_VERSION = "2021-07-28";

export interface GhlOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://marketplace.gohighlevel.com (the chooselocation page). */
  authBaseUrl: string;
  /** e.g. https://services.leadconnectorhq.com (token endpoint and API). */
  apiBaseUrl: string;
  scopes: string;
  now: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** GoHighLevel's error bodies: { statusCode, message: string | string[], error } (OAuth: { error, error_description }). */
function errorMessage(body: unknown, status: number): string {
  if (body && typeof body === "object") {
    const b = body as { message?: unknown; error?: unknown; error_description?: unknown };
    if (typeof b.message === "string" && b.message) return b.message;
    if (Array.isArray(b.message) && b.message.length) return b.message.map(String).join("; ");
    if (typeof b.error_description === "string" && b.error_description) return b.error_description;
    if (typeof b.error === "string" && b.error) return b.error;
  }
  return `HTTP ${status}`;
}

function kindOf(status: number): CrmError["kind"] {
  if (status === 401) return "auth";
  if (status === 408 || status === 429 || status >= 500) return "retryable";
  return "rejected";
}

/** GoHighLevel's OAuth 2 and contacts API (marketplace app, location-level tokens). */
export function createGhlProvider(opts: GhlOptions): CrmProvider {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function call(method: string, url: string, init: { headers: Record<string, string>; body?: string }, what: string) {
    let res: Response;
    try {
      res = await doFetch(url, { method, headers: { accept: "application/json", ...init.headers }, body: init.body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new CrmError(`Go High Level could not be reached (${what}): ${err instanceof Error ? err.message : String(err)}`, "retryable");
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) throw new CrmError(`Go High Level answered ${res.status} (${what}): ${errorMessage(body, res.status)}`, kindOf(res.status), res.status);
    return body as Record<string, unknown> | null;
  }

  const api = (method: string, path: string, auth: CrmAuth, what: string, json?: unknown) =>
    call(
      method,
      `${opts.apiBaseUrl}${path}`,
      {
        headers: {
          authorization: `Bearer ${auth.accessToken}`,
          version: GHL_API_VERSION,
          ...(json !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: json !== undefined ? JSON.stringify(json) : undefined,
      },
      what,
    );

  async function token(form: Record<string, string>, what: string): Promise<CrmTokens> {
    const body = await call(
      "POST",
      `${opts.apiBaseUrl}/oauth/token`,
      { headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form).toString() },
      what,
    ).catch((err: unknown) => {
      // A spent, revoked or unknown code/refresh token is a 400/401/422 from the token endpoint.
      if (err instanceof CrmError && err.kind === "rejected" && err.status && err.status < 500) throw new CrmError(err.message, "auth", err.status);
      throw err;
    });
    const b = body ?? {};
    const access = b.access_token;
    const refresh = b.refresh_token;
    if (typeof access !== "string" || !access || typeof refresh !== "string" || !refresh) {
      throw new CrmError(`Go High Level gave no tokens (${what})`, "rejected");
    }
    const expiresIn = typeof b.expires_in === "number" && b.expires_in > 0 ? b.expires_in : 86_399;
    return {
      accessToken: access,
      refreshToken: refresh,
      expiresAt: new Date(opts.now().getTime() + expiresIn * 1000),
      scope: typeof b.scope === "string" ? b.scope : null,
      locationId: typeof b.locationId === "string" && b.locationId ? b.locationId : null,
      companyId: typeof b.companyId === "string" && b.companyId ? b.companyId : null,
    };
  }

  return {
    kind: "ghl",
    authorizationUrl(state, redirectUri) {
      const q = new URLSearchParams({ response_type: "code", redirect_uri: redirectUri, client_id: opts.clientId, scope: opts.scopes, state });
      return `${opts.authBaseUrl}/oauth/chooselocation?${q.toString()}`;
    },
    exchangeCode(code, redirectUri) {
      return token(
        { client_id: opts.clientId, client_secret: opts.clientSecret, grant_type: "authorization_code", code, redirect_uri: redirectUri, user_type: "Location" },
        "token exchange",
      );
    },
    refreshTokens(refreshToken) {
      return token(
        { client_id: opts.clientId, client_secret: opts.clientSecret, grant_type: "refresh_token", refresh_token: refreshToken, user_type: "Location" },
        "token refresh",
      );
    },
    async getLocation(auth) {
      const body = await api("GET", `/locations/${encodeURIComponent(auth.locationId)}`, auth, "read location");
      const loc = (body?.location ?? null) as { id?: unknown; name?: unknown } | null;
      if (!loc || typeof loc.id !== "string") throw new CrmError("Go High Level returned no location", "rejected");
      return { id: loc.id, name: typeof loc.name === "string" && loc.name ? loc.name : loc.id };
    },
    async upsertContact(auth, contact: CrmContact) {
      const body = await api("POST", "/contacts/upsert", auth, "upsert contact", {
        locationId: auth.locationId,
        email: contact.email,
        ...(contact.firstName ? { firstName: contact.firstName } : {}),
        ...(contact.lastName ? { lastName: contact.lastName } : {}),
        ...(contact.phone ? { phone: contact.phone } : {}),
        source: contact.source,
      });
      const c = (body?.contact ?? null) as { id?: unknown } | null;
      if (!c || typeof c.id !== "string") throw new CrmError("Go High Level returned no contact", "rejected");
      return { id: c.id, isNew: body?.new === true };
    },
    async addTags(auth, contactId, tags) {
      await api("POST", `/contacts/${encodeURIComponent(contactId)}/tags`, auth, "add tags", { tags: [...tags] });
    },
    async addNote(auth, contactId, noteBody) {
      const body = await api("POST", `/contacts/${encodeURIComponent(contactId)}/notes`, auth, "add note", { body: noteBody });
      const n = (body?.note ?? null) as { id?: unknown } | null;
      if (!n || typeof n.id !== "string") throw new CrmError("Go High Level returned no note", "rejected");
      return { id: n.id };
    },
    async deleteContact(auth, contactId) {
      try {
        await api("DELETE", `/contacts/${encodeURIComponent(contactId)}`, auth, "delete contact");
      } catch (err) {
        if (err instanceof CrmError && err.status === 404) return;
        throw err;
      }
    },
  };
}
