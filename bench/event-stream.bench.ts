/**
 * Event stream: N concurrent authenticated SSE clients (members' own tokens) on one server
 * process; a pastor starts the live service through the API (PATCH /api/services/{id}, which
 * publishes service-status through Postgres NOTIFY) and every client's arrival time is taken
 * from the moment the request was sent. The same N clients on a bare Node http SSE server
 * (one write per client on POST /fire) is the baseline, in the same run. Memory per connection
 * is each server's RSS (and JS heap) after a forced GC, before and after the clients connect.
 *
 * Goal: fan-out p99 ≤ 2× the baseline and < 1 s; memory per connection ≤ 2× the baseline;
 * all N connected in < 30 s. N = 10,000 (1,000 with BENCH_SCALE=modest, 20,000 with
 * BENCH_SCALE=large; BENCH_SSE_CLIENTS overrides). The clients live in child processes of at
 * most 5,000 each (bench/lib/sse-clients.ts: one process may not hold 20,000 sockets). With
 * BENCH_INSTANCES=2 client j streams from process j mod 2, the pastor's change is made on the
 * first (the second hears it through NOTIFY), and the baseline is two bare servers.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ROOT, api, fmtMs, pct, sleep, startBareServer, type BenchServer, type Ctx } from "./lib/harness";
import { SSE_CLIENTS_PER_PROCESS, type ChildMessage, type ParentMessage } from "./lib/sse-clients";

interface FanOut {
  p50: number;
  p99: number;
  max: number;
  openMs: number;
  rssPerConn: number;
  heapPerConn: number;
}

/** One child process of clients (bench/lib/sse-clients.ts), and a way to wait for its next message. */
function clientProcess() {
  const child: ChildProcess = fork(path.join(ROOT, "bench/lib/sse-clients.ts"), [], { cwd: ROOT, env: { ...process.env, BENCH_SSE_CHILD: "1" }, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = () =>
    new Promise<ChildMessage>((resolve, reject) => {
      const onExit = () => reject(new Error("a client process exited"));
      child.once("exit", onExit);
      child.once("message", (m: ChildMessage) => {
        child.off("exit", onExit);
        resolve(m);
      });
    });
  const send = (m: ParentMessage) => child.send(m);
  return { child, next, send };
}

/**
 * n clients, client j on servers[j mod servers] with tokens[j mod tokens] (none for the bare
 * server), held by child processes of at most SSE_CLIENTS_PER_PROCESS each, opened 250 at a time
 * in all; then `fire` and every client's arrival of `event`. Memory is the servers' RSS and heap
 * after a forced GC, before and after the clients connect, summed over the servers.
 */
async function fanOut(n: number, servers: BenchServer[], streamUrl: (s: BenchServer) => string, tokens: string[] | null, event: string, fire: () => Promise<unknown>): Promise<FanOut> {
  const procs = Array.from({ length: Math.ceil(n / SSE_CLIENTS_PER_PROCESS) }, clientProcess);
  try {
    await sleep(300);
    const memory = () => Promise.all(servers.map((s) => s.memory()));
    const before = await memory();
    const step = Math.max(1, Math.floor(250 / procs.length));
    const opened = procs.map((p) => p.next());
    for (const [k, p] of procs.entries()) {
      const clients = [];
      for (let j = k; j < n; j += procs.length) clients.push({ url: streamUrl(servers[j % servers.length]), token: tokens && tokens[j % tokens.length] });
      p.send({ type: "open", clients, step, event });
    }
    const openStart = performance.now();
    for (const m of await Promise.all(opened)) if (m.type === "failed") throw new Error(`clients could not connect: ${m.message}`);
    const openMs = performance.now() - openStart;
    await sleep(1000);
    const after = await memory();
    const arrivals = procs.map((p) => p.next());
    const t0 = performance.timeOrigin + performance.now();
    await fire();
    for (const p of procs) p.send({ type: "collect", timeoutMs: 120_000 });
    const times = (await Promise.all(arrivals)).flatMap((m) => (m.type === "arrivals" ? m.times : []));
    const got = times.filter((t): t is number => t !== null);
    if (got.length < n) throw new Error(`only ${got.length} of ${n} clients got the event`);
    const lat = got.map((t) => t - t0).sort((a, b) => a - b);
    const sum = (list: NodeJS.MemoryUsage[], key: "rss" | "heapUsed") => list.reduce((a, m) => a + m[key], 0);
    return {
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      max: lat[lat.length - 1],
      openMs,
      rssPerConn: (sum(after, "rss") - sum(before, "rss")) / n,
      heapPerConn: (sum(after, "heapUsed") - sum(before, "heapUsed")) / n,
    };
  } finally {
    for (const p of procs) if (p.child.connected) p.send({ type: "close" });
    await Promise.all(procs.map((p) => (p.child.exitCode === null ? new Promise((r) => p.child.once("exit", r)) : null)));
    await sleep(1500);
  }
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

export async function run(ctx: Ctx) {
  const n = ctx.sizes.sseClients;
  // As many bare servers as app server processes (BENCH_INSTANCES): the baseline has the same shape.
  const k = ctx.servers.length;
  const base = ctx.server.base;
  const pastor = ctx.congregation.pastorToken;
  const tokens = ctx.congregation.members.map((m) => m.token);

  const bare: BenchServer[] = [];
  let b: FanOut;
  try {
    for (let i = 0; i < k; i++) bare.push(await startBareServer(ctx.port()));
    b = await fanOut(n, bare, (s) => `${s.base}/events`, null, "service-status", () => Promise.all(bare.map((s) => fetch(`${s.base}/fire`, { method: "POST" }))));
  } finally {
    await Promise.all(bare.map((s) => s.stop()));
  }
  ctx.log(`bare SSE, ${n}: p50 ${fmtMs(b.p50)}, p99 ${fmtMs(b.p99)}, RSS ${kb(b.rssPerConn)}/conn, heap ${kb(b.heapPerConn)}/conn, open ${fmtMs(b.openMs)}`);

  const live = await api<{ service: { id: string } | null }>(base, "GET", "/api/services/live", pastor);
  const svc = live.service ?? (await api<{ id: string }>(base, "POST", "/api/services", pastor, { title: "Bench service", date: new Date().toISOString() }));
  await api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: false });
  let a: FanOut;
  try {
    a = await fanOut(n, ctx.servers, (s) => `${s.base}/api/events`, tokens, "service-status", () => api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: true }));
  } finally {
    await api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: true }).catch(() => undefined);
  }
  ctx.log(`app SSE, ${n}: p50 ${fmtMs(a.p50)}, p99 ${fmtMs(a.p99)}, RSS ${kb(a.rssPerConn)}/conn, heap ${kb(a.heapPerConn)}/conn, open ${fmtMs(a.openMs)}`);

  const N = n.toLocaleString("en-US") + (k > 1 ? ` on ${k} processes` : "");
  ctx.rows.push({ scenario: `event stream: bare SSE, ${N}`, figure: `p99 ${fmtMs(b.p99)}, ${kb(b.rssPerConn)} RSS/conn`, goal: "baseline", met: null });
  ctx.rows.push({
    scenario: `event stream: fan-out, ${N}`,
    figure: `p99 ${fmtMs(a.p99)} (${(a.p99 / b.p99).toFixed(1)}× baseline), median ${fmtMs(a.p50)}`,
    goal: "p99 ≤ 2× baseline and < 1 s",
    met: a.p99 <= 2 * b.p99 && a.p99 < 1000,
  });
  ctx.rows.push({
    scenario: `event stream: memory, ${N}`,
    figure: `${kb(a.rssPerConn)} RSS/conn (${(a.rssPerConn / b.rssPerConn).toFixed(1)}× baseline), heap ${kb(a.heapPerConn)}/conn`,
    goal: "≤ 2× baseline",
    met: a.rssPerConn <= 2 * b.rssPerConn,
  });
  ctx.rows.push({ scenario: `event stream: connect ${N}`, figure: fmtMs(a.openMs), goal: "< 30 s", met: a.openMs < 30_000 });
}
