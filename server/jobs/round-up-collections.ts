/**
 * Collects round-ups from members' banks (docs/decisions/0024; the steps are in
 * server/features/wallet/collect-round-ups.ts). Each pass first moves every collection that is
 * due a step (start its debit, read its status, email a failure), then claims every bank whose
 * round-ups are due and starts its debit. Rows are claimed with FOR UPDATE SKIP LOCKED and a
 * lease written in the claiming transaction; the bank is called outside any transaction. Two
 * instances never take the same collection or bank, and the conditional status updates make a
 * collection settle or fail once even if a lease ran out mid-call.
 */
import type { Deps } from "../deps";
import { collectRoundUps } from "../features/wallet/collect-round-ups";
import { startInterval } from "./interval";

/** One pass. Returns { checked, started }. */
export const runRoundUpCollections = (deps: Deps, onError: (err: unknown) => void = () => undefined) => collectRoundUps(deps, onError);

export function startRoundUpCollectionsScheduler(deps: Deps, intervalMs = 5 * 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runRoundUpCollections(deps, onError), intervalMs, onError);
}
