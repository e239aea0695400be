import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { integrations } from "../../db/schema/integrations";
import { AppError, notFound } from "../../http/app-error";
import { createCrmProvider } from "../../providers/crm/index";
import { CrmError } from "../../providers/crm/port";
import { createVoiceProvider, VOICE_KEY_CONTEXT } from "../../providers/voice/index";
import { VoiceError } from "../../providers/voice/port";
import { INTEGRATION_TEXT, PROVIDER_INFO, type IntegrationProvider } from "../../../contract/integrations";
import { withGhl } from "./ghl-access";

/** What a failed outside call means to the staff member who pressed Test Connection. */
export function upstreamError(err: unknown, unreachable: string): Error {
  if (err instanceof AppError) return err;
  if ((err instanceof CrmError || err instanceof VoiceError) && err.kind !== "retryable") return new AppError("BAD_GATEWAY", err.message);
  return new AppError("BAD_GATEWAY", unreachable);
}

/**
 * A real call with the saved credentials (spec: POST /api/integrations/{provider}/test):
 * GoHighLevel reads the connected location, ElevenLabs reads the account. The answer's message
 * is shown in the 'Integration Test Successful' toast.
 */
export async function testIntegration(deps: Deps, provider: IntegrationProvider): Promise<{ message: string }> {
  if (provider === "ghl") {
    const crm = createCrmProvider(deps.config, deps.now);
    if (!crm) throw new AppError("UNAVAILABLE", INTEGRATION_TEXT.ghlNotConfigured);
    try {
      const location = await withGhl(deps, crm, (auth) => crm.getLocation(auth));
      await deps.db.update(integrations).set({ accountName: location.name, updatedAt: deps.now() }).where(eq(integrations.provider, "ghl"));
      return { message: INTEGRATION_TEXT.testOkGhl(location.name) };
    } catch (err) {
      throw upstreamError(err, INTEGRATION_TEXT.ghlUnreachable);
    }
  }

  const [row] = await deps.db.select().from(integrations).where(eq(integrations.provider, "voice_ai")).limit(1);
  if (!row) throw notFound(INTEGRATION_TEXT.notConnected404(PROVIDER_INFO.voice_ai.name));
  const voice = createVoiceProvider(deps.config, deps.secrets.open(row.accessTokenSealed, VOICE_KEY_CONTEXT));
  try {
    const { accountName } = await voice.verify();
    await deps.db
      .update(integrations)
      .set({ accountName, isActive: true, lastError: null, updatedAt: deps.now() })
      .where(and(eq(integrations.id, row.id)));
    return { message: INTEGRATION_TEXT.testOkVoice(accountName) };
  } catch (err) {
    if (err instanceof VoiceError && err.kind === "auth") {
      await deps.db.update(integrations).set({ isActive: false, lastError: INTEGRATION_TEXT.voiceKeyRejected, updatedAt: deps.now() }).where(eq(integrations.id, row.id));
      throw new AppError("BAD_GATEWAY", INTEGRATION_TEXT.voiceKeyRejected);
    }
    throw upstreamError(err, INTEGRATION_TEXT.voiceUnreachable);
  }
}
