/**
 * Runs `job` now and then every `intervalMs`, never two runs at once in this process (other
 * processes are kept apart by the jobs' row locks). stop() waits for a run in progress, so
 * shutdown never cuts a job in half.
 */
export function startInterval(job: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = job()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
