/**
 * Calls to outside providers that a request does not need for its answer are not made inside
 * the request: they are queued here, in the transaction of the change that causes them, and
 * server/jobs/background-calls.ts makes them in the background, with retries (decision 0101).
 * The row commits with the change or not at all, so a call is never lost to a crash, and a slow
 * or broken provider never holds a member's request.
 *
 * One small queue for every such call: a kind names its handler, and its payload is the input.
 * (Emails, pushes and CRM calls have their own outboxes, older and with more to them: an email's
 * send rate and health card, a push's per-device fan-out, the CRM's token refresh.)
 */
import type { Db, Tx } from "../db/client";
import { backgroundCalls } from "../db/schema/platform";

/** Each kind of call and its payload. A secret in a payload is sealed (server/security/secret-box.ts). */
export interface BackgroundCallPayloads {
  /** Revoke a bank link's access token at the provider (Plaid /item/remove) after the member unlinked it. */
  "bank.remove-item": { bankAccountId: string; provider: "sandbox" | "plaid"; sealedToken: string };
  /** Delete a member's contact in the church's CRM after they deleted their account (decision 0117). */
  "crm.delete-contact": { contactId: string };
  /** Delete a card stored at the payment gateway (a customer profile): its member removed the saved card (decision 0021) or deleted their account (decision 0117). */
  "payments.delete-profile": { profileId: string; provider: "sandbox" | "authorize_net" };
}
export type BackgroundCallKind = keyof BackgroundCallPayloads;

/** Thrown by a handler when retrying cannot help (the provider refused the call for good): the call is marked failed at once. */
export class PermanentCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentCallError";
  }
}

/** Queues one call, inside the caller's transaction. `now`: deps.now(), so a test's clock decides when it is due. */
export async function enqueueBackgroundCall<K extends BackgroundCallKind>(tx: Db | Tx, kind: K, payload: BackgroundCallPayloads[K], now: Date): Promise<string> {
  const [row] = await tx.insert(backgroundCalls).values({ kind, payload, createdAt: now, nextAttemptAt: now }).returning({ id: backgroundCalls.id });
  return row.id;
}
