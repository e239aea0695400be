/**
 * Starts GoHighLevel's OAuth 2 authorization-code flow (decision 0031). The `state` is 256
 * random bits, stored only as its hash, usable once, for OAUTH_STATE_TTL_MS, and bound to the
 * staff member who asked and to their browser: a second random value (the nonce) goes into an
 * HttpOnly SameSite=Lax cookie scoped to the callback path, and the callback accepts the state
 * only together with that cookie. A state stolen from the URL (logs, referrers) is useless in
 * another browser, and a staff member cannot be tricked into completing someone else's flow.
 */
import { lt } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import { oauthStates } from "../../db/schema/integrations";
import { AppError } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { hashToken } from "../../http/tokens";
import { createCrmProvider } from "../../providers/crm/index";
import { INTEGRATION_TEXT } from "../../../contract/integrations";
import { API } from "../../../contract/api-paths";

/** Long enough to sign in to GoHighLevel and pick a location; the popup itself gives up after 5 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const OAUTH_COOKIE = "koinonia_oauth_ghl";
export const GHL_CALLBACK_PATH = API.integrations.ghlCallback.pattern;

/** The redirect URI registered with the GoHighLevel app (exactly this, on the public address). */
export const ghlRedirectUri = (deps: Pick<Deps, "config">) => `${deps.config.publicUrl}${GHL_CALLBACK_PATH}`;

export async function startGhlAuthorization(deps: Deps, user: AuthUser) {
  const crm = createCrmProvider(deps.config, deps.now);
  if (!crm) throw new AppError("UNAVAILABLE", INTEGRATION_TEXT.ghlNotConfigured);
  const state = randomBytes(32).toString("base64url");
  const nonce = randomBytes(32).toString("base64url");
  const now = deps.now();
  // Housekeeping: states die young; drop the ones that expired an hour ago.
  await deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now.getTime() - 3_600_000)));
  await deps.db.insert(oauthStates).values({
    stateHash: hashToken(state),
    provider: "ghl",
    userId: user.id,
    browserHash: hashToken(nonce),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return { authUrl: crm.authorizationUrl(state, ghlRedirectUri(deps)), nonce };
}
