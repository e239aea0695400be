/**
 * Revokes an unlinked bank's access token at the provider (Plaid /item/remove): the handler of
 * the "bank.remove-item" background call that remove-payment-method.ts queues with the unlink
 * (decision 0101). The member's request never waits for the bank; a bank that cannot be reached
 * or answers 5xx / 429 is retried by the background-calls job. A token the provider no longer
 * knows is as good as revoked. Any other refusal (4xx) is permanent: retrying cannot help.
 */
import type { Deps } from "../../deps";
import { BankError } from "../../providers/bank/port";
import { openAccessToken } from "../../shared/bank-token";
import { PermanentCallError, type BackgroundCallPayloads } from "../../shared/background-calls";

/** Plaid's codes for a token or item that no longer exists: nothing left to revoke. */
const ALREADY_GONE = new Set(["ITEM_NOT_FOUND", "INVALID_ACCESS_TOKEN"]);

export async function revokeBankItem(deps: Deps, p: BackgroundCallPayloads["bank.remove-item"]) {
  if (p.provider !== deps.bank.kind) throw new PermanentCallError(`The bank provider is now ${deps.bank.kind}, not ${p.provider}: the token cannot be revoked from here`);
  const token = openAccessToken(deps.secrets, p.bankAccountId, p.sealedToken);
  try {
    await deps.bank.removeItem(token);
  } catch (err) {
    if (err instanceof BankError && err.code && ALREADY_GONE.has(err.code)) return;
    if (err instanceof BankError && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 429) throw new PermanentCallError(err.message);
    throw err;
  }
}
