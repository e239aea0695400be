/**
 * Ceiling ratio: a bare Node http server answering a constant JSON, then the app's authenticated
 * reads, each loaded by autocannon at 100 connections (members' tokens rotated per request).
 * Goal on PostgreSQL: each read at least 0.35 of the bare server's requests per second, p99
 * under 50 ms. Also used by embedded.bench.ts for the PGlite figure.
 */
import { fmtMs, fmtN, load, startBareServer, type Ctx, type LoadResult } from "./lib/harness";

export const READS = ["/api/church/me", "/api/services/live", "/api/testimonies"];

export async function measureReads(ctx: Ctx, base: string, seconds: number) {
  const tokens = ctx.congregation.members.map((m) => m.token);
  const out: Record<string, LoadResult> = {};
  for (const url of READS) {
    // Warm-up: JIT, pools, and every member's first request (their session read into the
    // server's cache), as on Sunday a member's first request of the morning is behind them by
    // the time they keep reading. Sign-in and first requests are the Sunday scenario's figures.
    await load(base + url, { connections: 100, seconds: 1, amount: Math.max(tokens.length * 2, 5_000), tokens });
    out[url] = await load(base + url, { connections: 100, seconds, tokens });
    ctx.log(`${url}: ${fmtN(out[url].rps)} req/s, p99 ${fmtMs(out[url].p99)}, errors ${out[url].errors}, non-2xx ${out[url].non2xx}`);
  }
  return out;
}

export async function run(ctx: Ctx) {
  const seconds = ctx.full ? 10 : 3;
  const bare = await startBareServer(ctx.port());
  let baseline: LoadResult;
  try {
    await load(`${bare.base}/json`, { connections: 100, seconds: 1 });
    baseline = await load(`${bare.base}/json`, { connections: 100, seconds });
  } finally {
    await bare.stop();
  }
  ctx.log(`bare Node http: ${fmtN(baseline.rps)} req/s, p99 ${fmtMs(baseline.p99)}`);
  ctx.rows.push({ scenario: "ceiling: bare node http", figure: `${fmtN(baseline.rps)} req/s, p99 ${fmtMs(baseline.p99)}`, goal: "baseline", met: null });
  const reads = await measureReads(ctx, ctx.server.base, seconds);
  for (const [url, r] of Object.entries(reads)) {
    const ratio = r.rps / baseline.rps;
    const ok = ratio >= 0.35 && r.p99 < 50 && r.errors === 0 && r.non2xx === 0;
    ctx.rows.push({
      scenario: `ceiling: GET ${url}`,
      figure: `ratio ${ratio.toFixed(2)} (${fmtN(r.rps)} req/s), p99 ${fmtMs(r.p99)}${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} errors` : ""}`,
      goal: ctx.kind === "postgres" ? "ratio ≥ 0.35, p99 < 50 ms" : "ratio ≥ 0.35, p99 < 50 ms (goal is on PostgreSQL)",
      met: ok,
    });
  }
}
