/**
 * The giving ledger at a church's size (issue 19; decision 0122): 250,000 gifts from 5,000 donors
 * over 5 years (BENCH_SCALE=modest: 25,000 from 500) in four funds, a tenth from the wallet, 3%
 * declined, a third with the fee covered, 1,000 recurring gifts; on its own fresh PostgreSQL
 * database and server process (the other scenarios' congregation is not touched).
 *
 *   1. The ledger's filtered page (`GET /api/admin/giving/gifts`): the last 30 days, a month of one
 *      fund, this year by card, and a donor search, rotated, by 16 concurrent finance holders.
 *   2. The totals (`GET /api/admin/giving/totals`): this year by month, the last 13 weeks by week,
 *      one fund over the last year, and all five years by month, rotated, by 16 concurrent staff.
 *   3. The CSV export of all five years (`GET /api/admin/giving/export.csv`), read as it streams
 *      (rows counted, never kept), while the server's resident memory is sampled from /proc every
 *      20 ms against its memory at rest just before. Then the rows are checked against the database.
 *
 * Goals: p99 < 200 ms for (1) and (2); (3) every completed gift exactly once with RSS growth
 * < 100 MB. PostgreSQL only. BENCH_LEDGER_EXPLAIN=1 prints the plans of the main queries.
 */
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { createPgDatabase, fmtMs, fmtN, sleep, startAppServer, type Ctx } from "./lib/harness";
import { openDatabase } from "../server/db/client";
import { readChurchConfig, seedChurch } from "../server/shared/church-profile";
import { zonedDate } from "../contract/zoned-time";

const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
const CONNECTIONS = 16;

/** Resident memory of a process, in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

async function rotate(base: string, paths: string[], tokens: string[], seconds: number) {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "GET",
        setupRequest: (req) => {
          const k = i++;
          return { ...req, path: paths[k % paths.length], headers: { ...req.headers, authorization: `Bearer ${tokens[k % tokens.length]}` } };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, median: result.latency.p50, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

export async function run(ctx: Ctx) {
  const donors = ctx.full ? 5_000 : 500;
  const giftCount = ctx.full ? 250_000 : 25_000;
  const label = `${fmtN(giftCount)} gifts, ${fmtN(donors)} donors, 5 years`;
  if (ctx.kind !== "postgres") {
    ctx.rows.push({ scenario: `giving ledger (${label})`, figure: "not run on PGlite", goal: "PostgreSQL", met: null });
    return;
  }
  const pgDb = await createPgDatabase();
  const database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
  try {
    await database.migrate();
    const church = await seedChurch(database.db, readChurchConfig("config/church.json"));
    const tz = church.timeZone;
    const db = database.db;
    const t0 = Date.now();
    await db.execute(sql`insert into funds (name_en, name_es) values ('Missions', 'Misiones'), ('Building', 'Edificio'), ('Youth', 'Jóvenes')`);
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, created_at)
      select 'donor' || n || '@ledger.bench.test', 'x',
             (array['Grace','John','Mary','Peter','Ruth','David','Esther','Paul','Lydia','Samuel'])[1 + n % 10],
             (array['Okafor','Smith','Garcia','Nguyen','Johnson','Brown','Mensah','Lee'])[1 + n % 8] || n,
             'MEMBER', now() - interval '6 years'
      from generate_series(1, ${donors}) n`);
    // Ten finance holders (treasurers and staff), each with a session.
    const tokens = Array.from({ length: 10 }, () => `bench-${randomBytes(12).toString("hex")}`);
    for (const [k, token] of tokens.entries()) {
      await db.execute(sql`
        with u as (insert into users (email, password_hash, first_name, last_name, role, finance) values (${`treasurer${k}@ledger.bench.test`}, 'x', 'Tess', ${`Treasurer${k}`}, 'STAFF', true) returning id)
        insert into sessions (user_id, token_hash, expires_at) select id, encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), now() + interval '1 day' from u`);
    }
    // The gifts: spread evenly over five years back from now, each donor about equally often.
    await db.execute(sql`
      with d as (select id, row_number() over (order by email) as k from users where email like 'donor%'),
           f as (select id, row_number() over (order by is_default desc, name_en) as k from funds)
      insert into gifts (user_id, fund_id, amount_cents, fee_cents, status, gateway_transaction_id, failure_reason, card_last_four, card_brand, receipt_sent_at, created_at)
      select d.id, f.id,
             500 + (g * 7919 % 200) * 250,
             case when g % 3 = 0 then 30 + (g % 200) * 7 else 0 end,
             case when g % 33 = 0 then 'FAILED' else 'COMPLETED' end,
             case when g % 33 = 0 then null else 'bench-ledger-' || g end,
             case when g % 33 = 0 then 'Declined' end,
             case when g % 10 = 0 then null else '4242' end,
             case when g % 10 = 0 then null else 'Visa' end,
             now(),
             now() - (g::float8 / ${giftCount}) * interval '1826 days' - (g % 1000) * interval '1 second'
      from generate_series(1, ${giftCount}) g
      join d on d.k = 1 + (g * 2654435761::bigint % ${donors})
      join f on f.k = 1 + (case when g % 10 < 6 then 0 when g % 10 < 8 then 1 when g % 10 < 9 then 2 else 3 end)`);
    await db.execute(sql`
      insert into recurring_gifts (user_id, amount_cents, fund_id, frequency, next_payment_date, anchor_day, status, gateway_profile_id, card_last_four, card_brand, created_at)
      select u.id, 5000, (select id from funds where is_default), 'monthly', (now() + interval '10 days')::date, 1, 'ACTIVE', 'bench-profile-' || u.email, '4242', 'Visa', now() - interval '2 years'
      from (select id, email from users where email like 'donor%' order by email limit ${Math.min(1000, donors)}) u`);
    await db.execute(sql`vacuum analyze`);
    const [counts] = rowsOf<{ gifts: number; completed: number }>(
      await db.execute(sql`select count(*)::int as gifts, count(*) filter (where status = 'COMPLETED')::int as completed from gifts`),
    );
    ctx.log(`giving ledger: seeded ${fmtN(counts!.gifts)} gifts (${fmtN(counts!.completed)} completed) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const now = new Date();
    const today = zonedDate(tz, now);
    const daysAgo = (n: number) => zonedDate(tz, new Date(now.getTime() - n * 86_400_000));
    const yearStart = `${today.slice(0, 4)}-01-01`;
    const fiveYears = daysAgo(5 * 365 + 2);
    const missions = rowsOf<{ id: string }>(await db.execute(sql`select id from funds where name_en = 'Missions'`))[0]!.id;

    if (process.env.BENCH_LEDGER_EXPLAIN) {
      const explain = async (name: string, q: ReturnType<typeof sql>) => {
        const plan = rowsOf<{ "QUERY PLAN": string }>(await db.execute(sql`explain (analyze, buffers) ${q}`));
        ctx.log(`EXPLAIN ${name}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
      };
      const from = (d: string) => sql`(${d}::date::timestamp at time zone ${tz})`;
      await explain(
        "ledger page, a month of one fund",
        sql`select g.id from gifts g join users u on u.id = g.user_id join funds f on f.id = g.fund_id where g.created_at >= ${from(daysAgo(30))} and g.created_at < ${from(today)} + interval '1 day' and g.fund_id = ${missions}::uuid order by g.created_at desc, g.id desc limit 51`,
      );
      // The totals read the day totals the triggers on gifts keep (decision 0123): at most a row per day, fund and method.
      await explain(
        "totals, five years per month and fund (gift_day_totals)",
        sql`select width_bucket(day, ${`{${Array.from({ length: 61 }, (_, i) => `${Number(fiveYears.slice(0, 4)) + Math.floor((Number(fiveYears.slice(5, 7)) - 1 + i) / 12)}-${String(((Number(fiveYears.slice(5, 7)) - 1 + i) % 12) + 1).padStart(2, "0")}-01`).join(",")}}`}::date[]), fund_id, sum(total_cents), sum(fee_cents), sum(gift_count) from gift_day_totals where day >= ${fiveYears}::date and day <= ${today}::date group by 1, 2`,
      );
      await explain(
        "totals, this year by card (gift_day_totals)",
        sql`select fund_id, sum(total_cents), sum(gift_count) from gift_day_totals where method = 'card' and day >= ${yearStart}::date and day <= ${today}::date group by 1`,
      );
      const [kept] = rowsOf<{ rows: number; days: number; funds: number }>(
        await db.execute(sql`select count(*)::int as rows, count(distinct day)::int as days, count(distinct fund_id)::int as funds from gift_day_totals`),
      );
      ctx.log(`gift_day_totals: ${fmtN(kept!.rows)} rows for ${fmtN(kept!.days)} days and ${kept!.funds} funds`);
    }

    const server = await startAppServer(ctx.port(), { ...ctx.serverEnv, DATABASE_URL: pgDb.url }, { memoryProbe: true });
    try {
      const seconds = ctx.full ? 10 : 4;
      const ledgerPaths = [
        "/api/admin/giving/gifts?limit=50",
        `/api/admin/giving/gifts?from=${daysAgo(30)}&to=${today}&fundId=${missions}&limit=50`,
        `/api/admin/giving/gifts?from=${yearStart}&to=${today}&method=card&status=COMPLETED&limit=50`,
        "/api/admin/giving/gifts?q=garcia&limit=50",
      ];
      const totalsPaths = [
        `/api/admin/giving/totals?from=${yearStart}&to=${today}&group=month`,
        `/api/admin/giving/totals?from=${daysAgo(91)}&to=${today}&group=week`,
        `/api/admin/giving/totals?from=${daysAgo(365)}&to=${today}&fundId=${missions}&group=month`,
        `/api/admin/giving/totals?from=${fiveYears}&to=${today}&group=month`,
      ];
      for (const p of [...ledgerPaths, ...totalsPaths]) {
        const r = await fetch(server.base + p, { headers: { authorization: `Bearer ${tokens[0]}` } });
        if (r.status !== 200) throw new Error(`${p}: ${r.status} ${await r.text()}`);
      }
      await rotate(server.base, ledgerPaths, tokens, 1);
      const ledger = await rotate(server.base, ledgerPaths, tokens, seconds);
      ctx.log(`ledger page: ${fmtN(ledger.rps)} req/s, median ${fmtMs(ledger.median)}, p99 ${fmtMs(ledger.p99)}, errors ${ledger.errors}, non-2xx ${ledger.non2xx}`);
      ctx.rows.push({
        scenario: `giving ledger: filtered page, ${CONNECTIONS} finance holders (${label})`,
        figure: `p99 ${fmtMs(ledger.p99)}, ${fmtN(ledger.rps)} req/s${ledger.errors + ledger.non2xx ? `, ${ledger.errors + ledger.non2xx} errors` : ""}`,
        goal: "p99 < 200 ms",
        met: ledger.p99 < 200 && ledger.errors === 0 && ledger.non2xx === 0,
      });
      await rotate(server.base, totalsPaths, tokens, 1);
      const totals = await rotate(server.base, totalsPaths, tokens, seconds);
      ctx.log(`totals: ${fmtN(totals.rps)} req/s, median ${fmtMs(totals.median)}, p99 ${fmtMs(totals.p99)}, errors ${totals.errors}, non-2xx ${totals.non2xx}`);
      ctx.rows.push({
        scenario: `giving ledger: totals by fund and period, ${CONNECTIONS} staff`,
        figure: `p99 ${fmtMs(totals.p99)}, ${fmtN(totals.rps)} req/s${totals.errors + totals.non2xx ? `, ${totals.errors + totals.non2xx} errors` : ""}`,
        goal: "p99 < 200 ms",
        met: totals.p99 < 200 && totals.errors === 0 && totals.non2xx === 0,
      });

      // The export: memory at rest (after a forced GC), then sampled while the whole file streams.
      // After a forced GC (the memory probe), RSS may still fall as the allocator hands memory
      // back: the baseline is the lower of the probe's figure and a sample just before the download.
      await sleep(500);
      const rest = await server.memory();
      const pid = server.child.pid!;
      await sleep(200);
      const baseline = Math.min(rest.rss, rssOf(pid));
      let peak = baseline;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, rssOf(pid));
        } catch {
          /* the process is gone */
        }
      }, 20);
      const started = performance.now();
      let bytes = 0;
      let lines = 0;
      const ids = new Set<string>();
      let tail = "";
      try {
        const res = await fetch(`${server.base}/api/admin/giving/export.csv?from=${fiveYears}&to=${today}`, {
          // Compressed as a browser asks (fetch decompresses it as it comes).
          headers: { authorization: `Bearer ${tokens[0]}` },
        });
        if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
        const decoder = new TextDecoder();
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          const text = tail + decoder.decode(chunk, { stream: true });
          const parts = text.split("\r\n");
          tail = parts.pop() ?? "";
          for (const line of parts) {
            lines += 1;
            // The gift id is the last column (a UUID, never quoted).
            if (lines > 1) ids.add(line.slice(line.lastIndexOf(",") + 1));
          }
        }
      } finally {
        clearInterval(sampler);
      }
      const exportMs = performance.now() - started;
      const growth = peak - baseline;
      const [expected] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from gifts where status = 'COMPLETED' and created_at >= (${fiveYears}::date::timestamp at time zone ${tz})`),
      );
      const exact = ids.size === expected!.n && lines - 1 === expected!.n;
      const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
      ctx.log(
        `export: ${fmtN(lines - 1)} rows (${fmtN(ids.size)} distinct, ${fmtN(expected!.n)} expected), ${mb(bytes)} in ${fmtMs(exportMs)}; server RSS before ${mb(baseline)}, peak ${mb(peak)}, growth ${mb(growth)}`,
      );
      ctx.rows.push({
        scenario: `giving ledger: CSV export of all ${fmtN(expected!.n)} completed gifts`,
        figure: `RSS growth ${mb(growth)} (from ${mb(baseline)} to a peak of ${mb(peak)}), ${mb(bytes)} in ${fmtMs(exportMs)}, ${exact ? "each gift once" : "ROWS WRONG"}`,
        goal: "RSS growth < 100 MB, each gift once",
        met: growth < 100 * 2 ** 20 && exact,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await pgDb.drop();
  }
}
