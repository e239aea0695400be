import type { Deps } from "../../deps";
import { integrations } from "../../db/schema/integrations";
import { AppError, badRequest } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { createVoiceProvider, VOICE_KEY_CONTEXT } from "../../providers/voice/index";
import { VoiceError } from "../../providers/voice/port";
import { INTEGRATION_TEXT } from "../../../contract/integrations";
import { toIntegration } from "./list-integrations";

/**
 * Connects ElevenLabs with an API key: the key is checked with a real call first (a wrong key
 * is a 400 on the field, nothing stored), then stored sealed. Connecting again replaces the key.
 */
export async function connectVoice(deps: Deps, user: AuthUser, apiKey: string) {
  let accountName: string;
  try {
    ({ accountName } = await createVoiceProvider(deps.config, apiKey).verify());
  } catch (err) {
    if (err instanceof VoiceError && err.kind === "auth") throw badRequest("body.apiKey", INTEGRATION_TEXT.voiceKeyRejected);
    if (err instanceof VoiceError && err.kind === "rejected") throw new AppError("BAD_GATEWAY", err.message);
    throw new AppError("BAD_GATEWAY", INTEGRATION_TEXT.voiceUnreachable);
  }
  const now = deps.now();
  const values = {
    provider: "voice_ai" as const,
    isActive: true,
    accessTokenSealed: deps.secrets.seal(apiKey, VOICE_KEY_CONTEXT),
    refreshTokenSealed: null,
    expiresAt: null,
    locationId: null,
    companyId: null,
    scope: null,
    accountName,
    lastError: null,
    connectedBy: user.id,
    createdAt: now,
    updatedAt: now,
  };
  const [row] = await deps.db.insert(integrations).values(values).onConflictDoUpdate({ target: integrations.provider, set: values }).returning();
  return toIntegration(deps.db, row);
}
