/**
 * A realistic congregation, seeded with bulk SQL (INSERT ... SELECT generate_series), not
 * thousands of API calls: 5,000 members and a pastor, a year of gifts, testimonies with amens,
 * personal notes, live-stream comments, prayer requests and notifications. Every member gets a
 * session created directly (token `bench-<user id>`, stored as its SHA-256 like real ones), so
 * argon2 sign-in hashing does not dominate the read benchmarks; the Sunday scenario signs in
 * for real with BENCH_PASSWORD.
 */
import { sql } from "drizzle-orm";
import argon2 from "argon2";
import { openDatabase } from "../../server/db/client";
import { readChurchConfig, seedChurch } from "../../server/shared/church-profile";
import { seedJourneyContent } from "../../server/seed/connect";
import { ARGON2_OPTIONS } from "../../server/security/passwords";
import { seedLists } from "./seed-lists";

export const BENCH_PASSWORD = "bench-sunday-password";

export interface Congregation {
  pastorToken: string;
  /** The church's OWNER (owner-only and finance reads). */
  ownerToken: string;
  /** Real ids for routes with path params (bench/reads.bench.ts). */
  ids: {
    liveServiceId: string;
    pollId: string;
    journeyId: string;
    eventId: string;
    /** Each member's newest note, by member id. */
    noteByMember: Record<string, string>;
    /** A leader of each small group: their token and the group. */
    leaders: { token: string; groupId: string }[];
  };
  /** Members in order: email and a ready session token. */
  members: { id: string; email: string; token: string }[];
}

export interface SeedTarget {
  databaseUrl?: string;
  dataDir?: string;
}

/** Migrates and seeds a fresh database; returns the tokens. Counts in the returned summary. */
export async function seedCongregation(target: SeedTarget, memberCount: number): Promise<Congregation & { summary: string }> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 4 });
  try {
    await database.migrate();
    await seedChurch(database.db, readChurchConfig("config/church.json"));
    await seedJourneyContent(database.db);
    const hash = await argon2.hash(BENCH_PASSWORD, ARGON2_OPTIONS);
    const db = database.db;
    // BENCH_SEED_LOG=1: each statement that takes a second or more, to find what makes a seed slow.
    const run = async (q: string) => {
      const t0 = performance.now();
      const out = await db.execute(sql.raw(q));
      const ms = performance.now() - t0;
      if (process.env.BENCH_SEED_LOG === "1" && ms >= 1000) console.log(`seed: ${(ms / 1000).toFixed(1)} s ${q.replace(/\s+/g, " ").trim().slice(0, 90)}`);
      return out;
    };
    const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
    await run(`
      INSERT INTO users (email, password_hash, first_name, last_name, role, created_at)
      SELECT 'member' || n || '@bench.test', ${lit(hash)},
             (ARRAY['Grace','John','Mary','Peter','Ruth','David','Esther','Paul','Lydia','Samuel'])[1 + n % 10],
             (ARRAY['Okafor','Smith','Garcia','Nguyen','Johnson','Brown','Mensah','Lee'])[1 + n % 8] || n,
             'MEMBER', now() - (n % 900) * interval '1 day'
      FROM generate_series(1, ${memberCount}) n`);
    await run(`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ('pastor@bench.test', ${lit(hash)}, 'Pat', 'Pastor', 'PASTOR')`);
    await run(`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES ('owner@bench.test', ${lit(hash)}, 'Olive', 'Owner', 'OWNER')`);
    // Sessions: token bench-<id>, stored as sha256 hex like server/http/tokens.ts does.
    await run(`
      INSERT INTO sessions (user_id, token_hash, expires_at)
      SELECT id, encode(sha256(convert_to('bench-' || id, 'UTF8')), 'hex'), now() + interval '30 days'
      FROM users WHERE email LIKE '%@bench.test'`);
    // Each member's number, from 'member<n>@bench.test'. The planner evaluates it in the join's
    // filter, for every (member, week) pair: substr is about 30 times cheaper than the
    // regexp_replace it replaces, which was most of a 20,000-member seed (a million pairs for
    // the gifts alone; EXPLAIN ANALYZE of the gifts' SELECT at 1,000 members: 1,194 ms, now 34 ms).
    const members = `(SELECT id, substr(email, 7, strpos(email, '@') - 7)::int AS n FROM users WHERE email LIKE 'member%@bench.test')`;
    // Member number j's row by the unique email index: a join on a range of member numbers
    // (amens, prayers prayed) looks up each member it needs instead of testing every member
    // against every row, which made the seed quadratic (minutes at 20,000 members).
    const memberEmail = (j: string) => `'member' || ${j} || '@bench.test'`;
    // A year of gifts: every member gives on about a quarter of the 52 Sundays.
    await run(`
      INSERT INTO gifts (user_id, fund_id, amount_cents, status, gateway_transaction_id, card_last_four, card_brand, receipt_sent_at, created_at)
      SELECT m.id, (SELECT id FROM funds WHERE is_default), 1000 + ((m.n * 7 + w * 13) % 50) * 500, 'COMPLETED', 'bench-' || m.n || '-' || w, '4242', 'Visa',
             now() - w * interval '7 days', now() - w * interval '7 days'
      FROM ${members} m, generate_series(0, 51) w WHERE (m.n + w) % 4 = 0`);
    // Testimonies (one in five members shares one; most approved) and amens.
    await run(`
      INSERT INTO testimonies (user_id, text, is_approved, created_at)
      SELECT m.id, 'God has been faithful to our family this year. Testimony ' || m.n || ': ' || repeat('Thank you, Lord. ', 1 + m.n % 12),
             m.n % 10 <> 0, now() - (m.n % 365) * interval '1 day' - (m.n % 1440) * interval '1 minute'
      FROM ${members} m WHERE m.n % 5 = 0`);
    await run(`
      INSERT INTO testimony_amens (testimony_id, user_id)
      SELECT t.id, u.id FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS k FROM testimonies WHERE is_approved) t
      CROSS JOIN LATERAL generate_series(1, 5 + (t.k * 37) % 60) j
      JOIN users u ON u.email = ${memberEmail("j")}`);
    await run(`
      INSERT INTO personal_notes (user_id, title, content, created_at, updated_at)
      SELECT m.id, 'Sermon notes, week ' || w, repeat('Grace upon grace; ', 10 + w % 20), now() - w * interval '7 days', now() - w * interval '7 days'
      FROM ${members} m, generate_series(1, 6) w`);
    await run(`
      INSERT INTO livestream_comments (user_id, message, created_at)
      SELECT m.id, 'Amen! Blessings from row ' || (m.n % 40) || ' (' || w || ')', now() - w * interval '7 days' - (m.n % 3600) * interval '1 second'
      FROM ${members} m, generate_series(0, 51) w WHERE (m.n + w) % 8 = 0`);
    await run(`
      INSERT INTO prayer_requests (user_id, title, description, category, is_anonymous, created_at)
      SELECT m.id, 'Please pray for ' || (ARRAY['my mother','my job','healing','my studies','our marriage'])[1 + m.n % 5],
             repeat('We trust God in this season. ', 1 + m.n % 6), 'Other', m.n % 7 = 0, now() - (m.n % 365) * interval '1 day'
      FROM ${members} m WHERE m.n % 3 = 0`);
    await run(`
      INSERT INTO notifications (user_id, kind, subject_id, title, body, url, created_at, read_at)
      SELECT m.id, 'serviceStarted', gen_random_uuid(), 'The service has started', 'Join the live service now', '/', now() - w * interval '7 days',
             CASE WHEN w > 1 THEN now() - w * interval '7 days' END
      FROM ${members} m, generate_series(0, 9) w`);
    // This Sunday: the live service, an open poll a third of the members voted in, approved questions.
    await run(`
      INSERT INTO services (title, date, is_live) SELECT 'Past service ' || w, now() - w * interval '7 days', false FROM generate_series(1, 52) w`);
    await run(`INSERT INTO services (title, date, is_live) VALUES ('Sunday Worship', now(), true)`);
    await run(`
      INSERT INTO polls (service_id, question, options) SELECT id, 'Which song should we close with?', ARRAY['Amazing Grace','Way Maker','Goodness of God','10,000 Reasons']
      FROM services WHERE is_live`);
    await run(`
      INSERT INTO poll_votes (poll_id, user_id, option_index) SELECT p.id, m.id, m.n % 4 FROM polls p, ${members} m WHERE m.n % 3 = 0`);
    await run(`
      INSERT INTO questions (service_id, user_id, text, is_approved, created_at)
      SELECT s.id, m.id, 'How can we pray for the mission team this week? (' || m.n || ')', m.n % 20 <> 0, now() - (m.n % 90) * interval '1 minute'
      FROM services s, ${members} m WHERE s.is_live AND m.n % 50 = 0`);
    await seedLists(run, members, memberCount, memberEmail);
    // VACUUM too: a live database is vacuumed by autovacuum, so its visibility map lets counts
    // and lists be index-only scans; a freshly bulk-loaded one would visit every heap page.
    await run(`VACUUM ANALYZE`);
    // And a checkpoint: the seed leaves its pages dirty, and the next timed checkpoint
    // (checkpoint_timeout, 5 min by default) would write them in the middle of the first
    // scenarios' measurements; a live database's pages were written long ago. Needs a superuser
    // or pg_checkpoint on PostgreSQL; without, the run goes on as before.
    await run(`CHECKPOINT`).catch(() => undefined);

    const rows = (await db.execute(sql.raw(`SELECT id, email FROM users WHERE email LIKE '%@bench.test' ORDER BY email`))) as unknown as
      | { rows: { id: string; email: string }[] }
      | { id: string; email: string }[];
    const list = Array.isArray(rows) ? rows : rows.rows;
    const pastor = list.find((r) => r.email === "pastor@bench.test")!;
    const owner = list.find((r) => r.email === "owner@bench.test")!;
    const rowsOf = async <T>(q: string) => {
      const r = (await db.execute(sql.raw(q))) as unknown as { rows: T[] } | T[];
      return Array.isArray(r) ? r : r.rows;
    };
    const [live] = await rowsOf<{ id: string; poll_id: string }>(`SELECT s.id, p.id AS poll_id FROM services s JOIN polls p ON p.service_id = s.id WHERE s.is_live`);
    const [journey] = await rowsOf<{ id: string }>(`SELECT id FROM journeys ORDER BY key LIMIT 1`);
    const [event] = await rowsOf<{ id: string }>(`SELECT e.id FROM calendar_events e JOIN calendar_rsvps r ON r.event_id = e.id GROUP BY e.id ORDER BY count(*) DESC LIMIT 1`);
    const notes = await rowsOf<{ user_id: string; id: string }>(`SELECT DISTINCT ON (user_id) user_id, id FROM personal_notes ORDER BY user_id, created_at DESC`);
    const leaders = await rowsOf<{ user_id: string; group_id: string }>(`SELECT DISTINCT ON (group_id) user_id, group_id FROM group_members WHERE is_leader ORDER BY group_id, user_id`);
    const memberRows = list
      .filter((r) => r.email.startsWith("member"))
      .sort((a, b) => Number(a.email.replace(/\D/g, "")) - Number(b.email.replace(/\D/g, "")));
    const count = async (table: string) => {
      const r = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] } | { n: number }[];
      return (Array.isArray(r) ? r : r.rows)[0].n;
    };
    const summary = ["users", "gifts", "testimonies", "testimony_amens", "personal_notes", "livestream_comments", "prayer_requests", "notifications", "wallet_transactions", "recurring_gifts", "payment_methods", "small_groups", "group_members", "user_challenges", "calendar_events", "announcements", "videos", "visitors"];
    const counts = await Promise.all(summary.map(async (t) => `${t} ${(await count(t)).toLocaleString("en-US")}`));
    return {
      pastorToken: `bench-${pastor.id}`,
      ownerToken: `bench-${owner.id}`,
      ids: {
        liveServiceId: live.id,
        pollId: live.poll_id,
        journeyId: journey.id,
        eventId: event.id,
        noteByMember: Object.fromEntries(notes.map((n) => [n.user_id, n.id])),
        leaders: leaders.map((l) => ({ token: `bench-${l.user_id}`, groupId: l.group_id })),
      },
      members: memberRows.map((r) => ({ id: r.id, email: r.email, token: `bench-${r.id}` })),
      summary: counts.join(", "),
    };
  } finally {
    await database.close();
  }
}
