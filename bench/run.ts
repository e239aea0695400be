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
 *   BENCH_SCALE=large npm run bench -- poll sunday event    issue 23's megachurch Sunday (bench/lib/scale.ts)
 *   BENCH_INSTANCES=2 ...                  two server processes on one PostgreSQL (the README's scale-out)
 *   BENCH_MEMBERS=20000 npm run bench -- reads    another congregation size
 *   BENCH_SKIP_BUILD=1, BENCH_KEEP_DB=1    reuse dist/; keep the seeded database (to EXPLAIN on it)
 *
 * Benchmarks are never part of `npm test` (vitest only runs *.test.ts).
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, benchPorts, benchServerEnv, buildForBench, createPgDatabase, startAppServer, tmpDir, type BenchServer, type Ctx, type Row } from "./lib/harness";
import { seedCongregation } from "./lib/seed";
import { benchScale, filesFor } from "./lib/scale";

const args = process.argv.slice(2);
const pglite = args.includes("--pglite");
const filters = args.filter((a) => !a.startsWith("--"));
const { scale, sizes, instances } = benchScale();
const full = scale !== "modest";
// BENCH_MEMBERS: another congregation size (the reads scenario compares 1,000, 5,000 and 20,000).
const MEMBERS = sizes.members;
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

// N streams need N sockets in the server processes (the bench's clients are spread over child
// processes of at most 5,000 each, bench/event-stream.bench.ts): say so up front.
try {
  const limit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
  const need = filesFor(Math.ceil(sizes.sseClients / instances));
  log(`open-file limit ${limit}`);
  if (limit < need && files.some((f) => f.startsWith("event-stream")))
    log(
      `warning: below ${need.toLocaleString("en-US")}; ${sizes.sseClients.toLocaleString("en-US")} streams on ${instances} server process(es) need more ` +
        `(ulimit -n ${Math.max(need, 20_000)} before npm run bench, as a user allowed to; or BENCH_INSTANCES=2 to halve each process's share)`,
    );
} catch {
  /* not a shell we can ask */
}

buildForBench(log);
const port = benchPorts();
const pgDb = pglite ? null : await createPgDatabase();
const dataDir = pglite ? tmpDir("koinonia-bench-data-") : undefined;
const rows: Row[] = [];
let exitCode = 0;
try {
  log(`seeding ${MEMBERS.toLocaleString("en-US")} members on ${pglite ? "PGlite" : "PostgreSQL"}`);
  const t0 = Date.now();
  const congregation = await seedCongregation({ databaseUrl: pgDb?.url, dataDir }, MEMBERS);
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${congregation.summary}`);
  const serverEnv = benchServerEnv(pgDb ? { DATABASE_URL: pgDb.url } : { DATABASE_URL: "", DATA_DIR: dataDir! });
  // BENCH_INSTANCES > 1: more server processes on the same database (PostgreSQL only; PGlite is one process).
  if (instances > 1 && pglite) throw new Error("BENCH_INSTANCES > 1 needs PostgreSQL (the embedded database is one process)");
  const servers: BenchServer[] = [];
  for (let k = 0; k < instances; k++) servers.push(await startAppServer(port(), serverEnv, { memoryProbe: true }));
  if (instances > 1) log(`${instances} server processes on one database: ${servers.map((s) => s.base).join(", ")}`);
  const server = servers[0];
  const serverFor = (i: number) => servers[i % servers.length];
  const ctx: Ctx = { kind: pglite ? "pglite" : "postgres", full, scale, sizes, server, servers, serverFor, congregation, port, serverEnv, rows, log };
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
    await Promise.all(servers.map((s) => s.stop()));
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
    `${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${scale} scale${instances > 1 ? `, ${instances} server processes` : ""}\n`,
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
