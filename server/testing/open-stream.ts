/** Test helper: the event stream (GET /api/events) opened over real HTTP, its events collected as they arrive. */
export async function openStream(base: string, headers: Record<string, string>) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: ctrl.signal });
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  const waiters: (() => void)[] = [];
  let markEnded: () => void = () => undefined;
  /** Resolves when the server ends the stream (or it is aborted). */
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let i: number;
          while ((i = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, i);
            buffer = buffer.slice(i + 2);
            const ev = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (ev) events.push({ event: ev, data: data ? JSON.parse(data) : null });
            waiters.splice(0).forEach((w) => w());
          }
        }
      } catch {
        /* aborted */
      }
      markEnded();
    })();
  }
  return {
    res,
    events,
    async waitFor(name: string, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!events.some((e) => e.event === name)) {
        if (Date.now() > deadline) throw new Error(`no ${name} event; got ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return events.find((e) => e.event === name)!;
    },
    ended,
    /** Resolves true once the server has ended the stream, false if it is still open after `timeoutMs`. */
    endsWithin: (timeoutMs: number) => Promise.race([ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeoutMs))]),
    close: () => ctrl.abort(),
  };
}
