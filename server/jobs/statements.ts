/**
 * The year-end statements' sender (decision 0121): every server process runs it every few
 * seconds. The work is the giving feature's (features/giving/send-statements.ts): batches of
 * donors, each one transaction under the year's run row lock, each donor claimed once by the
 * deliveries' primary key. Any number of processes may run it; one that dies mid-batch leaves
 * nothing half-written, and the next pass anywhere continues from the last committed batch.
 * stop() ends the pass between batches, so shutdown does not wait for a whole year.
 */
import type { Deps } from "../deps";
import { sendRunningStatements } from "../features/giving/send-statements";
import { startInterval } from "./interval";

export function startStatementSender(deps: Deps, opts: { intervalMs?: number; batchSize?: number; onError?: (err: unknown) => void } = {}) {
  let stopping = false;
  const job = startInterval(() => sendRunningStatements(deps, { batchSize: opts.batchSize, shouldStop: () => stopping }), opts.intervalMs ?? 5_000, opts.onError ?? (() => undefined));
  return {
    runNow: job.runNow,
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
