import type { BankProvider } from "./port";
import { createSandboxBank } from "./sandbox";
import { createPlaidBank } from "./plaid";

/** Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set (PLAID_ENV or PLAID_BASE_URL picks the server), else the sandbox bank. */
export function createBankProvider(opts: { plaid?: { clientId: string; secret: string; baseUrl: string }; now: () => Date }): BankProvider {
  if (opts.plaid) return createPlaidBank(opts.plaid);
  return createSandboxBank(opts.now);
}
