/**
 * The Idempotency-Key of a gift submission (issue 5). One key per attempt to give with the
 * same details:
 *   - no answer (the network failed) or a 5xx: the server recorded nothing it would replay
 *     differently, and the gift may have been charged with its answer lost. The key is kept
 *     so a retry of the same details replays the first answer (or reaches the gateway with
 *     the same reference, which refuses to charge twice) instead of charging again.
 *   - 409 "in progress": the first request with this key is still running; a retry with the
 *     same key will replay its answer.
 *   - any other answer (201, 402, 400, 429, ...): the server stored it for this key (a 402
 *     replays as 402 forever), so the next attempt, e.g. with a corrected card, gets a new key.
 *   - the details changed: a new key, because the same key with a different body is refused.
 * Pure logic, kept apart from React so it is easy to read and test.
 */
import { GIVING_TEXT } from "@contract/giving-text";

export interface KeyState {
  key: string;
  /** The request the key was made for (kept in memory only, never stored). */
  fingerprint: string;
}

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** The key to send for `fingerprint`: the kept one if it was made for the same details, else a new one. */
export function keyFor(state: KeyState | null, fingerprint: string): KeyState {
  return state && state.fingerprint === fingerprint ? state : { key: newKey(), fingerprint };
}

/** Whether the key must be kept after this failure (see above). */
export function keepKeyAfter(err: unknown): boolean {
  if (!(err instanceof Error)) return true;
  const m = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!m) return true; // no answer from the server at all
  const status = Number(m[1]);
  if (status >= 500) return true;
  if (status === 409) return m[2].includes(GIVING_TEXT.idempotencyInProgress);
  return false;
}
