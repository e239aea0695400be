/**
 * What a member sees when the bank provider fails: a refused link (Plaid's 400s, e.g. an expired
 * public token) is a 400 asking to link again; anything else (down, timeout, 5xx) is a 503.
 * The provider's own message goes to `log`, never to the member.
 */
import { AppError } from "../../http/app-error";
import { BankError } from "../../providers/bank/port";
import { WALLET_TEXT } from "../../../contract/wallet";

export const LINK_REFUSED = "The bank did not accept this link. Please link your bank again.";

export async function bankCall<T>(fn: () => Promise<T>, log: (err: BankError) => void = () => undefined): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof BankError)) throw err;
    log(err);
    throw err.status === 400 ? new AppError("BAD_REQUEST", LINK_REFUSED) : new AppError("UNAVAILABLE", WALLET_TEXT.bankUnavailable);
  }
}
