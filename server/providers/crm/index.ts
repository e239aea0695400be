import type { Config } from "../../config";
import type { CrmProvider } from "./port";
import { createGhlProvider } from "./ghl";

/**
 * GoHighLevel when GHL_CLIENT_ID (and its secret) are set, else null: the CRM is not
 * configured, and Connect answers INTEGRATION_TEXT.ghlNotConfigured (docs/architecture.md, Providers: no sandbox).
 */
export function createCrmProvider(config: Pick<Config, "ghl">, now: () => Date = () => new Date()): CrmProvider | null {
  const { clientId, clientSecret, authBaseUrl, apiBaseUrl, scopes } = config.ghl;
  if (!clientId || !clientSecret) return null;
  return createGhlProvider({ clientId, clientSecret, authBaseUrl, apiBaseUrl, scopes, now });
}
