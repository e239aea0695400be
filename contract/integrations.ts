import { z } from "./zod-setup";

/**
 * Integrations (spec sections 2, 3, 4, 6, 7, 8 and 9): the CRM (GoHighLevel, provider value
 * ghl) connected through OAuth 2 in a popup, and the voice AI provider (ElevenLabs, provider
 * value voice_ai) connected with an API key. Staff only (OWNER, PASTOR, STAFF).
 */
export const INTEGRATION_PROVIDERS = ["ghl", "voice_ai"] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const PROVIDER_INFO: Record<IntegrationProvider, { name: string; title: string; description: string; capabilities: readonly string[] }> = {
  ghl: {
    name: "Go High Level",
    title: "Go High Level CRM",
    description: "New members, first-time visitors and shared prayer requests flow into your CRM as contacts and notes.",
    capabilities: ["CRM sync", "Contact management", "Lead tracking", "Automated workflows"],
  },
  voice_ai: {
    name: "ElevenLabs",
    title: "ElevenLabs Voice AI",
    description: "Turns each day's devotional into audio: the daily journey email gains a Listen link.",
    capabilities: ["Audio transcription", "Text-to-speech", "Voice synthesis"],
  },
};

/** Spec section 9: the authorization popup and its timings. */
export const OAUTH_POPUP = {
  width: 500,
  height: 600,
  /** The connection times out after 5 minutes. */
  timeoutMs: 300_000,
  /** Popup closing is polled every second... */
  pollMs: 1_000,
  /** ...and the list refreshes one second after it closed. */
  refreshDelayMs: 1_000,
} as const;

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

export const INTEGRATION_TEXT = {
  pageTitle: "Integrations",
  pageIntro: "Connect the tools your church already uses.",
  accessTitle: "Admin Access Required",
  accessText: "Only church owners, pastors, and staff can manage integrations.",
  connected: "Connected",
  notConnected: "Not Connected",
  connect: "Connect",
  connecting: "Connecting...",
  testConnection: "Test Connection",
  testing: "Testing...",
  disconnect: "Disconnect",
  disconnecting: "Disconnecting...",
  // Toasts (spec section 8)
  connectFailedTitle: "Connection Failed",
  connectFailedFallback: (name: string) => `Failed to connect to ${name}`,
  connectedTitle: "Integration Connected",
  connectedText: (name: string) => `${name} has been connected successfully!`,
  testFailedTitle: "Integration Test Failed",
  testFailedFallback: "The integration test failed",
  testOkTitle: "Integration Test Successful",
  removeFailedTitle: "Removal Failed",
  removeFailedFallback: "Failed to remove integration",
  removedTitle: "Integration Removed",
  removedText: "The integration has been disconnected successfully",
  // Popup and server messages
  popupBlocked: "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.",
  timedOut: "Authentication timed out. Please try again.",
  ghlNotConfigured:
    "Go High Level is not set up on this server yet. Ask whoever runs your Koinonia server to set GHL_CLIENT_ID and GHL_CLIENT_SECRET.",
  notConnected404: (name: string) => `${name} is not connected`,
  stateInvalid: "This sign-in link is not valid or has expired. Close this window and press Connect again.",
  stateOtherBrowser: "This sign-in was started by someone else or in another browser. Close this window and press Connect again.",
  authorizationDenied: "Go High Level did not authorize the connection.",
  noLocation: "Choose a sub-account (location) when Go High Level asks, so contacts have a place to go.",
  tokenExchangeFailed: "Go High Level did not accept the sign-in. Please try again.",
  reconnectNeeded: "Go High Level no longer accepts the saved sign-in. Disconnect and connect again.",
  callbackOkTitle: "Connected",
  callbackOkText: "Go High Level is connected. This window will close.",
  callbackFailedTitle: "Connection failed",
  closeWindow: "Close this window",
  voiceKeyLabel: "ElevenLabs API key",
  voiceKeyRequired: "API key is required",
  voiceKeyRejected: "ElevenLabs did not accept this API key. Check it and try again.",
  voiceUnreachable: "ElevenLabs could not be reached. Please try again in a moment.",
  ghlUnreachable: "Go High Level could not be reached. Please try again in a moment.",
  disconnectConfirm: (name: string) => `Disconnect ${name}?`,
  disconnectGhlWarning: "New members, visitors and shared prayer requests will stop flowing into your CRM. Contacts already there stay.",
  disconnectVoiceWarning: "Daily journey emails will go out without the Listen link. The saved API key is deleted.",
} as const;

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
    .max(200, "API key is too long")
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
