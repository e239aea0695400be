/**
 * Embedded default: the same authenticated reads on PGlite (the database `npm start` uses with
 * no DATABASE_URL) reach at least 1,500 requests per second, and a cold start on an existing
 * data directory with the client and the server already built (what `npm start` runs:
 * scripts/start.mjs, which checks both builds are current, then runs the server bundle
 * dist/server/main.mjs) is serving the app and the API within 3 s. On the PostgreSQL run this
 * scenario seeds its own PGlite congregation and starts its own server.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { ROOT, fmtMs, fmtN, sleep, startAppServer, tmpDir, type Ctx } from "./lib/harness";
import { seedCongregation } from "./lib/seed";
import { READS, measureReads } from "./ceiling.bench";

export async function run(ctx: Ctx) {
  const seconds = ctx.full ? 10 : 3;
  let dataDir = ctx.serverEnv.DATA_DIR;
  let own = false;
  let readCtx = ctx;
  if (ctx.kind === "postgres") {
    dataDir = tmpDir("koinonia-bench-embedded-");
    own = true;
    // BENCH_EMBEDDED_MEMBERS: a smaller embedded congregation (seeding PGlite is slow: WASM, one connection).
    const members = Number(process.env.BENCH_EMBEDDED_MEMBERS ?? ctx.congregation.members.length);
    ctx.log(`seeding ${members} members on PGlite`);
    const t0 = Date.now();
    const congregation = await seedCongregation({ dataDir }, members);
    ctx.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    readCtx = { ...ctx, congregation };
  }
  const env = { ...ctx.serverEnv, DATABASE_URL: "", DATA_DIR: dataDir! };
  try {
    const server = own ? await startAppServer(ctx.port(), env) : ctx.server;
    try {
      const reads = await measureReads(readCtx, server.base, seconds);
      for (const url of READS) {
        const r = reads[url];
        ctx.rows.push({
          scenario: `embedded: GET ${url}`,
          figure: `${fmtN(r.rps)} req/s, p99 ${fmtMs(r.p99)}${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} errors` : ""}`,
          goal: "≥ 1,500 req/s",
          met: r.rps >= 1500 && r.errors + r.non2xx === 0,
        });
      }
    } finally {
      if (own) await server.stop();
    }
    if (!own) await ctx.server.stop(); // one process per data directory: the cold start needs it free
    const coldMs = await coldStart(ctx.port(), env);
    ctx.rows.push({ scenario: "embedded: cold npm start (built)", figure: fmtMs(coldMs), goal: "serving < 3 s", met: coldMs < 3000 });
  } finally {
    if (own) fs.rmSync(dataDir!, { recursive: true, force: true });
  }
}

/** Spawn to the first 200 of both GET / (the app) and GET /api/health, as `npm start` does it. */
async function coldStart(port: number, env: Record<string, string>) {
  const child = spawn("/bin/sh", ["-c", "exec node scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const t0 = performance.now();
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (performance.now() - t0 > 60_000) throw new Error("the server did not start within 60 s");
      try {
        const [app, health] = await Promise.all([fetch(`${base}/`), fetch(`${base}/api/health`)]);
        if (app.ok && health.ok) return performance.now() - t0;
      } catch {
        /* not up yet */
      }
      await sleep(20);
    }
  } finally {
    child.kill("SIGTERM");
    const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(t);
  }
}
