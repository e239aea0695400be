/**
 * A local stand-in for GoHighLevel (node:http on port 0) that speaks the documented API the
 * app uses: the marketplace authorization page (GET /oauth/chooselocation, which here "signs in"
 * and redirects straight back with a code), the token endpoint (POST /oauth/token, form-encoded,
 * authorization_code and refresh_token grants, rotating refresh tokens), and the v2 API with
 * Authorization: Bearer and the Version header: GET /locations/{id}, POST /contacts/upsert,
 * POST /contacts/{id}/tags, POST /contacts/{id}/notes, DELETE /contacts/{id}. Error bodies use GoHighLevel's shape
 * { statusCode, message, error }. Used by the server tests and the browser tests' server.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

export interface GhlRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
  form: Record<string, string> | null;
}

export interface GhlContact {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  source?: string;
  tags: string[];
  locationId: string;
}

const VERSION = "2021-07-28";
const id = (prefix: string) => `${prefix}${randomBytes(9).toString("base64url")}`;

export async function startGhlStandIn(
  opts: { clientId?: string; clientSecret?: string; locationId?: string; companyId?: string; locationName?: string; port?: number } = {},
) {
  const clientId = opts.clientId ?? "ghl-client-id";
  const clientSecret = opts.clientSecret ?? "ghl-client-secret";
  const locationId = opts.locationId ?? "loc_KoinoniaOrlando";
  const companyId = opts.companyId ?? "comp_Koinonia";
  const state = {
    locationName: opts.locationName ?? "Koinonia Church Orlando",
    /** Seconds an access token lives (GoHighLevel: about a day). */
    expiresIn: 86_399,
    requests: [] as GhlRequest[],
    codes: new Map<string, { redirectUri: string; used: boolean }>(),
    accessTokens: new Set<string>(),
    refreshTokens: new Set<string>(),
    contacts: new Map<string, GhlContact>(),
    notes: [] as { id: string; contactId: string; body: string }[],
    failures: [] as { path: string | RegExp; status: number; body: unknown }[],
    denyNext: false,
    withoutLocation: false,
    tokenCalls: [] as Record<string, string>[],
  };

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }
  const err = (res: http.ServerResponse, status: number, message: string | string[], error?: string) =>
    send(res, status, { statusCode: status, message, ...(error ? { error } : {}) });

  function issueTokens() {
    const access = id("at_");
    const refresh = id("rt_");
    state.accessTokens.add(access);
    state.refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: state.expiresIn,
      refresh_token: refresh,
      scope: "contacts.readonly contacts.write locations.readonly",
      userType: "Location",
      ...(state.withoutLocation ? {} : { locationId }),
      companyId,
      approvedLocations: [locationId],
      userId: "usr_StaffInstaller",
    };
  }

  function authorized(req: GhlRequest, res: http.ServerResponse) {
    if (req.headers.version !== VERSION) {
      err(res, 400, "version header was not found", "Bad Request");
      return false;
    }
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "");
    if (!m || !state.accessTokens.has(m[1])) {
      err(res, 401, "Invalid JWT", "Unauthorized");
      return false;
    }
    return true;
  }

  const contactById = (cid: string) => [...state.contacts.values()].find((c) => c.id === cid);

  function handle(req: GhlRequest, res: http.ServerResponse) {
    const failure = state.failures.findIndex((f) => (typeof f.path === "string" ? req.path.startsWith(f.path) : f.path.test(req.path)));
    if (failure >= 0) {
      const [f] = state.failures.splice(failure, 1);
      return send(res, f.status, f.body);
    }

    if (req.method === "GET" && req.path === "/oauth/chooselocation") {
      const { response_type, client_id, redirect_uri, state: st } = req.query;
      if (response_type !== "code" || client_id !== clientId || !redirect_uri) return err(res, 400, "Invalid authorization request", "Bad Request");
      const back = new URL(redirect_uri);
      if (state.denyNext) {
        state.denyNext = false;
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user denied the request");
      } else {
        const code = id("code_");
        state.codes.set(code, { redirectUri: redirect_uri, used: false });
        back.searchParams.set("code", code);
      }
      if (st) back.searchParams.set("state", st);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.method === "POST" && req.path === "/oauth/token") {
      if (!req.form) return err(res, 422, ["Content-Type must be application/x-www-form-urlencoded"], "Unprocessable Entity");
      const f = req.form;
      state.tokenCalls.push(f);
      if (f.client_id !== clientId || f.client_secret !== clientSecret) return err(res, 401, "Invalid client credentials", "Unauthorized");
      if (f.user_type && f.user_type !== "Location" && f.user_type !== "Company") return err(res, 422, ["user_type must be Company or Location"], "Unprocessable Entity");
      if (f.grant_type === "authorization_code") {
        const code = f.code ? state.codes.get(f.code) : undefined;
        if (!code || code.used || code.redirectUri !== f.redirect_uri) return err(res, 400, "Invalid grant: authorization code is invalid", "Bad Request");
        code.used = true;
        return send(res, 200, issueTokens());
      }
      if (f.grant_type === "refresh_token") {
        if (!f.refresh_token || !state.refreshTokens.has(f.refresh_token)) return err(res, 400, "Invalid grant: refresh token is invalid", "Bad Request");
        state.refreshTokens.delete(f.refresh_token); // refresh tokens rotate: this one is spent
        return send(res, 200, issueTokens());
      }
      return err(res, 422, ["grant_type must be authorization_code or refresh_token"], "Unprocessable Entity");
    }

    if (!authorized(req, res)) return;

    let m = /^\/locations\/([^/]+)$/.exec(req.path);
    if (req.method === "GET" && m) {
      if (decodeURIComponent(m[1]) !== locationId) return err(res, 403, "The token does not have access to this location", "Forbidden");
      return send(res, 200, { location: { id: locationId, companyId, name: state.locationName, timezone: "America/New_York" } });
    }

    if (req.method === "POST" && req.path === "/contacts/upsert") {
      const b = req.body ?? {};
      if (b.locationId !== locationId) return err(res, 422, ["locationId should not be empty"], "Unprocessable Entity");
      const email = typeof b.email === "string" ? b.email.toLowerCase() : "";
      if (!email) return err(res, 422, ["email or phone is required"], "Unprocessable Entity");
      if (Array.isArray(b.tags)) return err(res, 422, ["this stand-in expects tags through POST /contacts/{id}/tags"], "Unprocessable Entity");
      const existing = state.contacts.get(email);
      const contact: GhlContact = {
        id: existing?.id ?? id("ct_"),
        email,
        tags: existing?.tags ?? [],
        locationId,
        firstName: typeof b.firstName === "string" ? b.firstName : existing?.firstName,
        lastName: typeof b.lastName === "string" ? b.lastName : existing?.lastName,
        phone: typeof b.phone === "string" ? b.phone : existing?.phone,
        source: typeof b.source === "string" ? b.source : existing?.source,
      };
      state.contacts.set(email, contact);
      return send(res, existing ? 200 : 201, { new: !existing, contact, traceId: id("tr_") });
    }

    m = /^\/contacts\/([^/]+)$/.exec(req.path);
    if (req.method === "DELETE" && m) {
      const contact = contactById(decodeURIComponent(m[1]));
      if (!contact) return err(res, 404, "Contact not found", "Not Found");
      state.contacts.delete(contact.email);
      return send(res, 200, { succeeded: true });
    }

    m = /^\/contacts\/([^/]+)\/(tags|notes)$/.exec(req.path);
    if (req.method === "POST" && m) {
      const contact = contactById(decodeURIComponent(m[1]));
      if (!contact) return err(res, 400, "Contact not found", "Bad Request");
      const b = req.body ?? {};
      if (m[2] === "tags") {
        if (!Array.isArray(b.tags) || !b.tags.length) return err(res, 422, ["tags must be an array"], "Unprocessable Entity");
        for (const t of b.tags) if (!contact.tags.includes(String(t))) contact.tags.push(String(t));
        return send(res, 201, { tags: contact.tags });
      }
      if (typeof b.body !== "string" || !b.body) return err(res, 422, ["body should not be empty"], "Unprocessable Entity");
      const note = { id: id("nt_"), contactId: contact.id, body: b.body };
      state.notes.push(note);
      return send(res, 201, { note: { ...note, dateAdded: new Date().toISOString() } });
    }

    return err(res, 404, `Cannot ${req.method} ${req.path}`, "Not Found");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const raw = Buffer.concat(chunks).toString("utf8");
      const type = req.headers["content-type"] ?? "";
      let body: Record<string, unknown> | null = null;
      let form: Record<string, string> | null = null;
      if (type.startsWith("application/json") && raw) {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return err(res, 400, "Unexpected token in JSON", "Bad Request");
        }
      } else if (type.startsWith("application/x-www-form-urlencoded")) {
        form = Object.fromEntries(new URLSearchParams(raw));
      }
      const r: GhlRequest = { method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body, form };
      state.requests.push(r);
      handle(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    locationId,
    companyId,
    state,
    /** The next `times` requests whose path starts with `path` (or matches it) answer `status`. */
    failNext(path: string | RegExp, status: number, times = 1, body: unknown = { statusCode: status, message: "Internal Server Error" }) {
      for (let i = 0; i < times; i++) state.failures.push({ path, status, body });
    },
    /** Every saved refresh and access token stops working (the app was uninstalled). */
    revokeAll() {
      state.accessTokens.clear();
      state.refreshTokens.clear();
    },
    /** Env for an app that uses this stand-in. */
    env(): Record<string, string> {
      return { GHL_CLIENT_ID: clientId, GHL_CLIENT_SECRET: clientSecret, GHL_AUTH_BASE_URL: url, GHL_API_BASE_URL: url };
    },
    apiCalls(pathPrefix: string) {
      return state.requests.filter((r) => r.path.startsWith(pathPrefix));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type GhlStandIn = Awaited<ReturnType<typeof startGhlStandIn>>;
