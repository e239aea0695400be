/**
 * Year-end statements (issue 19, decision 0121): 5,000 donors who gave 250,000 gifts over five
 * years (BENCH_SCALE=modest: 500 donors, 25,000 gifts; BENCH_STATEMENT_DONORS sets another
 * size), on their own fresh PostgreSQL database and their own server process. The treasurer
 * (the owner) runs last year's statements with POST /api/admin/giving/statements; timed until
 * the run is `done`: every donor's statement made (a PDF with pdfkit) and queued in the outbox
 * with its PDF (sending them is the email sender's, at the provider's rate). Then checked in the
 * database: each donor exactly once, donors without an address skipped. Goal: under 3 minutes.
 * PostgreSQL only.
 *
 *   npm run bench -- statements                         with the other scenarios' harness
 *   BENCH_SCALE=modest npx tsx bench/statements.bench.ts   on its own (no client build, no congregation)
 */
import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, createPgDatabase, fmtMs, sleep, startAppServer, type Ctx, type Row } from "./lib/harness";
import { openDatabase } from "../server/db/client";
import { readChurchConfig, seedChurch } from "../server/shared/church-profile";

const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

export async function run(ctx: Ctx) {
  const donors = Number(process.env.BENCH_STATEMENT_DONORS ?? (ctx.full ? 5_000 : 500));
  const giftsEach = 50; // over five years: ten in the year of the statements
  const scenario = `year-end statements for ${donors.toLocaleString("en-US")} donors (${(donors * giftsEach).toLocaleString("en-US")} gifts over 5 years)`;
  if (ctx.kind !== "postgres") {
    ctx.rows.push({ scenario, figure: "not run on PGlite", goal: "PostgreSQL", met: null });
    return;
  }
  const pgDb = await createPgDatabase();
  const database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
  try {
    await database.migrate();
    const church = await seedChurch(database.db, readChurchConfig("config/church.json"));
    const db = database.db;
    const year = Number(new Intl.DateTimeFormat("en-US", { timeZone: church.timeZone, year: "numeric" }).format(new Date())) - 1;
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, locale, created_at)
      select 'donor' || n || '@bench.test', 'x', 'Donor', n::text, 'MEMBER', case when n % 4 = 0 then 'es' else 'en' end, now() - interval '6 years'
      from generate_series(1, ${donors}) n
    `);
    // One donor in a hundred deleted their account (no address: skipped).
    await db.execute(sql`update users set deleted_at = now() where email like 'donor%@bench.test' and (regexp_replace(email, '\\D', '', 'g'))::int % 100 = 7`);
    // Fifty gifts each, spread evenly over the five years before 1 January of this year (ten in the statements' year).
    await db.execute(sql`
      insert into gifts (user_id, amount_cents, fund_id, status, card_brand, card_last_four, created_at)
      select u.id, 500 + (g * 137 + length(u.email) * 31) % 20000, f.id, 'COMPLETED', 'visa', '4242',
        make_timestamptz(${year} - 4 + (g - 1) / 10, 1, 1, 12, 0, 0, ${church.timeZone}) + ((g - 1) % 10) * interval '36 days'
      from users u cross join generate_series(1, ${giftsEach}) g cross join (select id from funds where is_default) f
      where u.email like 'donor%@bench.test'
    `);
    const token = `bench-${randomBytes(12).toString("hex")}`;
    await db.execute(sql`
      with o as (insert into users (email, password_hash, first_name, last_name, role, created_at) values ('treasurer@statements.bench.test', 'x', 'Tess', 'Treasurer', 'OWNER', now() - interval '1 day') returning id)
      insert into sessions (user_id, token_hash, expires_at) select id, encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), now() + interval '1 day' from o
    `);
    await db.execute(sql`analyze`);
    const deleted = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users where email like 'donor%@bench.test' and deleted_at is not null`))[0].n;

    const server = await startAppServer(ctx.port(), { ...ctx.serverEnv, DATABASE_URL: pgDb.url });
    try {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/admin/giving/statements`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ year }),
      });
      if (res.status !== 202) throw new Error(`POST /api/admin/giving/statements answered ${res.status}: ${await res.text()}`);
      const postMs = performance.now() - t0;
      let status = "";
      while (performance.now() - t0 < 600_000) {
        status = rowsOf<{ status: string }>(await db.execute(sql`select status from statement_runs where year = ${year}`))[0].status;
        if (status === "done") break;
        await sleep(100);
      }
      const totalMs = performance.now() - t0;
      const check = rowsOf<{ claims: number; sent: number; skipped: number; emails: number; email_dupes: number; pdfs: number; pdf_bytes: number }>(
        await db.execute(sql`
          select
            (select count(*)::int from statement_deliveries where year = ${year}) as claims,
            (select count(*)::int from statement_deliveries where year = ${year} and outcome = 'sent') as sent,
            (select count(*)::int from statement_deliveries where year = ${year} and outcome = 'skipped') as skipped,
            (select count(*)::int from email_outbox where subject like ${`%${year}%`}) as emails,
            (select count(*)::int from (select "to" from email_outbox where subject like ${`%${year}%`} group by "to" having count(*) > 1) d) as email_dupes,
            (select count(*)::int from email_attachments) as pdfs,
            (select coalesce(avg(length(content)), 0)::int from email_attachments) as pdf_bytes
        `),
      )[0];
      const exact = check.claims === donors && check.sent === donors - deleted && check.skipped === deleted && check.emails === check.sent && check.email_dupes === 0;
      ctx.log(
        `${donors} donors: POST answered in ${fmtMs(postMs)}, done in ${fmtMs(totalMs)}; ${check.sent} statements queued (${check.pdfs} PDFs of ${check.pdf_bytes} bytes on average), ${check.skipped} skipped, duplicates ${check.email_dupes}`,
      );
      ctx.rows.push({
        scenario,
        figure: `${status === "done" ? `made and queued in ${fmtMs(totalMs)}` : `not done after ${fmtMs(totalMs)}`}; ${check.sent.toLocaleString("en-US")} PDFs (${(check.pdf_bytes / 1024).toFixed(1)} KB each), ${check.skipped} skipped, ${exact ? "each donor exactly once" : "COUNTS WRONG"}`,
        goal: "< 3 min, each donor exactly once",
        met: status === "done" && totalMs < 180_000 && exact,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await pgDb.drop();
  }
}

// On its own: `npx tsx bench/statements.bench.ts` (no client build, no congregation; the app serves no client).
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const rows: Row[] = [];
  let port = Number(process.env.BENCH_PORT_BASE ?? 5390);
  const clientDir = path.join(ROOT, "dist/client");
  const ctx = {
    kind: "postgres",
    full: process.env.BENCH_SCALE !== "modest",
    port: () => port++,
    serverEnv: { SECRETS_KEY: randomBytes(32).toString("base64"), RATE_LIMITS: "*=100000", ...(fs.existsSync(clientDir) ? { CLIENT_DIR: clientDir } : {}) },
    rows,
    log: (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
  } as unknown as Ctx;
  await run(ctx);
  console.table(rows);
  process.exit(rows.every((r) => r.met !== false) ? 0 : 1);
}
