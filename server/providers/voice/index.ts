import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { integrations } from "../../db/schema/integrations";
import type { VoiceProvider } from "./port";
import { createElevenLabsProvider } from "./elevenlabs";

/** The sealed API key's context: a ciphertext copied into another column does not open. */
export const VOICE_KEY_CONTEXT = "integration:voice_ai:api-key";

/** ElevenLabs with this key, the API address, voice and model from config. */
export function createVoiceProvider(config: Deps["config"], apiKey: string): VoiceProvider {
  return createElevenLabsProvider({ apiKey, ...config.elevenLabs });
}

/**
 * The provider staff connected on the Integrations page, or null while none is (or it stopped
 * accepting the key). The key lives in the integrations table, sealed with deps.secrets.
 */
export async function connectedVoiceProvider(deps: Pick<Deps, "db" | "secrets" | "config">): Promise<VoiceProvider | null> {
  const [row] = await deps.db
    .select({ sealed: integrations.accessTokenSealed })
    .from(integrations)
    .where(and(eq(integrations.provider, "voice_ai"), eq(integrations.isActive, true)))
    .limit(1);
  if (!row) return null;
  return createVoiceProvider(deps.config, deps.secrets.open(row.sealed, VOICE_KEY_CONTEXT));
}
