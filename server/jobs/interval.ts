/**
 * Runs `job` now and then every `intervalMs`, never two runs at once in this process (other
 * processes are kept apart by the jobs' row locks). stop() waits for a run in progress, so
 * shutdown never cuts a job in half. runNow() starts a run at once (or one more right after the
 * run in progress), for jobs woken by an event rather than only by the clock.
 */
export function startInterval(job: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  let again = false;
  const tick = () => {
    if (stopped || running) return;
    running = job()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    runNow() {
      if (running) again = true;
      else tick();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
