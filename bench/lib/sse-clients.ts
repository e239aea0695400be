/**
 * A child process holding event-stream clients for bench/event-stream.bench.ts. One process
 * may hold only `ulimit -n` sockets (20,000 on the bench machine, and a process cannot raise
 * its hard limit), so 20,000 streams are spread over several of these, at most
 * SSE_CLIENTS_PER_PROCESS each. Times are absolute (performance.timeOrigin + now), so the
 * parent compares them with the moment it fired the event.
 *
 * Messages from the parent: `open` {clients: {url, token}[], step, event} → `opened` {ms} or
 * `failed`; `collect` {timeoutMs} → `arrivals` {times: (number | null)[]}, each client's arrival
 * of `event` (null: not within the time); `close` → exits.
 */
import http from "node:http";

export const SSE_CLIENTS_PER_PROCESS = 5_000;

export type ParentMessage =
  | { type: "open"; clients: { url: string; token: string | null }[]; step: number; event: string }
  | { type: "collect"; timeoutMs: number }
  | { type: "close" };
export type ChildMessage = { type: "opened"; ms: number } | { type: "failed"; message: string } | { type: "arrivals"; times: (number | null)[] };

interface Client {
  req: http.ClientRequest;
  buf: string;
  at: number | null;
}

const now = () => performance.timeOrigin + performance.now();

// Only in a child forked for it (the parent imports this file for its types and constant).
if (process.env.BENCH_SSE_CHILD === "1" && process.send) {
  const send = (m: ChildMessage) => process.send!(m);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const clients: Client[] = [];
  let watched = "";

  const openOne = (url: string, token: string | null) =>
    new Promise<void>((resolve, reject) => {
      const c: Client = { req: null as unknown as http.ClientRequest, buf: "", at: null };
      let connected = false;
      const headers: Record<string, string> = { accept: "text/event-stream", ...(token && { authorization: `Bearer ${token}` }) };
      c.req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          c.buf += chunk;
          if (!connected && c.buf.includes("event: connected")) {
            connected = true;
            clients.push(c);
            resolve();
          }
          if (c.at === null && c.buf.includes(`event: ${watched}`)) c.at = now();
          if (c.buf.length > 4096) c.buf = c.buf.slice(-200);
        });
        res.on("error", () => undefined);
      });
      c.req.on("error", (err) => (connected ? undefined : reject(err)));
    });

  process.on("message", (m: ParentMessage) => {
    if (m.type === "open") {
      watched = m.event;
      const t0 = performance.now();
      void (async () => {
        for (let i = 0; i < m.clients.length; i += m.step) {
          await Promise.all(m.clients.slice(i, i + m.step).map((c) => openOne(c.url, c.token)));
        }
      })().then(
        () => send({ type: "opened", ms: performance.now() - t0 }),
        (err: unknown) => send({ type: "failed", message: err instanceof Error ? err.message : String(err) }),
      );
    } else if (m.type === "collect") {
      const deadline = Date.now() + m.timeoutMs;
      const check = () => {
        if (clients.every((c) => c.at !== null) || Date.now() > deadline) send({ type: "arrivals", times: clients.map((c) => c.at) });
        else setTimeout(check, 5);
      };
      check();
    } else if (m.type === "close") {
      for (const c of clients) c.req.destroy();
      agent.destroy();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
}
