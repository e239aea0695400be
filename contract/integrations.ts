import { z } from "./zod-setup";

/** Integrations: the schemas (the providers and texts are in integrations-text.ts). */
export * from "./integrations-text";
import { INTEGRATION_PROVIDERS, INTEGRATION_TEXT } from "./integrations-text";

/** The message the callback page posts to the window that opened the popup. */
export const OAUTH_MESSAGE_SOURCE = "koinonia-oauth";
export const ZOAuthMessage = z.object({
  source: z.literal(OAUTH_MESSAGE_SOURCE),
  provider: z.enum(INTEGRATION_PROVIDERS),
  ok: z.boolean(),
  message: z.string(),
});
export type OAuthMessage = z.infer<typeof ZOAuthMessage>;

/** Tags our contacts carry in the CRM, so the church can build workflows on them. Added, never replacing the CRM's own tags. */
export const CRM_TAGS = {
  member: ["koinonia", "koinonia-member"],
  visitor: ["koinonia", "first-time-visitor"],
  prayer: ["koinonia", "prayer-request"],
} as const;
export type CrmSyncKind = keyof typeof CRM_TAGS;
export const CRM_SYNC_KINDS = Object.keys(CRM_TAGS) as CrmSyncKind[];

export const ZIntegrationSync = z.object({
  /** Waiting to be sent (including retries). */
  pending: z.number().int(),
  sent: z.number().int(),
  /** Gave up after the bounded number of attempts, or refused by the CRM. */
  failed: z.number().int(),
  /** Why the most recent failed item failed, for staff to act on. */
  lastError: z.string().nullable(),
});

/** Spec section 3's Integration (id, provider, isActive, createdAt) plus what the page shows. */
export const ZIntegration = z.object({
  id: z.string(),
  provider: z.enum(INTEGRATION_PROVIDERS),
  isActive: z.boolean(),
  /** When it was connected (the card's connected-on date). */
  createdAt: z.string(),
  /** The connected GoHighLevel location's name, or the ElevenLabs account's name/tier. */
  accountName: z.string().nullable(),
  /** Why the connection stopped working (isActive false), if it did. */
  lastError: z.string().nullable(),
  /** Contact sync figures (ghl only). */
  sync: ZIntegrationSync.nullable(),
});
export type Integration = z.infer<typeof ZIntegration>;

export const ZAuthorizeResult = z.object({ authUrl: z.string() });
export const ZTestResult = z.object({ message: z.string() });
export const ZProviderParams = z.object({ provider: z.enum(INTEGRATION_PROVIDERS) });
export const ZIntegrationIdParams = z.object({ id: z.uuid() });

export const ZVoiceConnect = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, INTEGRATION_TEXT.voiceKeyRequired)
    .max(200, INTEGRATION_TEXT.voiceKeyTooLong)
    // A key is printable ASCII; anything else cannot even be sent in a header (it was a 502).
    .regex(/^[\x21-\x7E]+$/, INTEGRATION_TEXT.voiceKeyRejected),
});
export type VoiceConnectInput = z.infer<typeof ZVoiceConnect>;

/** GoHighLevel's redirect back to us: every field optional, so a bad request still gets the HTML page. */
export const ZOAuthCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
