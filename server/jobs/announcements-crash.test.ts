/**
 * Announcements exactly once through a crash (decision 0110): the real server (server/main.ts, a
 * child process) sends an announcement to 3,000 members in batches of 5; it is killed with
 * SIGKILL in the middle of the send, and a new server on the same database finishes it. Every
 * member then has exactly one inbox row and exactly one queued email, one delivery claim per
 * channel, and the counters staff see equal the rows.
 *
 * PostgreSQL only, like server/security/crash-safety.test.ts: vitest.config.ts includes this
 * file only when TEST_DATABASE_URL is set (the embedded PGlite of a SIGKILLed process is not a
 * crash-recovery target; its data directory is not a write-ahead log a restart replays).
 */
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openTestDatabase } from "../testing/harness";
import { fakeClientDir, startServerProcess } from "../testing/server-process";

if (!process.env.TEST_DATABASE_URL) throw new Error("announcements-crash.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL");

const MEMBERS = 3000;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

it("killed with SIGKILL mid-send and restarted: every member exactly once per channel", async () => {
  const pgdb = await openTestDatabase();
  cleanups.push(() => pgdb.dispose());
  const db = pgdb.database.db;
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, locale, created_at)
    select 'crash' || g || '@example.org', 'x', 'Member', g::text, case when g % 3 = 0 then 'es' else 'en' end, now() - interval '1 hour'
    from generate_series(1, ${MEMBERS}) g
  `);
  const [a] = rows<{ id: string }>(
    await db.execute(sql`
      insert into announcements (title, body, title_es, body_es, audience_kind, channels, status, send_at)
      values ('Christmas Eve services', 'Candlelight at 5 and 7 pm.', 'Servicios de Nochebuena', 'Velas a las 5 y 7 pm.', 'everyone', '{inbox,email}', 'scheduled', now())
      returning id
    `),
  );
  const progress = async () =>
    rows<{ status: string; recipients: number }>(await db.execute(sql`select status, recipients from announcements where id = ${a.id}::uuid`))[0];

  const env = { DATABASE_URL: pgdb.url!, CLIENT_DIR: fakeClientDir(), ANNOUNCEMENT_BATCH_SIZE: "5", LOG_LEVEL: "info" };
  const first = await startServerProcess(env, "server__announcements-crash.test.ts__first", 90_000);
  cleanups.push(() => first.kill());
  // Wait until the send is under way, then kill the process without warning.
  let seen = await progress();
  const deadline = Date.now() + 60_000;
  while (seen.recipients < 200 && seen.status !== "sent" && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    seen = await progress();
  }
  first.child.kill("SIGKILL");
  const exit = await first.exited;
  expect(exit.signal).toBe("SIGKILL");
  const atKill = await progress();
  expect(atKill.status, "the send should still be under way when the process is killed").toBe("sending");
  expect(atKill.recipients).toBeGreaterThan(0);
  expect(atKill.recipients).toBeLessThan(MEMBERS);

  const second = await startServerProcess(env, "server__announcements-crash.test.ts__second", 90_000);
  cleanups.push(() => second.kill());
  const until = Date.now() + 120_000;
  while ((await progress()).status !== "sent" && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  expect((await progress()).status).toBe("sent");
  await second.kill();

  const inbox = rows<{ user_id: string; n: number; title: string; locale: string }>(
    await db.execute(sql`
      select n.user_id, count(*)::int as n, min(n.title) as title, min(u.locale) as locale
      from notifications n join users u on u.id = n.user_id
      where n.subject_id = ${a.id}::uuid group by n.user_id
    `),
  );
  expect(inbox).toHaveLength(MEMBERS);
  expect(inbox.every((r) => r.n === 1)).toBe(true);
  expect(inbox.every((r) => r.title === (r.locale === "es" ? "Servicios de Nochebuena" : "Christmas Eve services"))).toBe(true);
  const emails = rows<{ to: string; n: number }>(
    await db.execute(sql`select "to", count(*)::int as n from email_outbox where subject in ('Christmas Eve services', 'Servicios de Nochebuena') group by "to"`),
  );
  expect(emails).toHaveLength(MEMBERS);
  expect(emails.every((r) => r.n === 1)).toBe(true);
  const claims = rows<{ channel: string; n: number }>(
    await db.execute(sql`select channel, count(*)::int as n from announcement_deliveries where announcement_id = ${a.id}::uuid group by channel order by channel`),
  );
  expect(claims).toEqual([
    { channel: "email", n: MEMBERS },
    { channel: "inbox", n: MEMBERS },
  ]);
  const [record] = rows<{ recipients: number; reached_inbox: number; reached_email: number }>(
    await db.execute(sql`select recipients, reached_inbox, reached_email from announcements where id = ${a.id}::uuid`),
  );
  expect(record).toEqual({ recipients: MEMBERS, reached_inbox: MEMBERS, reached_email: MEMBERS });
}, 300_000);
