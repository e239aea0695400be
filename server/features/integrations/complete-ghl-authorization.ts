/**
 * GoHighLevel's redirect back to us (the popup's last page). Checks the state (known, unused,
 * unexpired, for ghl), that it comes back to the browser that asked (the cookie's nonce), and
 * that its staff member may still manage integrations; then exchanges the code at the token
 * endpoint and stores the tokens sealed. Expected failures come back as a message for the
 * page, never as an exception.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { timingSafeEqual } from "node:crypto";
import type { Deps } from "../../deps";
import { integrations, oauthStates } from "../../db/schema/integrations";
import { users } from "../../db/schema/users";
import { hashToken } from "../../http/tokens";
import { createCrmProvider } from "../../providers/crm/index";
import { INTEGRATION_TEXT } from "../../../contract/integrations";
import { isStaff } from "../../../contract/roles";
import { ghlRedirectUri } from "./start-ghl-authorization";
import { GHL_ACCESS_CONTEXT, GHL_REFRESH_CONTEXT } from "./ghl-access";

export type CallbackOutcome = { ok: true; message: string } | { ok: false; message: string };

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function completeGhlAuthorization(
  deps: Deps,
  query: { code?: string; state?: string; error?: string; error_description?: string },
  browserNonce: string | undefined,
  onError: (err: unknown) => void = () => undefined,
): Promise<CallbackOutcome> {
  const fail = (message: string): CallbackOutcome => ({ ok: false, message });
  if (!query.state || query.state.length > 200) return fail(INTEGRATION_TEXT.stateInvalid);
  const now = deps.now();
  const stateHash = hashToken(query.state);
  const [row] = await deps.db.select().from(oauthStates).where(eq(oauthStates.stateHash, stateHash)).limit(1);
  if (!row || row.provider !== "ghl" || row.usedAt || row.expiresAt <= now) return fail(INTEGRATION_TEXT.stateInvalid);
  // Another browser (or another staff member) holding this state: refused, and the state stays usable for its owner.
  if (!browserNonce || !sameHash(hashToken(browserNonce), row.browserHash)) return fail(INTEGRATION_TEXT.stateOtherBrowser);
  // Single use, even with two callbacks racing: only one update finds used_at still null.
  const claimed = await deps.db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)))
    .returning({ userId: oauthStates.userId });
  if (!claimed.length) return fail(INTEGRATION_TEXT.stateInvalid);
  const [asker] = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!asker || !isStaff(asker.role)) return fail(INTEGRATION_TEXT.accessText);

  if (query.error) return fail(INTEGRATION_TEXT.authorizationDenied);
  if (!query.code) return fail(INTEGRATION_TEXT.tokenExchangeFailed);
  const crm = createCrmProvider(deps.config, deps.now);
  if (!crm) return fail(INTEGRATION_TEXT.ghlNotConfigured);

  let tokens;
  try {
    tokens = await crm.exchangeCode(query.code, ghlRedirectUri(deps));
  } catch (err) {
    onError(err);
    return fail(INTEGRATION_TEXT.tokenExchangeFailed);
  }
  if (!tokens.locationId) return fail(INTEGRATION_TEXT.noLocation);
  const location = await crm.getLocation({ accessToken: tokens.accessToken, locationId: tokens.locationId }).catch((err: unknown) => {
    onError(err);
    return null;
  });

  const values = {
    provider: "ghl" as const,
    isActive: true,
    accessTokenSealed: deps.secrets.seal(tokens.accessToken, GHL_ACCESS_CONTEXT),
    refreshTokenSealed: deps.secrets.seal(tokens.refreshToken, GHL_REFRESH_CONTEXT),
    expiresAt: tokens.expiresAt,
    locationId: tokens.locationId,
    companyId: tokens.companyId,
    scope: tokens.scope,
    accountName: location?.name ?? null,
    lastError: null,
    connectedBy: row.userId,
    createdAt: now,
    updatedAt: now,
  };
  await deps.db.insert(integrations).values(values).onConflictDoUpdate({ target: integrations.provider, set: values });
  return { ok: true, message: INTEGRATION_TEXT.callbackOkText };
}
