/**
 * The rest of a congregation's lists, for the reads scenario (bench/reads.bench.ts, issue 23):
 * funds, recurring gifts, saved cards, wallet balances and their ledger, small groups with
 * leaders and requests, challenges with check-ins, journey enrolments, a calendar, sent
 * announcements, a video library and media items, visitors, the audit log,
 * directory listings, days of activity and prayers prayed. Bulk SQL like bench/lib/seed.ts,
 * sized with the church where a real list grows with it (groups, visitors, the ledger).
 *
 * `members` is a subquery of (id, n): the bench's members and their number (1..count);
 * `memberEmail(j)` the SQL of member number j's email, to find one member by the unique index.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { leadersJson } from "../../server/shared/group-counts";

export async function seedLists(run: (q: string) => Promise<unknown>, members: string, memberCount: number, memberEmail: (j: string) => string) {
  const groups = Math.max(20, Math.round(memberCount / 25));
  // Funds: the default (seeded by the migration) and four more, one archived.
  await run(`
    INSERT INTO funds (name_en, name_es, description, archived_at)
    VALUES ('Missions', 'Misiones', 'Our partners abroad and the mission trips', NULL),
           ('Building', 'Edificio', 'The new sanctuary', NULL),
           ('Youth', 'Jóvenes', 'Camps and the youth ministry', NULL),
           ('Benevolence', 'Benevolencia', 'Help for families in need', NULL),
           ('Christmas 2025', 'Navidad 2025', 'Last year''s appeal', now() - interval '300 days')`);
  const fund = (k: string) =>
    `(SELECT f.id FROM (SELECT id, row_number() OVER (ORDER BY is_default DESC, name_en) - 1 AS k FROM funds WHERE archived_at IS NULL) f WHERE f.k = (${k}) % 5)`;
  // Recurring gifts: one member in five gives every week or month; a few paused or cancelled.
  await run(`
    INSERT INTO recurring_gifts (user_id, amount_cents, fund_id, frequency, next_payment_date, anchor_day, status, gateway_profile_id, card_last_four, card_brand, created_at)
    SELECT m.id, 2500 + (m.n % 20) * 500, ${fund("m.n")}, (ARRAY['weekly','monthly','monthly'])[1 + m.n % 3],
           current_date + 1 + (m.n % 28), 1 + m.n % 28, (ARRAY['ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','PAUSED','CANCELLED'])[1 + m.n % 8],
           'bench-profile-' || m.n, '4242', 'Visa', now() - (m.n % 300) * interval '1 day'
    FROM ${members} m WHERE m.n % 5 = 0`);
  // Saved cards: every member has two, the first is the default.
  await run(`
    INSERT INTO payment_methods (user_id, type, provider, last_four, expiry_month, expiry_year, card_brand, is_default, gateway_profile_id, created_at)
    SELECT m.id, 'credit_card', 'sandbox', lpad(((m.n * 37 + k * 11) % 10000)::text, 4, '0'), 1 + (m.n + k) % 12, 2027 + k,
           (ARRAY['Visa','Mastercard'])[k], k = 1, 'bench-card-' || m.n || '-' || k, now() - (10 + k * 30) * interval '1 day'
    FROM ${members} m, generate_series(1, 2) k`);
  // Wallets and their ledger: 24 rows a member over a year (deposits, round-ups, gifts from the balance).
  await run(`
    INSERT INTO wallet_transactions (user_id, type, status, amount_cents, description, merchant_name, gateway_transaction_id, created_at)
    SELECT m.id, (ARRAY['deposit','round_up','round_up','payment'])[1 + k % 4], 'completed',
           CASE k % 4 WHEN 0 THEN 5000 WHEN 3 THEN 1000 ELSE 1 + (m.n * k) % 99 END,
           (ARRAY['Added funds','Round-up','Round-up','Gift to General Fund'])[1 + k % 4],
           CASE WHEN k % 4 IN (1, 2) THEN (ARRAY['Coffee House','Grocer','Book Store','Gas Station'])[1 + (m.n + k) % 4] END,
           CASE WHEN k % 4 = 0 THEN 'bench-dep-' || m.n || '-' || k END,
           now() - k * interval '15 days' - (m.n % 1440) * interval '1 minute'
    FROM ${members} m, generate_series(1, 24) k`);
  await run(`
    INSERT INTO wallets (user_id, balance_cents, round_up_accumulated_cents)
    SELECT user_id, greatest(0, sum(CASE type WHEN 'payment' THEN -amount_cents ELSE amount_cents END))::int, sum(CASE type WHEN 'round_up' THEN amount_cents ELSE 0 END)::int
    FROM wallet_transactions GROUP BY user_id`);
  await run(`INSERT INTO roundup_settings (user_id, is_enabled, rounds_up_from) SELECT m.id, true, now() - interval '200 days' FROM ${members} m WHERE m.n % 2 = 0`);
  // Small groups: one for about every 25 members; each member in one, two leaders each, a few asking to join.
  await run(`
    INSERT INTO small_groups (name, description, meeting_day, meeting_time, meeting_place, capacity, join_policy, created_at)
    SELECT (ARRAY['Young Adults','Couples','Men''s Bible Study','Women''s Fellowship','Seniors','Alpha','Worship Team','Prayer Warriors'])[1 + g % 8] || ' ' || g,
           'We meet to study the Word, pray and share a meal together.', g % 7, lpad((18 + g % 3)::text, 2, '0') || ':30',
           'Room ' || (g % 12), CASE WHEN g % 4 = 0 THEN 30 END, CASE WHEN g % 3 = 0 THEN 'ask' ELSE 'open' END, now() - g * interval '3 days'
    FROM generate_series(1, ${groups}) g`);
  await run(`
    INSERT INTO group_members (group_id, user_id, is_leader)
    SELECT g.id, m.id, m.n <= ${groups * 2}
    FROM ${members} m JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS k FROM small_groups) g ON g.k = m.n % ${groups}`);
  await run(`
    INSERT INTO group_join_requests (group_id, user_id, status)
    SELECT g.id, m.id, 'pending'
    FROM ${members} m JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS k FROM small_groups WHERE join_policy = 'ask') g
      ON g.k = (m.n / 7) % greatest(1, ${Math.floor(groups / 3)})
    WHERE m.n % 7 = 3 AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.id AND gm.user_id = m.id)`);
  // The groups' kept counts (decision 0125) and leaders (decision 0141), as syncGroupCounts writes them.
  await run(`
    UPDATE small_groups g SET member_count = (SELECT count(*) FROM group_members m WHERE m.group_id = g.id),
      pending_count = (SELECT count(*) FROM group_join_requests r WHERE r.group_id = g.id AND r.status = 'pending'),
      leaders = ${new PgDialect().sqlToQuery(leadersJson).sql}`);
  // Challenges: twelve (three archived); every member joined two, with a week of check-ins.
  await run(`
    INSERT INTO challenges (title, description, title_es, description_es, days, type, archived_at, created_at)
    SELECT (ARRAY['Pray','Read','Give thanks'])[1 + c % 3] || ' for ' || (7 * (1 + c % 4)) || ' days (' || c || ')',
           'A daily habit with the church family.', 'Reto ' || c, 'Un hábito diario con la familia de la iglesia.',
           7 * (1 + c % 4), (ARRAY['PRAYER','BIBLE','GRATITUDE'])[1 + c % 3], CASE WHEN c > 9 THEN now() - interval '30 days' END, now() - c * interval '10 days'
    FROM generate_series(1, 12) c`);
  await run(`
    INSERT INTO user_challenges (user_id, challenge_id, joined_at)
    SELECT m.id, c.id, now() - (m.n % 20) * interval '1 day'
    FROM ${members} m JOIN (SELECT id, row_number() OVER (ORDER BY title) - 1 AS k FROM challenges) c ON c.k IN (m.n % 12, (m.n + 5) % 12)`);
  await run(`
    INSERT INTO challenge_checkins (user_challenge_id, day)
    SELECT uc.id, current_date - d FROM user_challenges uc, generate_series(0, 6) d`);
  // Journeys: half the members are on one of the published journeys.
  await run(`
    INSERT INTO journey_enrolments (user_id, sequence_key, start_date, unsubscribe_token)
    SELECT m.id, j.key, current_date - (m.n % 12), 'bench-unsub-' || m.n
    FROM ${members} m JOIN (SELECT key, row_number() OVER (ORDER BY key) - 1 AS k, count(*) OVER () AS c FROM journeys) j ON j.k = m.n % j.c
    WHERE m.n % 2 = 0`);
  // Their emails so far, today's (and tomorrow's, whatever the church's zone) already sent: the
  // daily-journey job has nothing to send while the scenarios run.
  await run(`
    INSERT INTO journey_deliveries (enrolment_id, delivery_date, day, sent_at)
    SELECT e.id, d::date, 1 + (d::date - e.start_date) % 14, now()
    FROM journey_enrolments e, generate_series(e.start_date, current_date + 1, interval '1 day') d`);
  // The calendar: 60 events over the past month and the next two, a fifth weekly; members going
  // to some (reminders marked sent, so the reminders job queues no emails meanwhile).
  await run(`
    INSERT INTO calendar_events (title, description, location, starts_at, ends_at, repeat, registration, capacity)
    SELECT 'Gathering ' || e, 'A gathering of the church family, with coffee afterwards.', 'Room ' || (e % 12),
           date_trunc('day', now()) + (e - 20) * interval '1 day' + (17 + e % 4) * interval '1 hour',
           date_trunc('day', now()) + (e - 20) * interval '1 day' + (18 + e % 4) * interval '1 hour' + interval '30 minutes',
           CASE WHEN e % 5 = 0 THEN 'weekly' ELSE 'none' END, e % 2 = 0, CASE WHEN e % 8 = 0 THEN 40 END
    FROM generate_series(1, 60) e`);
  await run(`
    INSERT INTO calendar_rsvps (event_id, occurrence_start, user_id, status, reminded_at)
    SELECT ev.id, ev.starts_at, m.id, 'going', now()
    FROM ${members} m JOIN (SELECT id, starts_at, row_number() OVER (ORDER BY starts_at) - 1 AS k FROM calendar_events WHERE registration AND repeat = 'none') ev
      ON ev.k IN (m.n % 24, (m.n * 7) % 24)
    WHERE m.n % 3 = 0 ON CONFLICT DO NOTHING`);
  // Announcements staff sent over the year (one a week).
  await run(`
    INSERT INTO announcements (title, body, audience_kind, channels, status, send_at, started_at, finished_at, recipients, reached_inbox, reached_email, created_by, created_at)
    SELECT 'This week at church (' || w || ')', repeat('Join us this Sunday and bring a friend. ', 4), 'everyone', ARRAY['inbox','email'], 'sent',
           now() - w * interval '7 days', now() - w * interval '7 days', now() - w * interval '7 days' + interval '5 seconds',
           ${memberCount}, ${memberCount}, ${Math.round(memberCount * 0.8)}, (SELECT id FROM users WHERE email = 'pastor@bench.test'), now() - w * interval '7 days'
    FROM generate_series(1, 52) w`);
  // The video library (three years of Sundays) and the Connect media items.
  await run(`
    INSERT INTO videos (external_id, source, title, description, url, thumbnail_url, duration, published_at, view_count)
    SELECT 'bench-video-' || v, 'demo', 'Sunday sermon ' || v, repeat('A message from the book of John. ', 6),
           'https://www.youtube.com/watch?v=bench' || v, 'https://i.ytimg.com/vi/bench' || v || '/hqdefault.jpg', 1800 + v * 7 % 1800,
           now() - v * interval '7 days', v * 37 % 5000
    FROM generate_series(1, 156) v`);
  await run(`
    INSERT INTO media_items (title, description, thumbnail_url, duration, url, created_at)
    SELECT 'Worship night ' || i, 'Songs and prayer from our worship night.', NULL, 3600, 'https://www.youtube.com/watch?v=night' || i, now() - i * interval '14 days'
    FROM generate_series(1, 30) i`);
  // First-time visitors: about one for every five members over the years.
  await run(`
    INSERT INTO visitors (name, email, phone, heard_from, prayer_request, followed_up_at, created_at)
    SELECT 'Visitor ' || v, 'visitor' || v || '@example.test', '+1407555' || lpad((v % 10000)::text, 4, '0'), 'A friend',
           CASE WHEN v % 4 = 0 THEN 'Please pray for my family.' END, CASE WHEN v % 3 <> 0 THEN now() - v * interval '1 day' END,
           now() - v * interval '1 day'
    FROM generate_series(1, ${Math.round(memberCount / 5)}) v`);
  // The audit log (finance views and changes). No emails: the email-drain scenario counts the outbox.
  await run(`
    INSERT INTO audit_log (actor_id, actor_name, action, detail, created_at)
    SELECT (SELECT id FROM users WHERE email = 'owner@bench.test'), 'Olive Owner', (ARRAY['giving.ledger.view','giving.ledger.view','giving.fee.change','finance.grant'])[1 + a % 4],
           jsonb_build_object('from', '2026-01-01', 'to', '2026-01-31'), now() - a * interval '3 hours'
    FROM generate_series(1, 2000) a`);
  // Directory: three members in five are listed, with phones.
  await run(`UPDATE users SET phone = '+1407555' || lpad(((regexp_replace(email, '\\D', '', 'g'))::int % 10000)::text, 4, '0') WHERE email LIKE 'member%@bench.test'`);
  await run(`
    INSERT INTO directory_listings (user_id, listed, listed_at, show_email, show_phone)
    SELECT m.id, true, now() - (m.n % 100) * interval '1 day', m.n % 2 = 0, m.n % 3 = 0 FROM ${members} m WHERE m.n % 5 < 3`);
  // Days of use (Analytics): every member on some of the last 8 weeks' days.
  await run(`
    INSERT INTO member_activity (user_id, day)
    SELECT m.id, current_date - d FROM ${members} m, generate_series(0, 55) d WHERE (m.n + d) % 4 = 0`);
  // Prayers prayed: each open request prayed for by a handful.
  await run(`
    INSERT INTO prayer_prayed (prayer_id, user_id)
    SELECT p.id, u.id FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS k FROM prayer_requests) p
    CROSS JOIN LATERAL generate_series(1 + (p.k * 13) % 50, 5 + (p.k * 13) % 50) j
    JOIN users u ON u.email = ${memberEmail("j")}`);
}
