/**
 * What every scenario shares: the database (a fresh PostgreSQL database, dropped afterwards, or
 * a fresh PGlite directory), the real server as a child process, the bare Node baselines,
 * autocannon, and the one result table.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import autocannon from "autocannon";
import type { Congregation } from "./seed";
import type { Scale, Sizes } from "./scale";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** One line of the printed table. */
export interface Row {
  scenario: string;
  figure: string;
  goal: string;
  met: boolean | null;
}

export interface BenchServer {
  child: ChildProcess;
  base: string;
  port: number;
  stop(): Promise<void>;
  /** The server's memory after a forced GC (bench/memory-probe.ts). */
  memory(): Promise<NodeJS.MemoryUsage>;
}

export interface Ctx {
  kind: "postgres" | "pglite";
  /** full: the sizes (or larger: BENCH_SCALE=large); false with BENCH_SCALE=modest, a tenth, for development. */
  full: boolean;
  /** BENCH_SCALE and the sizes it sets (bench/lib/scale.ts). */
  scale: Scale;
  sizes: Sizes;
  /** The first app server: every scenario's, and the only one unless BENCH_INSTANCES > 1. */
  server: BenchServer;
  /**
   * Every app server process on the one database (BENCH_INSTANCES, default 1): the megachurch
   * scenarios split their members between them (`serverFor`); the others use `server`.
   */
  servers: BenchServer[];
  /** The server member i talks to: i mod the number of processes, as a sticky load balancer would. */
  serverFor(i: number): BenchServer;
  congregation: Congregation;
  /** Ports for extra processes (bare servers, a second app server), all within 5300-5399. */
  port(): number;
  /** How the app server was started, for scenarios that start another one. */
  serverEnv: Record<string, string>;
  rows: Row[];
  log(line: string): void;
}

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh PostgreSQL database; drop() removes it (and ends its connections). */
export async function createPgDatabase() {
  const name = `koinonia_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Builds the client and the server into dist/, unless BENCH_SKIP_BUILD=1 and a build is there (runs one after another while fixing a read). */
export function buildForBench(log: (line: string) => void) {
  if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, "dist/client/index.html"))) return log("using the existing build (BENCH_SKIP_BUILD)");
  log("building the client and the server (npm run build)");
  execSync("npx vite build --logLevel warn && node scripts/build-server.mjs", { cwd: ROOT, stdio: "inherit" });
}

/** The bench's ports, one at a time: 5300-5399, or BENCH_PORT_BASE's 100 when another bench holds those. */
export function benchPorts(): () => number {
  const base = Number(process.env.BENCH_PORT_BASE ?? 5300);
  let next = base;
  return () => {
    if (next > base + 99) throw new Error(`out of bench ports (${base}-${base + 99})`);
    return next++;
  };
}

/** The app server's environment on a bench database (`DATABASE_URL`, or `DATA_DIR` for PGlite). */
export function benchServerEnv(database: { DATABASE_URL: string; DATA_DIR?: string }): Record<string, string> {
  return {
    ...database,
    CLIENT_DIR: path.join(ROOT, "dist/client"),
    SECRETS_KEY: randomBytes(32).toString("base64"),
    // Sign-in from one address (a church's Wi-Fi): see docs/decisions/0070-sign-in-limits-for-a-church.md.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    // The guards scenario signs members in again and again and writes notes at full speed: it
    // measures what the limits cost to check, not where they stop (decision 0095, WRITE_LIMITS).
    AUTH_RATE_LIMIT_PER_EMAIL: "100000",
    RATE_LIMITS: "*=100000",
  };
}

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * The real server (server/main.ts, the command npm start runs once the client is built) as a
 * child process, with the memory probe preloaded. Resolves once GET /api/health answers.
 */
export async function startAppServer(port: number, env: Record<string, string>, opts: { memoryProbe?: boolean } = {}): Promise<BenchServer> {
  await refuseTakenPort(port);
  const memoryFile = path.join(os.tmpdir(), `koinonia-bench-memory-${process.pid}-${port}.json`);
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to find hot spots.
  const extra = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const args = [...extra, "--import", "tsx", ...(opts.memoryProbe ? ["--expose-gc", "--import", "./bench/memory-probe.ts"] : []), "server/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      BENCH_MEMORY_FILE: memoryFile,
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (c: Buffer) => {
    err += c.toString();
    if (err.length > 20_000) err = err.slice(-10_000);
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const server: BenchServer = {
    child,
    base,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(t);
      }
    },
    memory: () => readMemory(child, memoryFile),
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${err}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  await server.stop();
  throw new Error(`the server did not start: ${err}`);
}

async function readMemory(child: ChildProcess, file: string): Promise<NodeJS.MemoryUsage> {
  fs.rmSync(file, { force: true });
  child.kill("SIGUSR2");
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    try {
      return JSON.parse(fs.readFileSync(file, "utf8")) as NodeJS.MemoryUsage;
    } catch {
      /* not written yet */
    }
  }
  throw new Error("the server did not report its memory");
}

/**
 * Another process already answering on `port` (another bench on the same machine) would be
 * measured in place of ours: its health check answers before our server has even started.
 */
async function refuseTakenPort(port: number) {
  const taken = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    (err: unknown) => !/ECONNREFUSED/.test(String((err as { cause?: unknown }).cause ?? err)),
  );
  if (taken) throw new Error(`port ${port} is already in use (another bench?): set BENCH_PORT_BASE to a free range of 100 ports`);
}

/** The bare Node http baseline (bench/lib/bare-server.ts) as its own process, like the app. */
export function startBareServer(port: number): Promise<BenchServer> {
  return startBaseline(port, "bench/lib/bare-server.ts");
}

/** The database-bound ceiling (bench/lib/pg-point-server.ts): a point select through the app's driver and pool, one process. */
export function startPgPointServer(port: number, databaseUrl: string, poolSize?: number): Promise<BenchServer> {
  return startBaseline(port, "bench/lib/pg-point-server.ts", { DATABASE_URL: databaseUrl, ...(poolSize && { DATABASE_POOL_SIZE: String(poolSize) }) });
}

async function startBaseline(port: number, script: string, env: Record<string, string> = {}): Promise<BenchServer> {
  await refuseTakenPort(port);
  const memoryFile = path.join(os.tmpdir(), `koinonia-bench-memory-${process.pid}-${port}.json`);
  const child = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "--import", "./bench/memory-probe.ts", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), BENCH_MEMORY_FILE: memoryFile },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  return {
    child,
    base,
    port,
    async stop() {
      child.kill("SIGKILL");
      await exited;
    },
    memory: () => readMemory(child, memoryFile),
  };
}

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests answered (load() says; other runners may not). */
  total?: number;
  /** Mean bytes per answer, headers included (load() says). */
  bytes?: number;
  /** The answers that were not 2xx, counted by status code (load() says). */
  badStatuses?: Record<string, number>;
}

/**
 * autocannon at `connections` for `seconds` (or, with `amount`, until that many requests are
 * answered); `tokens` are rotated per request (many members, not one), from the first each call;
 * `headers` are sent with every request (e.g. the Accept-Encoding a browser sends).
 * `asks` instead rotates a path and a token together (each member's own note, say).
 */
export async function load(
  url: string,
  opts: { connections: number; seconds: number; amount?: number; tokens?: string[]; headers?: Record<string, string>; asks?: { path: string; token: string }[] },
): Promise<LoadResult> {
  let i = 0;
  const tokens = opts.tokens;
  const asks = opts.asks;
  const result = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.amount ? { amount: opts.amount } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    requests: [
      {
        method: "GET",
        setupRequest: (req) => {
          if (asks) {
            const ask = asks[i++ % asks.length];
            return { ...req, path: ask.path, headers: { ...req.headers, authorization: `Bearer ${ask.token}` } };
          }
          return tokens ? { ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[i++ % tokens.length]}` } } : req;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    bytes: result.requests.total ? Math.round(Number(result.throughput.total) / result.requests.total) : 0,
    badStatuses: Object.fromEntries(
      Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => [code, Number(count)]),
    ),
  };
}

/**
 * One keep-alive agent for the bench's requests: node:http, not fetch. fetch (undici behind
 * WHATWG streams, an AbortSignal and a Request per call) cost this process about 1 ms of CPU a
 * request and a new pool client per new connection; at the start of the 20,000-vote burst the
 * bench's own event loop was then blocked 250-650 ms in each of the first seconds, and that
 * delay was counted as the server's latency (bench/README.md, 26 November 14:15).
 */
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 1024 });

/** An HTTP request with a bearer token; returns status, body, the time it took and the headers. */
export function timed(base: string, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise<{ status: number; text: string; ms: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent,
        headers: {
          ...(payload && { "content-type": "application/json", "content-length": String(payload.length) }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - t0, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function api<T>(base: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const r = await timed(base, method, url, token, body);
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.text}`);
  return (r.text ? JSON.parse(r.text) : null) as T;
}

export const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
export const fmtN = (n: number) => Math.round(n).toLocaleString("en-US");
