/**
 * The announcements' sender (decision 0110): every server process runs it every few seconds and
 * at once when an announcement is composed anywhere (the bus's `announcement` event). The work is
 * the feature's (features/announcements/send-announcements.ts): batches of members, each one
 * transaction under the announcement's row lock, each member and channel claimed once by the
 * deliveries' primary key. Any number of processes may run it; one that dies mid-batch leaves
 * nothing half-written, and the next pass anywhere continues from the last committed batch.
 * stop() ends the pass between batches, so shutdown does not wait for a large send.
 */
import type { Deps } from "../deps";
import { sendDueAnnouncements } from "../features/announcements/send-announcements";
import { startInterval } from "./interval";

export function startAnnouncementSender(deps: Deps, opts: { intervalMs?: number; batchSize?: number; onError?: (err: unknown) => void } = {}) {
  let stopping = false;
  const job = startInterval(() => sendDueAnnouncements(deps, { batchSize: opts.batchSize, shouldStop: () => stopping }), opts.intervalMs ?? 5_000, opts.onError ?? (() => undefined));
  const unsubscribe = deps.bus.subscribe((e) => {
    if (e.event === "announcement") job.runNow();
  });
  return {
    runNow: job.runNow,
    async stop() {
      stopping = true;
      unsubscribe();
      await job.stop();
    },
  };
}
