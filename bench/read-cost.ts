/**
 * What one read costs the server's own thread, route by route: CPU milliseconds per request
 * (from /proc/<pid>/stat before and after N requests at CONN connections, 4 unless set), the database's CPU
 * milliseconds per request (its backends serving this database, from /proc as well: PostgreSQL on
 * the same machine), the median latency and the answer's size. On a shared machine this moves far less than requests a second, so it is
 * how a fix to a read is compared before and after (bench/README.md, issue 23).
 *
 * Against a server started by hand on a database the reads bench kept (BENCH_KEEP_DB=1):
 *
 *   DB=postgres://postgres@127.0.0.1:5432/koinonia_bench_... \
 *   DATABASE_URL=$DB PORT=5790 NODE_ENV=production LOG_LEVEL=warn SEED_DEMO=false RATE_LIMITS='*=100000' \
 *     SECRETS_KEY=$(head -c32 /dev/urandom | base64) CLIENT_DIR=dist/client node --import tsx server/main.ts &
 *   DB=$DB BASE=http://127.0.0.1:5790 PID=$! ONLY=groups,statement npx tsx bench/read-cost.ts
 *
 * LOG_LEVEL=warn as the reads bench starts its server (bench/lib/harness.ts): at the default
 * (info) every request writes two log lines through pino's redaction, about a fifth of the
 * server's busy time on a small read (decision 0142), which the bench's figures do not include.
 *
 * At the reads bench's 100 connections (`CONN=100 N=20000`) the same figures split a request's
 * whole cost as the bench sees it: the server's, the database's, this process's own (the load
 * generator: autocannon, as in the bench) and the wall time per request times the machine's
 * cores (`wall×cores`: what the three leave to the kernel's loopback and the rest). A read's
 * ratio to the point select follows that total, so it shows which part a fix must cut
 * (decision 0146). At 4 connections the server's figure carries its idle wake-ups instead.
 *
 * Not a scenario (the runner picks up *.bench.ts only).
 */
import fs from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { READ_PLAN, getRoutes, isExempt, routePath } from "./lib/read-routes";

const DB = process.env.DB ?? "";
const BASE = process.env.BASE ?? "http://127.0.0.1:5790";
const PID = Number(process.env.PID);
const N = Number(process.env.N ?? 600);
const CONN = Number(process.env.CONN ?? 4);
const words = (process.env.ONLY ?? "").split(",").filter(Boolean);

const client = new pg.Client({ connectionString: DB });
await client.connect();
const rows = async <T>(q: string) => (await client.query(q)).rows as T[];
const members = await rows<{ id: string }>(`select id from users where email like 'member%@bench.test' order by email limit 300`);
const [pastor] = await rows<{ id: string }>(`select id from users where email = 'pastor@bench.test'`);
const [owner] = await rows<{ id: string }>(`select id from users where email = 'owner@bench.test'`);
const [live] = await rows<{ id: string; poll_id: string }>(`select s.id, p.id as poll_id from services s join polls p on p.service_id = s.id where s.is_live`);
const [journey] = await rows<{ id: string }>(`select id from journeys order by key limit 1`);
const [event] = await rows<{ id: string }>(
  `select e.id from calendar_events e join calendar_rsvps r on r.event_id = e.id group by e.id order by count(*) desc limit 1`,
);
const notes = new Map(
  (await rows<{ user_id: string; id: string }>(`select distinct on (user_id) user_id, id from personal_notes order by user_id, created_at desc`)).map((r) => [r.user_id, r.id]),
);
const leaders = await rows<{ user_id: string; group_id: string }>(`select distinct on (group_id) user_id, group_id from group_members where is_leader order by group_id, user_id`);
const ids = { liveServiceId: live.id, pollId: live.poll_id, journeyId: journey.id, eventId: event.id };

/** utime + stime of a process, in ms (clock ticks of 10 ms); 0 once it is gone. */
const cpuOf = (pid: number) => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
const cpuMs = () => cpuOf(PID);
/** The database's backends serving this database (not this script's own connection), by pid: their CPU so far. */
const dbCpu = async () => {
  const pids = await rows<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  return new Map(pids.map((p) => [p.pid, cpuOf(p.pid)]));
};
/** Database CPU ms spent between two dbCpu() samples (a backend opened meanwhile counts from zero). */
const dbSpent = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

for (const route of getRoutes()) {
  const plan = READ_PLAN[route];
  if (!plan || isExempt(plan)) continue;
  if (words.length && !words.some((w) => route.includes(w))) continue;
  const pathOf = (mine: { noteId?: string; groupId?: string }) => (plan.path ? plan.path(ids, mine) : routePath(route));
  const asks =
    plan.as === "members"
      ? members.map((m) => ({ token: `bench-${m.id}`, path: pathOf({ noteId: notes.get(m.id) }) }))
      : plan.as === "leaders"
        ? leaders.map((l) => ({ token: `bench-${l.user_id}`, path: pathOf({ groupId: l.group_id }) }))
        : [{ token: `bench-${plan.as === "owner" ? owner.id : pastor.id}`, path: pathOf({}) }];
  let i = 0;
  const run = (amount: number) =>
    autocannon({
      url: BASE + asks[0].path,
      connections: CONN,
      amount,
      requests: [
        {
          method: "GET",
          setupRequest: (req) => {
            const a = asks[i++ % asks.length];
            return { ...req, path: a.path, headers: { ...req.headers, authorization: `Bearer ${a.token}` } };
          },
        },
      ],
    });
  await run(100);
  const before = cpuMs();
  const dbBefore = await dbCpu();
  const own = process.cpuUsage();
  const r = await run(N);
  // The time per request from the mean latency (Little's law): autocannon ends an `amount` run on
  // its one-second tick, so the run's own length is whole seconds.
  const wall = r.latency.average / CONN;
  const ms = (cpuMs() - before) / N;
  const dbMs = dbSpent(dbBefore, await dbCpu()) / N;
  const used = process.cpuUsage(own);
  const loadMs = (used.user + used.system) / 1000 / N;
  console.log(
    `${route.padEnd(45)} cpu ${ms.toFixed(2)} ms/req  db ${dbMs.toFixed(2)} ms/req  load ${loadMs.toFixed(2)} ms/req  wall×cores ${(wall * os.availableParallelism()).toFixed(2)} ms/req  ` +
      `${Math.round(1000 / wall)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(Number(r.throughput.total) / N)} bytes  non-2xx ${r.non2xx}`,
  );
}
await client.end();
