/**
 * Event-stream benchmark: N concurrent authenticated SSE clients on one server process, one
 * service-status event published (a pastor starts a service through the API), and the time
 * until every client has it (median, p99, max), plus the server's memory per connection.
 *
 *   npm run bench -- event-stream                       (N = 100, 1000, 10000)
 *   BENCH_SSE_CLIENTS=500,5000 npm run bench -- event-stream
 *
 * The server runs as its own Node process on a fresh embedded database; its memory is read
 * after a forced garbage collection (bench/memory-probe.ts) before and after the clients
 * connect. The clients are raw HTTP connections in this process, opened 250 at a time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.BENCH_PORT ?? 5099);
const BASE = `http://127.0.0.1:${PORT}`;
const SIZES = (process.env.BENCH_SSE_CLIENTS ?? "100,1000,10000").split(",").map(Number);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const MEMORY_FILE = path.join(os.tmpdir(), `koinonia-bench-memory-${process.pid}.json`);

/** The server's memory after a full garbage collection (see memory-probe.ts). */
async function serverMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  fs.rmSync(MEMORY_FILE, { force: true });
  child.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await sleep(50);
    try {
      return JSON.parse(fs.readFileSync(MEMORY_FILE, "utf8")) as NodeJS.MemoryUsage;
    } catch {
      /* not written yet */
    }
  }
  throw new Error("the server did not report its memory");
}

async function api<T>(method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(BASE + url, {
    method,
    headers: { ...(body !== undefined && { "content-type": "application/json" }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function startServer(): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-bench-"));
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-bench-client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>bench</title>");
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "--import", "./bench/memory-probe.ts", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      BENCH_MEMORY_FILE: MEMORY_FILE,
      SEED_DEMO: "true",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_EMAIL: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  child.kill("SIGKILL");
  throw new Error("the server did not start");
}

interface Client {
  req: http.ClientRequest;
  receivedAt?: number;
}

/** Opens one SSE connection; resolves once `connected` arrived. */
function openClient(token: string, clients: Client[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const client: Client = { req: null as unknown as http.ClientRequest };
    let buf = "";
    let connected = false;
    client.req = http.get(`${BASE}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } }, (res) => {
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

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run() {
  const server = await startServer();
  const rows: string[] = [];
  try {
    const pastor = (await api<{ token: string }>("POST", "/api/auth/login", undefined, { email: "pastor@koinonia.test", password: "koinonia-demo" })).token;
    const member = (await api<{ token: string }>("POST", "/api/auth/login", undefined, { email: "member@koinonia.test", password: "koinonia-demo" })).token;
    for (const n of SIZES) {
      const svc = await api<{ id: string }>("POST", "/api/services", pastor, { title: `Bench ${n}`, date: new Date().toISOString() });
      await sleep(500);
      const before = await serverMemory(server);
      const clients: Client[] = [];
      const openStart = performance.now();
      for (let i = 0; i < n; i += 250) {
        await Promise.all(Array.from({ length: Math.min(250, n - i) }, () => openClient(member, clients)));
      }
      const openMs = performance.now() - openStart;
      await sleep(1000);
      const after = await serverMemory(server);

      const t0 = performance.now();
      await api("PATCH", `/api/services/${svc.id}`, pastor, { isLive: true });
      const deadline = Date.now() + 120_000;
      while (clients.some((c) => c.receivedAt === undefined)) {
        if (Date.now() > deadline) throw new Error(`only ${clients.filter((c) => c.receivedAt !== undefined).length} of ${n} clients got the event`);
        await sleep(5);
      }
      const lat = clients.map((c) => c.receivedAt! - t0).sort((a, b) => a - b);
      const kb = (a: number, b: number) => ((a - b) / n / 1024).toFixed(1);
      rows.push(
        `| ${n.toLocaleString("en-US")} | ${pct(lat, 50).toFixed(1)} ms | ${pct(lat, 99).toFixed(1)} ms | ${lat[lat.length - 1].toFixed(1)} ms | ${kb(after.heapUsed, before.heapUsed)} KB | ${kb(after.rss, before.rss)} KB | ${(openMs / 1000).toFixed(1)} s |`,
      );
      console.log(rows[rows.length - 1]);
      for (const c of clients) c.req.destroy();
      await api("PATCH", `/api/services/${svc.id}`, pastor, { isLive: false });
      await sleep(1500);
    }
  } finally {
    server.kill("SIGTERM");
    agent.destroy();
  }
  console.log("\n| clients | median | p99 | max | JS heap per connection | RSS per connection | time to open all |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(`\n${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, embedded database`);
}
