/**
 * Every read (issue 23): each GET route a member or staff member uses, loaded by autocannon at
 * 100 connections with the bench's congregation, beside two ceilings measured in the same run:
 * the bare Node server (a constant JSON, as ceiling.bench.ts) and a raw PostgreSQL point select
 * through the app's driver and pool from one Node process (bench/lib/pg-point-server.ts), the
 * database-bound ceiling each route's ratio is taken against. A third reference, two point
 * selects in a row per request, shows the p99 to expect at the member goal's ratio (0.5).
 *
 * Goals (bench/lib/read-routes.ts): a member read ≥ 0.5 of the point-select rate and p99 < 30 ms;
 * a staff report ≥ 0.25 and p99 < 100 ms; no errors, every answer 2xx. The routes are the app's
 * (the role matrix); a GET route with neither a plan nor a stated exemption fails the scenario.
 *
 *   BENCH_SCALE=modest npm run bench -- reads            3 s a route, 1,000 members
 *   BENCH_READS=groups,giving npm run bench -- reads     only the routes whose path has a word
 *   BENCH_READS_SECONDS=5                                 seconds a route (default 3 modest, 5 full)
 *   BENCH_READS_OUT=/tmp/reads.md                         also write the table there (markdown; .json: one
 *                                                         object a route, as bench/reads-growth.ts reads it)
 */
import fs from "node:fs";
import { fmtMs, fmtN, load, startBareServer, startPgPointServer, type Ctx, type LoadResult } from "./lib/harness";
import { READ_GOALS, READ_PLAN, asksFor, checkReadPlan, getRoutes, isExempt, type MeasuredRead } from "./lib/read-routes";

interface Measured {
  route: string;
  plan: MeasuredRead;
  r: LoadResult;
  /** The ceiling's rate just before this route. */
  ceiling: number;
}

export async function run(ctx: Ctx) {
  const { missing, stale } = checkReadPlan();
  if (missing.length || stale.length) {
    ctx.rows.push({
      scenario: "reads: every GET route planned",
      figure: [missing.length && `no plan: ${missing.join(", ")}`, stale.length && `plan for no route: ${stale.join(", ")}`].filter(Boolean).join("; "),
      goal: "each GET route measured or exempt",
      met: false,
    });
  }
  const seconds = Number(process.env.BENCH_READS_SECONDS ?? (ctx.full ? 5 : 3));
  const words = (process.env.BENCH_READS ?? "").split(",").filter(Boolean);
  const c = ctx.congregation;
  const members = c.members;
  const tokens = members.map((x) => x.token);

  // The two ceilings, in this run.
  const bare = await startBareServer(ctx.port());
  let bareR: LoadResult;
  try {
    await load(`${bare.base}/json`, { connections: 100, seconds: 1 });
    bareR = await load(`${bare.base}/json`, { connections: 100, seconds });
  } finally {
    await bare.stop();
  }
  ctx.log(`bare Node http: ${fmtN(bareR.rps)} req/s, p99 ${fmtMs(bareR.p99)}`);
  // The point-select server stays up for the whole run: it is measured again just before each
  // route (2 s), and each route's ratio is to that figure, so a machine whose load changes
  // during the run (other work on the same cores) moves both sides of a ratio together.
  const point = ctx.kind === "postgres" ? await startPgPointServer(ctx.port(), ctx.serverEnv.DATABASE_URL) : null;
  const pointRate = async (secs: number) => (point ? await load(`${point.base}/user`, { connections: 100, seconds: secs, tokens }) : null);
  try {
    await pointRate(1);
    const pgR = await pointRate(seconds);
    if (pgR) ctx.log(`PostgreSQL point select (pg pool, one process): ${fmtN(pgR.rps)} req/s, p99 ${fmtMs(pgR.p99)}, non-2xx ${pgR.non2xx}`);
    ctx.rows.push({ scenario: "reads: bare node http", figure: `${fmtN(bareR.rps)} req/s, p99 ${fmtMs(bareR.p99)}`, goal: "ceiling", met: null });
    // Twice the point select's work per request (bench/lib/pg-point-server.ts, `/user2`): the
    // p99 a read at the member goal's ratio shows when its tail is as thin as the point select's.
    const twice = point ? await load(`${point.base}/user2`, { connections: 100, seconds, tokens }) : null;
    if (pgR && twice) {
      ctx.log(`two point selects in a row: ${fmtN(twice.rps)} req/s (${(twice.rps / pgR.rps).toFixed(2)} of one), p99 ${fmtMs(twice.p99)}, non-2xx ${twice.non2xx}`);
    }
    if (pgR) {
      ctx.rows.push({
        scenario: "reads: PostgreSQL point select",
        figure: `${fmtN(pgR.rps)} req/s (${(pgR.rps / bareR.rps).toFixed(2)} of bare), p99 ${fmtMs(pgR.p99)}`,
        goal: "ceiling (the ratios below: to its rate just before each route)",
        met: null,
      });
      if (twice) {
        ctx.rows.push({
          scenario: "reads: two PostgreSQL point selects in a row",
          figure: `${fmtN(twice.rps)} req/s (${(twice.rps / pgR.rps).toFixed(2)} of one), p99 ${fmtMs(twice.p99)}`,
          goal: "reference: the p99 at the member goal's ratio",
          met: null,
        });
      }
    }
    await measureRoutes(ctx, seconds, words, bareR, async () => (await pointRate(2))?.rps ?? null);
  } finally {
    await point?.stop();
  }
}

async function measureRoutes(ctx: Ctx, seconds: number, words: string[], bareR: LoadResult, ceilingNow: () => Promise<number | null>) {
  const c = ctx.congregation;
  const members = c.members;
  const tokens = members.map((x) => x.token);
  // Every member's session into the server's cache first (as ceiling.bench.ts does).
  await load(`${ctx.server.base}/api/church/me`, { connections: 100, seconds: 30, amount: Math.max(tokens.length * 2, 5_000), tokens });

  const ceilingName = ctx.kind === "postgres" ? "PG point select" : "bare";
  const measured: Measured[] = [];
  for (const route of getRoutes()) {
    const plan = READ_PLAN[route];
    if (!plan || isExempt(plan)) continue;
    if (words.length && !words.some((w) => route.includes(w))) continue;
    const asks = asksFor(route, plan, c);
    const url = ctx.server.base + asks[0].path;
    const ceiling = (await ceilingNow()) ?? bareR.rps;
    await load(url, { connections: 100, seconds: 1, asks });
    const r = await load(url, { connections: 100, seconds, asks });
    ctx.log(`${route}: ${fmtN(r.rps)} req/s (${(r.rps / ceiling).toFixed(2)} of ${ceilingName}), p99 ${fmtMs(r.p99)}, errors ${r.errors}, non-2xx ${r.non2xx}`);
    measured.push({ route, plan, r, ceiling });
  }

  const table = [
    `| route | who | req/s | ${ceilingName} just before | ratio | p99 | goal | ratio met | met |`,
    "|---|---|---|---|---|---|---|---|---|",
  ];
  const tally = { member: [0, 0, 0], staff: [0, 0, 0] } as Record<string, [number, number, number]>;
  for (const { route, plan, r, ceiling } of measured) {
    const goal = READ_GOALS[plan.goal];
    const ratio = r.rps / ceiling;
    const bad = r.errors + r.non2xx;
    const ratioMet = ratio >= goal.ratio && bad === 0;
    const met = ratioMet && r.p99 < goal.p99Ms;
    const t = (tally[plan.goal] ??= [0, 0, 0]);
    t[0]++;
    if (ratioMet) t[1]++;
    if (met) t[2]++;
    const goalText = `${plan.goal}: ≥ ${goal.ratio}, p99 < ${goal.p99Ms} ms`;
    ctx.rows.push({
      scenario: `reads: ${route}`,
      figure: `ratio ${ratio.toFixed(2)} (${fmtN(r.rps)} req/s), p99 ${fmtMs(r.p99)}${bad ? `, ${bad} errors or non-2xx` : ""}`,
      goal: ctx.kind === "postgres" ? goalText : `${goalText} (goal is on PostgreSQL)`,
      met,
    });
    table.push(`| ${route} | ${plan.as} | ${fmtN(r.rps)} | ${fmtN(ceiling)} | ${ratio.toFixed(2)} | ${fmtMs(r.p99)}${bad ? ` (${bad} errors)` : ""} | ${goalText} | ${ratioMet ? "yes" : "no"} | ${met ? "yes" : "no"} |`);
  }
  // Which half decides: the ratio alone, and the ratio with the p99 (bench/README.md: at 100 connections the p99 follows the rate).
  const summary = Object.entries(tally)
    .filter(([, [n]]) => n > 0)
    .map(([who, [n, ratioMet, met]]) => `${who} reads: ${ratioMet} of ${n} meet the ratio, ${met} of ${n} the whole goal`)
    .join("; ");
  const text = `${table.join("\n")}\n\n${summary}.`;
  ctx.log(`reads (${ctx.full ? "full" : "modest"} scale, ${members.length} members; bare ${fmtN(bareR.rps)} req/s):\n${text}`);
  const out = process.env.BENCH_READS_OUT;
  if (out?.endsWith(".json")) {
    const rows = measured.map(({ route, plan, r, ceiling }) => ({ route, as: plan.as, goal: plan.goal, rps: r.rps, ceiling, ratio: r.rps / ceiling, p99: r.p99, bytes: r.bytes ?? 0, bad: r.errors + r.non2xx }));
    fs.writeFileSync(out, JSON.stringify({ members: members.length, bare: bareR.rps, rows }, null, 1) + "\n");
  } else if (out) fs.writeFileSync(out, text + "\n");
}
