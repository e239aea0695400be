/**
 * A live GoHighLevel access token for API calls, refreshed before it expires (decision 0032).
 *
 * Refresh tokens rotate: each refresh spends the old one. Two server instances refreshing at
 * once would make the loser's refresh fail and look like a revoked connection, so the refresh
 * runs under a row lock (SELECT ... FOR UPDATE) and re-checks, after taking the lock, whether
 * another instance already refreshed. The new refresh token is stored (sealed) in the same
 * transaction. A refresh the token endpoint refuses (spent or revoked grant) marks the
 * integration inactive with a reason staff can read; a network failure changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { integrations } from "../../db/schema/integrations";
import { AppError, notFound } from "../../http/app-error";
import { CrmError, type CrmAuth, type CrmProvider } from "../../providers/crm/port";
import { INTEGRATION_TEXT, PROVIDER_INFO } from "../../../contract/integrations";

export const GHL_ACCESS_CONTEXT = "integration:ghl:access";
export const GHL_REFRESH_CONTEXT = "integration:ghl:refresh";
/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The connection exists but GoHighLevel no longer accepts it: staff must connect again. */
export class GhlReconnectNeeded extends AppError {
  constructor() {
    super("CONFLICT", INTEGRATION_TEXT.reconnectNeeded);
  }
}

type Deps4 = Pick<Deps, "db" | "secrets" | "now">;

async function deactivate(deps: Deps4, reason: string) {
  await deps.db.update(integrations).set({ isActive: false, lastError: reason, updatedAt: deps.now() }).where(eq(integrations.provider, "ghl"));
}

const fresh = (expiresAt: Date | null, now: Date) => !!expiresAt && expiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS;

/** The current access token, refreshed first when it is about to expire. */
export async function ghlAccess(deps: Deps4, crm: CrmProvider): Promise<CrmAuth> {
  const [row] = await deps.db.select().from(integrations).where(eq(integrations.provider, "ghl")).limit(1);
  if (!row) throw notFound(INTEGRATION_TEXT.notConnected404(PROVIDER_INFO.ghl.name));
  if (!row.isActive || !row.locationId) throw new GhlReconnectNeeded();
  if (fresh(row.expiresAt, deps.now())) return { accessToken: deps.secrets.open(row.accessTokenSealed, GHL_ACCESS_CONTEXT), locationId: row.locationId };
  return refreshGhl(deps, crm);
}

/**
 * Refreshes under the row lock. With `rejectedAccessToken` (an API call just answered 401 with
 * that token) it refreshes even before expiry, unless another instance already replaced it.
 */
export async function refreshGhl(deps: Deps4, crm: CrmProvider, rejectedAccessToken?: string): Promise<CrmAuth> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(integrations).where(eq(integrations.provider, "ghl")).for("update");
    if (!row) return { kind: "missing" as const };
    if (!row.isActive || !row.locationId || !row.refreshTokenSealed) return { kind: "inactive" as const };
    const current = deps.secrets.open(row.accessTokenSealed, GHL_ACCESS_CONTEXT);
    const now = deps.now();
    const replaced = rejectedAccessToken !== undefined && current !== rejectedAccessToken;
    if (replaced || (rejectedAccessToken === undefined && fresh(row.expiresAt, now))) {
      return { kind: "ok" as const, auth: { accessToken: current, locationId: row.locationId } };
    }
    try {
      const tokens = await crm.refreshTokens(deps.secrets.open(row.refreshTokenSealed, GHL_REFRESH_CONTEXT));
      await tx
        .update(integrations)
        .set({
          accessTokenSealed: deps.secrets.seal(tokens.accessToken, GHL_ACCESS_CONTEXT),
          refreshTokenSealed: deps.secrets.seal(tokens.refreshToken, GHL_REFRESH_CONTEXT),
          expiresAt: tokens.expiresAt,
          ...(tokens.scope ? { scope: tokens.scope } : {}),
          lastError: null,
          updatedAt: now,
        })
        .where(eq(integrations.id, row.id));
      return { kind: "ok" as const, auth: { accessToken: tokens.accessToken, locationId: tokens.locationId ?? row.locationId } };
    } catch (err) {
      if (err instanceof CrmError && err.kind === "auth") {
        await tx.update(integrations).set({ isActive: false, lastError: INTEGRATION_TEXT.reconnectNeeded, updatedAt: now }).where(eq(integrations.id, row.id));
        return { kind: "inactive" as const };
      }
      throw err;
    }
  });
  if (outcome.kind === "missing") throw notFound(INTEGRATION_TEXT.notConnected404(PROVIDER_INFO.ghl.name));
  if (outcome.kind === "inactive") throw new GhlReconnectNeeded();
  return outcome.auth;
}

/**
 * Runs `call` with a live token. If GoHighLevel answers 401 anyway (a token revoked early),
 * refreshes once and tries again; a second 401 means the connection is gone.
 */
export async function withGhl<T>(deps: Deps4, crm: CrmProvider, call: (auth: CrmAuth) => Promise<T>): Promise<T> {
  const auth = await ghlAccess(deps, crm);
  try {
    return await call(auth);
  } catch (err) {
    if (!(err instanceof CrmError && err.kind === "auth")) throw err;
  }
  const again = await refreshGhl(deps, crm, auth.accessToken);
  try {
    return await call(again);
  } catch (err) {
    if (err instanceof CrmError && err.kind === "auth") {
      await deactivate(deps, INTEGRATION_TEXT.reconnectNeeded);
      throw new GhlReconnectNeeded();
    }
    throw err;
  }
}
