/**
 * Integrations (spec sections 2, 3, 4, 6, 7, 8 and 9): the CRM (GoHighLevel, provider value
 * ghl) connected through OAuth 2 in a popup, and the voice AI provider (ElevenLabs, provider
 * value voice_ai) connected with an API key. Staff only (OWNER, PASTOR, STAFF).
 *
 * The providers and texts, without zod, so the message files (contract/i18n) carry them
 * without the validation library (decision 0072). contract/integrations.ts, which holds the
 * schemas, re-exports this module.
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
  voiceKeyTooLong: "API key is too long",
  voiceKeyRejected: "ElevenLabs did not accept this API key. Check it and try again.",
  voiceUnreachable: "ElevenLabs could not be reached. Please try again in a moment.",
  ghlUnreachable: "Go High Level could not be reached. Please try again in a moment.",
  // Test Connection's answers (the 'Integration Test Successful' toast)
  testOkGhl: (location: string) => `Connected to ${location}. New members, visitors and shared prayer requests sync to this location.`,
  testOkVoice: (account: string) => `Connected to ElevenLabs (${account}). The daily journey email includes a Listen link.`,
  disconnectConfirm: (name: string) => `Disconnect ${name}?`,
  disconnectGhlWarning: "New members, visitors and shared prayer requests will stop flowing into your CRM. Contacts already there stay.",
  disconnectVoiceWarning: "Daily journey emails will go out without the Listen link. The saved API key is deleted.",
} as const;
