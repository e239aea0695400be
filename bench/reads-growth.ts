/**
 * Cost as the church grows (issue 23): every read of the reads scenario at 1,000, 5,000 and
 * 20,000 members, each size on a database of its own seeded for it (everything that grows with
 * the church grows with it: at 20,000 members, 4× the gifts, notes, notifications and comments of
 * 5,000) and its own server, all up at once; then one table: each route's ratio to its own
 * database's PostgreSQL point select at every size, its growth against the 1,000-member ratio,
 * and the answer's size (a list that is paginated does not grow with the church).
 *
 * The sizes are measured alternately, route by route (the point select on that size's database
 * for 2 s, then the route), each route starting with another size, so the machine's drift over
 * the run falls on every size alike. (Run one size after another, the same route "grew" by 0.72×
 * in one run and 1.98× in the next: bench/README.md, 27 November 2026.)
 *
 * With BENCH_GROWTH_ROUNDS=3 (the default) each route is measured three times at every size
 * (each round starting with another size) and the table takes each size's median ratio: one
 * round's noise on a shared 2-core machine moved single routes by 20–30 %.
 *
 * Goal: a member's read keeps ≥ 0.8 of its 1,000-member ratio (within 20 %), and no answer grows
 * with the church.
 *
 *   npx tsx bench/reads-growth.ts                       about 45 minutes (BENCH_READS_SECONDS=2, 3 rounds)
 *   BENCH_GROWTH_ROUNDS=1                               one round: about 20 minutes
 *   BENCH_GROWTH_SIZES=1000,5000 BENCH_READS=groups npx tsx bench/reads-growth.ts
 *   BENCH_GROWTH_OUT=/tmp/growth.md                     also write the table there
 *   BENCH_SKIP_BUILD=1                                  use the build in dist/
 *
 * PostgreSQL only. Not a scenario (the runner picks up *.bench.ts only).
 */
import fs from "node:fs";
import pg from "pg";
import { benchPorts, benchServerEnv, buildForBench, createPgDatabase, fmtMs, fmtN, load, sleep, startAppServer, startPgPointServer, type BenchServer } from "./lib/harness";
import { READ_PLAN, asksFor, getRoutes, isExempt, type MeasuredRead } from "./lib/read-routes";
import { seedCongregation, type Congregation } from "./lib/seed";

interface Measure {
  ratio: number;
  rps: number;
  point: number;
  p99: number;
  bytes: number;
  bad: number;
}
interface Size {
  members: number;
  db: Awaited<ReturnType<typeof createPgDatabase>>;
  congregation: Congregation;
  server: BenchServer;
  point: BenchServer;
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const memberCounts = (process.env.BENCH_GROWTH_SIZES ?? "1000,5000,20000").split(",").map(Number);
const seconds = Number(process.env.BENCH_READS_SECONDS ?? 2);
const words = (process.env.BENCH_READS ?? "").split(",").filter(Boolean);
const rounds = Math.max(1, Number(process.env.BENCH_GROWTH_ROUNDS ?? 3));

buildForBench(log);
const port = benchPorts();

/** What a failing answer says: the first of the asks that does not answer 2xx, its status and body's start. */
async function firstBad(url: string, asks: { token: string; path: string }[]) {
  const origin = new URL(url).origin;
  for (const a of asks.slice(0, 50)) {
    const res = await fetch(origin + a.path, { headers: { authorization: `Bearer ${a.token}` } });
    if (!res.ok) return `${res.status} ${(await res.text()).slice(0, 120)}`;
  }
  return "none of the first 50 fails now (timeouts?)";
}

/**
 * Every size's app server and point-select server are up at once, each with its own pool: at the
 * app's default of 20 (plus the app's own few: its listener, its jobs) three sizes asked for
 * about 130 connections of a server that allows 100, and the connections refused ("too many
 * clients") were answered 500, about 900 a route at every size (27 November, 10:42). So each
 * process here gets an equal share of max_connections, less a reserve, at most the default 20;
 * both sides of every ratio have the same pool.
 */
async function poolPerProcess(url: string, processes: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const max = Number((await admin.query("show max_connections")).rows[0].max_connections);
  await admin.end();
  const appOwn = 3; // the app's LISTEN connection and its jobs' beside the pool
  return Math.max(4, Math.min(20, Math.floor((max - 10 - appOwn * memberCounts.length) / processes)));
}

const sizes: Size[] = [];
const results = new Map<string, { plan: MeasuredRead; at: Map<number, Measure> }>();
try {
  let poolSize = 20;
  for (const members of memberCounts) {
    const db = await createPgDatabase();
    const t0 = Date.now();
    const congregation = await seedCongregation({ databaseUrl: db.url }, members);
    log(`${fmtN(members)} members seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${congregation.summary}`);
    if (!sizes.length) {
      poolSize = await poolPerProcess(db.url, 2 * memberCounts.length);
      log(`each server's database pool: ${poolSize} (the app's default is 20; ${2 * memberCounts.length} processes share max_connections)`);
    }
    const server = await startAppServer(port(), { ...benchServerEnv({ DATABASE_URL: db.url }), DATABASE_POOL_SIZE: String(poolSize) });
    const point = await startPgPointServer(port(), db.url, poolSize);
    sizes.push({ members, db, congregation, server, point });
    // Every member's session into that server's cache first (as the reads scenario does).
    const tokens = congregation.members.map((m) => m.token);
    await load(`${server.base}/api/church/me`, { connections: 100, seconds: 30, amount: Math.max(tokens.length * 2, 5_000), tokens });
    await load(`${point.base}/user`, { connections: 100, seconds: 1, tokens });
  }

  // The seeds' writes out of the way first: a checkpoint, then the servers' start-up jobs settle
  // (the first routes measured right after seeding 20,000 members ran at a quarter of their rate).
  const admin = new pg.Client({ connectionString: sizes[0]!.db.url });
  await admin.connect();
  await admin.query("CHECKPOINT");
  await admin.end();
  await sleep(20_000);

  const routes = getRoutes().filter((route) => {
    const plan = READ_PLAN[route];
    return plan && !isExempt(plan) && (!words.length || words.some((w) => route.includes(w)));
  });
  for (const [n, route] of routes.entries()) {
    const plan = READ_PLAN[route] as MeasuredRead;
    const runs = new Map<number, Measure[]>(memberCounts.map((m) => [m, []]));
    // Each round starts with another size, and each route with another: no size is always measured first.
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < sizes.length; k++) {
        const s = sizes[(n + round + k) % sizes.length]!;
        const tokens = s.congregation.members.map((m) => m.token);
        const point = (await load(`${s.point.base}/user`, { connections: 100, seconds: 2, tokens })).rps;
        const asks = asksFor(route, plan, s.congregation);
        const url = s.server.base + asks[0].path;
        await load(url, { connections: 100, seconds: 1, asks });
        const r = await load(url, { connections: 100, seconds, asks });
        if (r.errors + r.non2xx) log(`${route} at ${fmtN(s.members)}: ${r.errors} errors, ${r.non2xx} non-2xx ${JSON.stringify(r.badStatuses ?? {})}: ${await firstBad(url, asks)}`);
        runs.get(s.members)!.push({ ratio: r.rps / point, rps: r.rps, point, p99: r.p99, bytes: r.bytes ?? 0, bad: r.errors + r.non2xx });
      }
    }
    // Each size's median round (by ratio); its errors are every round's.
    const at = new Map<number, Measure>(
      [...runs].map(([m, ms]) => {
        const mid = [...ms].sort((a, b) => a.ratio - b.ratio)[Math.floor(ms.length / 2)]!;
        return [m, { ...mid, bad: ms.reduce((sum, x) => sum + x.bad, 0) }];
      }),
    );
    if (rounds > 1) log(`${route} rounds: ${memberCounts.map((m) => `${fmtN(m)}: ${runs.get(m)!.map((x) => x.ratio.toFixed(2)).join(", ")}`).join("; ")}`);
    results.set(route, { plan, at });
    log(
      `${route}: ${memberCounts.map((m) => `${fmtN(m)}: ${at.get(m)!.ratio.toFixed(2)} (${fmtN(at.get(m)!.rps)} req/s, p99 ${fmtMs(at.get(m)!.p99)}${at.get(m)!.bad ? `, ${at.get(m)!.bad} errors or non-2xx` : ""})`).join("; ")}`,
    );
  }
} finally {
  for (const s of sizes) {
    await s.server.stop();
    await s.point.stop();
  }
  for (const s of sizes) await s.db.drop();
}

const [first, ...rest] = memberCounts;
const n = (m: number) => m.toLocaleString("en-US");
const lines = [
  `| route | who | ${memberCounts.map((m) => `ratio at ${n(m)}`).join(" | ")} | ${rest.map((m) => `growth ${n(m)}`).join(" | ")} | bytes ${memberCounts.map(n).join(" / ")} | within 20 % |`,
  `|${"---|".repeat(2 + memberCounts.length + rest.length + 2)}`,
];
let kept = 0;
let member = 0;
let bad = 0;
for (const [route, { plan, at }] of results) {
  const base = at.get(first)!;
  const growth = rest.map((m) => at.get(m)!.ratio / base.ratio);
  const isMember = plan.goal === "member";
  const within = growth.every((g) => g >= 0.8);
  if (isMember) {
    member++;
    if (within) kept++;
  }
  bad += memberCounts.reduce((sum, m) => sum + at.get(m)!.bad, 0);
  lines.push(
    `| ${route} | ${plan.as} | ${memberCounts.map((m) => at.get(m)!.ratio.toFixed(2)).join(" | ")} | ${growth.map((g) => g.toFixed(2)).join(" | ")} | ${memberCounts
      .map((m) => at.get(m)!.bytes.toLocaleString("en-US"))
      .join(" / ")} | ${isMember ? (within ? "yes" : "NO") : "(staff)"} |`,
  );
}
/** Each size's point select over the run (its median), beside the two reads that do no work that grows with the church. */
const fixed = ["GET /api/notifications/vapid-public-key", "GET /api/church/public"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ceilings = [
  `| size | PostgreSQL point select req/s (median of the run) | ${fixed.map((f) => `${f} ratio`).join(" | ")} |`,
  "|---|---|" + "---|".repeat(fixed.length),
  ...memberCounts.map(
    (m) =>
      `| ${n(m)} members | ${fmtN(median([...results.values()].map((r) => r.at.get(m)!.point)))} | ${fixed.map((f) => results.get(f)?.at.get(m)?.ratio.toFixed(2) ?? "—").join(" | ")} |`,
  ),
];
const text =
  `${lines.join("\n")}\n\n${rounds > 1 ? `Each ratio is the median of ${rounds} rounds. ` : ""}Member reads within 20 % of their ${n(first)}-member ratio at every size: ${kept} of ${member}.` +
  `${bad ? ` Errors or non-2xx answers: ${bad}.` : ""}\n\n${ceilings.join("\n")}\n`;
console.log(text);
if (process.env.BENCH_GROWTH_OUT) fs.writeFileSync(process.env.BENCH_GROWTH_OUT, text);
process.exit(bad ? 1 : 0);
