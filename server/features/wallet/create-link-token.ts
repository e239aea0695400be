/**
 * POST /api/wallet/plaid/link-token. The answer names the provider: with the sandbox bank the
 * client links at once with a placeholder public token (as the spec's client does); with Plaid
 * it opens Plaid Link with linkToken and sends the public token Link returns
 * (docs/decisions/0022-bank-link-sandbox-and-plaid.md).
 */
import type { Deps } from "../../deps";
import type { LinkTokenResponse } from "../../../contract/wallet";
import type { BankError } from "../../providers/bank/port";
import { bankCall } from "./bank-errors";

export async function createLinkToken(deps: Deps, userId: string, log?: (err: BankError) => void): Promise<LinkTokenResponse> {
  const t = await bankCall(() => deps.bank.createLinkToken({ id: userId, churchName: deps.church.name }), log);
  return { linkToken: t.linkToken, expiration: t.expiration.toISOString(), provider: deps.bank.kind };
}
