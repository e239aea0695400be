/**
 * Announcement fan-out (issue 18, decision 0110): a pastor sends one announcement to every member
 * of a church of 20,000 (BENCH_SCALE=modest: 2,000; BENCH_ANNOUNCE_MEMBERS sets another size) by
 * inbox and email, on its own fresh PostgreSQL database and its own server process (so the other
 * scenarios' congregation is not touched). Timed from the POST until the announcement is `sent`:
 * every inbox row written and every email queued in the outbox (sending the emails is the email
 * sender's, at the provider's rate). Then checked in the database: each member exactly once per
 * channel. Goal: under 60 s. PostgreSQL only (the embedded database is for small churches).
 */
import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { createPgDatabase, fmtMs, sleep, startAppServer, type Ctx } from "./lib/harness";
import { openDatabase } from "../server/db/client";
import { readChurchConfig, seedChurch } from "../server/shared/church-profile";

const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

export async function run(ctx: Ctx) {
  const members = Number(process.env.BENCH_ANNOUNCE_MEMBERS ?? (ctx.full ? 20_000 : 2_000));
  const scenario = `announcement to ${members.toLocaleString("en-US")} members (inbox + email)`;
  if (ctx.kind !== "postgres") {
    ctx.rows.push({ scenario, figure: "not run on PGlite", goal: "PostgreSQL", met: null });
    return;
  }
  const pgDb = await createPgDatabase();
  const database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 4 });
  try {
    await database.migrate();
    await seedChurch(database.db, readChurchConfig("config/church.json"));
    const db = database.db;
    await db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, locale, created_at)
      select 'fan' || n || '@bench.test', 'x', 'Member', n::text, 'MEMBER', case when n % 4 = 0 then 'es' else 'en' end, now() - interval '1 day'
      from generate_series(1, ${members - 1}) n
    `);
    const token = `bench-${randomBytes(12).toString("hex")}`;
    await db.execute(sql`
      with p as (insert into users (email, password_hash, first_name, last_name, role, created_at) values ('pastor@fan.bench.test', 'x', 'Pat', 'Pastor', 'PASTOR', now() - interval '1 day') returning id)
      insert into sessions (user_id, token_hash, expires_at) select id, encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), now() + interval '1 day' from p
    `);
    // A fifth of the members turned email updates off, a tenth turned announcements off.
    await db.execute(sql`insert into email_opt_outs (user_id) select id from users where email like 'fan%' and (regexp_replace(email, '\\D', '', 'g'))::int % 5 = 0`);
    await db.execute(sql`insert into notification_opt_outs (user_id, kind) select id, 'announcement' from users where email like 'fan%' and (regexp_replace(email, '\\D', '', 'g'))::int % 10 = 1`);
    await db.execute(sql`analyze`);
    const expectInbox = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users u where not exists (select 1 from notification_opt_outs o where o.user_id = u.id)`))[0].n;
    const expectEmail = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users u where not exists (select 1 from email_opt_outs o where o.user_id = u.id)`))[0].n;

    const server = await startAppServer(ctx.port(), { ...ctx.serverEnv, DATABASE_URL: pgDb.url });
    try {
      const t0 = performance.now();
      const res = await fetch(`${server.base}/api/announcements`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          title: "Christmas Eve services",
          body: "Candlelight services at 5 and 7 pm. Bring your family and friends.",
          titleEs: "Servicios de Nochebuena",
          bodyEs: "Servicios con velas a las 5 y a las 7 pm. Traiga a su familia y amigos.",
          audience: "everyone",
          channels: ["inbox", "email"],
        }),
      });
      if (res.status !== 201) throw new Error(`POST /api/announcements answered ${res.status}: ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      const postMs = performance.now() - t0;
      let status = "";
      while (performance.now() - t0 < 300_000) {
        status = rowsOf<{ status: string }>(await db.execute(sql`select status from announcements where id = ${id}::uuid`))[0].status;
        if (status === "sent") break;
        await sleep(50);
      }
      const totalMs = performance.now() - t0;
      const check = rowsOf<{ inbox: number; inbox_dupes: number; emails: number; email_dupes: number; claims: number; recipients: number }>(
        await db.execute(sql`
          select
            (select count(*)::int from notifications where subject_id = ${id}::uuid) as inbox,
            (select count(*)::int from (select user_id from notifications where subject_id = ${id}::uuid group by user_id having count(*) > 1) d) as inbox_dupes,
            (select count(*)::int from email_outbox where subject in ('Christmas Eve services', 'Servicios de Nochebuena')) as emails,
            (select count(*)::int from (select "to" from email_outbox group by "to" having count(*) > 1) d) as email_dupes,
            (select count(*)::int from announcement_deliveries where announcement_id = ${id}::uuid) as claims,
            (select recipients from announcements where id = ${id}::uuid) as recipients
        `),
      )[0];
      const exact =
        check.inbox === expectInbox && check.inbox_dupes === 0 && check.emails === expectEmail && check.email_dupes === 0 && check.claims === members * 2 && check.recipients === members;
      ctx.log(
        `${members} members: POST answered in ${fmtMs(postMs)}, sent in ${fmtMs(totalMs)}; inbox ${check.inbox}/${expectInbox}, emails ${check.emails}/${expectEmail}, claims ${check.claims}, duplicates ${check.inbox_dupes + check.email_dupes}`,
      );
      ctx.rows.push({
        scenario,
        figure: `${status === "sent" ? `sent in ${fmtMs(totalMs)}` : `not sent after ${fmtMs(totalMs)}`} (POST ${fmtMs(postMs)}); ${check.inbox.toLocaleString("en-US")} inbox rows, ${check.emails.toLocaleString("en-US")} emails queued, ${exact ? "each member exactly once" : "COUNTS WRONG"}`,
        goal: "< 60 s, each member exactly once",
        met: status === "sent" && totalMs < 60_000 && exact,
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
    await pgDb.drop();
  }
}
