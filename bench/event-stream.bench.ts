/**
 * Event stream: N concurrent authenticated SSE clients (members' own tokens) on one server
 * process; a pastor starts the live service through the API (PATCH /api/services/{id}, which
 * publishes service-status through Postgres NOTIFY) and every client's arrival time is taken
 * from the moment the request was sent. The same N clients on a bare Node http SSE server
 * (one write per client on POST /fire) is the baseline, in the same run. Memory per connection
 * is each server's RSS (and JS heap) after a forced GC, before and after the clients connect.
 *
 * Goal: fan-out p99 ≤ 2× the baseline and < 1 s; memory per connection ≤ 2× the baseline;
 * all N connected in < 30 s. N = 10,000 (1,000 with BENCH_SCALE=modest; BENCH_SSE_CLIENTS overrides).
 */
import http from "node:http";
import { api, fmtMs, pct, sleep, startBareServer, type BenchServer, type Ctx } from "./lib/harness";

interface Client {
  req: http.ClientRequest;
  receivedAt?: number;
}

/** Opens one SSE connection; resolves once `connected` arrived. */
function openClient(agent: http.Agent, url: string, token: string | null, clients: Client[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const client: Client = { req: null as unknown as http.ClientRequest };
    let buf = "";
    let connected = false;
    const headers: Record<string, string> = { accept: "text/event-stream", ...(token && { authorization: `Bearer ${token}` }) };
    client.req = http.get(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buf += chunk;
        if (!connected && buf.includes("event: connected")) {
          connected = true;
          clients.push(client);
          resolve();
        }
        if (client.receivedAt === undefined && buf.includes("event: service-status")) client.receivedAt = performance.now();
        if (buf.length > 4096) buf = buf.slice(-200);
      });
      res.on("error", () => undefined);
    });
    client.req.on("error", (err) => (connected ? undefined : reject(err)));
  });
}

interface FanOut {
  p50: number;
  p99: number;
  max: number;
  openMs: number;
  rssPerConn: number;
  heapPerConn: number;
}

async function fanOut(n: number, server: BenchServer, streamUrl: string, tokens: string[] | null, fire: () => Promise<unknown>): Promise<FanOut> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const clients: Client[] = [];
  try {
    await sleep(300);
    const before = await server.memory();
    const openStart = performance.now();
    for (let i = 0; i < n; i += 250) {
      await Promise.all(Array.from({ length: Math.min(250, n - i) }, (_, k) => openClient(agent, streamUrl, tokens && tokens[(i + k) % tokens.length], clients)));
    }
    const openMs = performance.now() - openStart;
    await sleep(1000);
    const after = await server.memory();
    const t0 = performance.now();
    await fire();
    const deadline = Date.now() + 120_000;
    while (clients.some((c) => c.receivedAt === undefined)) {
      if (Date.now() > deadline) throw new Error(`only ${clients.filter((c) => c.receivedAt !== undefined).length} of ${n} clients got the event`);
      await sleep(5);
    }
    const lat = clients.map((c) => c.receivedAt! - t0).sort((a, b) => a - b);
    return {
      p50: pct(lat, 50),
      p99: pct(lat, 99),
      max: lat[lat.length - 1],
      openMs,
      rssPerConn: (after.rss - before.rss) / n,
      heapPerConn: (after.heapUsed - before.heapUsed) / n,
    };
  } finally {
    for (const c of clients) c.req.destroy();
    agent.destroy();
    await sleep(1500);
  }
}

const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

export async function run(ctx: Ctx) {
  const n = Number(process.env.BENCH_SSE_CLIENTS ?? (ctx.full ? 10_000 : 1_000));
  const base = ctx.server.base;
  const pastor = ctx.congregation.pastorToken;
  const tokens = ctx.congregation.members.map((m) => m.token);

  const bare = await startBareServer(ctx.port());
  let b: FanOut;
  try {
    b = await fanOut(n, bare, `${bare.base}/events`, null, () => fetch(`${bare.base}/fire`, { method: "POST" }));
  } finally {
    await bare.stop();
  }
  ctx.log(`bare SSE, ${n}: p50 ${fmtMs(b.p50)}, p99 ${fmtMs(b.p99)}, RSS ${kb(b.rssPerConn)}/conn, heap ${kb(b.heapPerConn)}/conn, open ${fmtMs(b.openMs)}`);

  const live = await api<{ service: { id: string } | null }>(base, "GET", "/api/services/live", pastor);
  const svc = live.service ?? (await api<{ id: string }>(base, "POST", "/api/services", pastor, { title: "Bench service", date: new Date().toISOString() }));
  await api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: false });
  let a: FanOut;
  try {
    a = await fanOut(n, ctx.server, `${base}/api/events`, tokens, () => api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: true }));
  } finally {
    await api(base, "PATCH", `/api/services/${svc.id}`, pastor, { isLive: true }).catch(() => undefined);
  }
  ctx.log(`app SSE, ${n}: p50 ${fmtMs(a.p50)}, p99 ${fmtMs(a.p99)}, RSS ${kb(a.rssPerConn)}/conn, heap ${kb(a.heapPerConn)}/conn, open ${fmtMs(a.openMs)}`);

  const N = n.toLocaleString("en-US");
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
