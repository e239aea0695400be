/**
 * Deletes a card stored at the payment gateway (a customer profile) after its member deleted
 * their account (issue 20, decision 0117) or removed that saved card (decision 0021): the handler
 * of the "payments.delete-profile" background call that delete-my-account.ts (one per profile)
 * and wallet/remove-payment-method.ts queue in their transactions. The member's request never waits on the gateway; a gateway that cannot be reached
 * is retried by the background-calls job (decision 0101). A profile already gone counts as
 * deleted (the port's rule), so a call made again after a crash is harmless. A profile stored by
 * another gateway than the one configured now cannot be deleted from here: the call fails for good.
 */
import type { Deps } from "../../deps";
import { PermanentCallError, type BackgroundCallPayloads } from "../../shared/background-calls";

export async function deleteCardProfile(deps: Deps, p: BackgroundCallPayloads["payments.delete-profile"]) {
  if (p.provider !== deps.payments.kind) throw new PermanentCallError(`The card gateway is now ${deps.payments.kind}, not ${p.provider}: the profile cannot be deleted from here`);
  await deps.payments.deleteCustomerProfile(p.profileId);
}
