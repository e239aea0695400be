/**
 * `npm run bench`: builds the client, creates a fresh PostgreSQL database on 127.0.0.1:5432
 * (BENCH_PG_URL; dropped afterwards) or, with `-- --pglite`, a fresh embedded database, seeds a
 * congregation (bench/lib/seed.ts), starts the real server as a child process, runs every
 * bench/*.bench.ts against it and prints one table: scenario, figure, goal, met.
 *
 *   npm run bench                          every scenario on PostgreSQL
 *   npm run bench -- --pglite              on the embedded database
 *   npm run bench -- ceiling poll          only the scenarios whose file name contains a word
 *   BENCH_SCALE=modest npm run bench       a tenth of the sizes, for development
 *   BENCH_MEMBERS=20000 npm run bench -- reads    another congregation size
 *   BENCH_SKIP_BUILD=1, BENCH_KEEP_DB=1    reuse dist/; keep the seeded database (to EXPLAIN on it)
 *
 * Benchmarks are never part of `npm test` (vitest only runs *.test.ts).
 */
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, createPgDatabase, startAppServer, tmpDir, type Ctx, type Row } from "./lib/harness";
import { seedCongregation } from "./lib/seed";

const args = process.argv.slice(2);
const pglite = args.includes("--pglite");
const filters = args.filter((a) => !a.startsWith("--"));
const full = process.env.BENCH_SCALE !== "modest";
// BENCH_MEMBERS: another congregation size (the reads scenario compares 1,000, 5,000 and 20,000).
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? (full ? 5000 : 1000));
const dir = path.join(ROOT, "bench");

const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => !filters.length || filters.some((x) => f.includes(x)));
const ORDER = ["client-size", "ceiling", "reads", "guards", "poll-burst", "sunday", "event-stream", "email-drain", "announcement", "giving-ledger", "statements", "photo", "embedded"];
files.sort((a, b) => ORDER.findIndex((o) => a.startsWith(o)) - ORDER.findIndex((o) => b.startsWith(o)));
if (!files.length) {
  console.error(`No benchmark matches ${filters.join(", ")}`);
  process.exit(1);
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// 10,000 streams need 10,000 sockets in this process and in the server: say so up front.
try {
  const limit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
  log(`open-file limit ${limit}`);
  if (limit < 11_000) log(`warning: below 11,000; the 10,000-client stream needs more (ulimit -n 20000 before npm run bench)`);
} catch {
  /* not a shell we can ask */
}

// BENCH_SKIP_BUILD=1: use the build already in dist/ (runs one after another while fixing a read).
if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, "dist/client/index.html"))) log("using the existing build (BENCH_SKIP_BUILD)");
else {
  log("building the client and the server (npm run build)");
  execSync("npx vite build --logLevel warn && node scripts/build-server.mjs", { cwd: ROOT, stdio: "inherit" });
}

// BENCH_PORT_BASE: another range of 100 ports, when another bench already uses 5300-5399 on this machine.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 5300);
let nextPort = PORT_BASE;
const port = () => {
  if (nextPort > PORT_BASE + 99) throw new Error(`out of bench ports (${PORT_BASE}-${PORT_BASE + 99})`);
  return nextPort++;
};
const pgDb = pglite ? null : await createPgDatabase();
const dataDir = pglite ? tmpDir("koinonia-bench-data-") : undefined;
const rows: Row[] = [];
let exitCode = 0;
try {
  log(`seeding ${MEMBERS.toLocaleString("en-US")} members on ${pglite ? "PGlite" : "PostgreSQL"}`);
  const t0 = Date.now();
  const congregation = await seedCongregation({ databaseUrl: pgDb?.url, dataDir }, MEMBERS);
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${congregation.summary}`);
  const serverEnv: Record<string, string> = {
    ...(pgDb ? { DATABASE_URL: pgDb.url } : { DATABASE_URL: "", DATA_DIR: dataDir! }),
    CLIENT_DIR: path.join(ROOT, "dist/client"),
    SECRETS_KEY: randomBytes(32).toString("base64"),
    // Sign-in from one address (a church's Wi-Fi): see docs/decisions/0070-sign-in-limits-for-a-church.md.
    AUTH_RATE_LIMIT_PER_IP: "100000",
    // The guards scenario signs members in again and again and writes notes at full speed: it
    // measures what the limits cost to check, not where they stop (decision 0095, WRITE_LIMITS).
    AUTH_RATE_LIMIT_PER_EMAIL: "100000",
    RATE_LIMITS: "*=100000",
  };
  const server = await startAppServer(port(), serverEnv, { memoryProbe: true });
  const ctx: Ctx = { kind: pglite ? "pglite" : "postgres", full, server, congregation, port, serverEnv, rows, log };
  try {
    for (const f of files) {
      log(`=== ${f} ===`);
      const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { run: (ctx: Ctx) => Promise<void> };
      try {
        await mod.run(ctx);
      } catch (err) {
        exitCode = 1;
        log(`${f} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        rows.push({ scenario: f.replace(".bench.ts", ""), figure: `failed: ${err instanceof Error ? err.message.slice(0, 80) : String(err)}`, goal: "runs", met: false });
      }
    }
  } finally {
    await server.stop();
  }
} finally {
  // BENCH_KEEP_DB=1: keep the seeded database to EXPLAIN a read's queries on it afterwards (drop it yourself).
  if (pgDb && process.env.BENCH_KEEP_DB === "1") log(`kept the database: ${pgDb.url}`);
  else await pgDb?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

const cpus = os.cpus();
console.log(
  `\n${pglite ? "PGlite (embedded)" : "PostgreSQL 127.0.0.1"}, ${MEMBERS.toLocaleString("en-US")} members, ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${full ? "full" : "modest"} scale\n`,
);
const w = [0, 0, 0];
for (const r of rows) {
  w[0] = Math.max(w[0], r.scenario.length);
  w[1] = Math.max(w[1], r.figure.length);
  w[2] = Math.max(w[2], r.goal.length);
}
const line = (a: string, b: string, c: string, d: string) => `| ${a.padEnd(w[0])} | ${b.padEnd(w[1])} | ${c.padEnd(w[2])} | ${d} |`;
console.log(line("scenario", "figure", "goal", "met"));
console.log(line("-".repeat(w[0]), "-".repeat(w[1]), "-".repeat(w[2]), "---"));
for (const r of rows) console.log(line(r.scenario, r.figure, r.goal, r.met === null ? "n/a" : r.met ? "yes" : "NO"));
process.exit(exitCode);
