/**
 * Sunday morning: members arrive over a few minutes (2,000 over BENCH_SUNDAY_SECONDS, default
 * 120 s; 200 over 20 s with BENCH_SCALE=modest; 8,000 over 120 s with BENCH_SCALE=large, issue
 * 23's megachurch; with BENCH_INSTANCES=2 member i talks to process i mod 2), each one signing in for real (argon2, from one address,
 * like a church's Wi-Fi; at large scale one in four, the others with the session their phone
 * holds: see sundaySignInEvery in lib/scale.ts), loading Home's requests (church/me, services/live, notifications, the
 * open polls' results), opening the event stream, voting, one in four asking a question, and
 * one in twenty giving through the sandbox gateway with an Idempotency-Key, then retrying the
 * same request once (a double tap / a lost answer), which must replay, not charge again.
 * Goal: zero errors, p99 < 300 ms for every request kind, no gift lost or doubled (checked in
 * the database on PostgreSQL, through each giver's history on PGlite).
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { api, fmtMs, pct, sleep, timed, type Ctx } from "./lib/harness";
import { BENCH_PASSWORD } from "./lib/seed";

const gift = (email: string, cents: number) => ({
  amount_cents: cents,
  is_recurring: false,
  frequency: "monthly",
  customer_data: { first_name: "Sunday", last_name: "Giver", email, phone: "4075550100" },
  payment_method_data: {
    card_number: "4242424242424242",
    card_exp: "12/2030",
    card_cvv: "123",
    address_1: "1 Church St",
    address_city: "Orlando",
    address_state: "FL",
    address_zip: "32801",
  },
});

export async function run(ctx: Ctx) {
  const base = ctx.server.base;
  const n = ctx.sizes.sundayMembers;
  const windowMs = ctx.sizes.sundayMs;
  // Members who did not vote in the burst (the last ones), so their votes are new.
  const members = ctx.congregation.members.slice(-n);
  const pastor = ctx.congregation.pastorToken;
  const live = await api<{ service: { id: string } | null }>(base, "GET", "/api/services/live", pastor);
  if (!live.service) throw new Error("no live service");
  const serviceId = live.service.id;
  const poll = await api<{ id: string }>(base, "POST", `/api/services/${serviceId}/polls`, pastor, {
    question: "How did this morning's message speak to you?",
    options: ["Encouraged", "Challenged", "Comforted"],
  });

  const lat = new Map<string, number[]>();
  const errors: string[] = [];
  const record = (kind: string, r: { status: number; text: string; ms: number }, ok: number[] = [200]) => {
    if (!ok.includes(r.status)) errors.push(`${kind}: ${r.status} ${r.text.slice(0, 120)}`);
    else (lat.get(kind) ?? lat.set(kind, []).get(kind)!).push(r.ms);
    return r;
  };
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: http.ClientRequest[] = [];
  const givers: { email: string; token: string; cents: number; giftId?: string }[] = [];
  const startedAt = new Date();
  const t0 = performance.now();

  await Promise.all(
    members.map(async (m, i) => {
      const wait = (i * windowMs) / n - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      const base = ctx.serverFor(i).base;
      try {
        let token = m.token;
        if (i % ctx.sizes.sundaySignInEvery === 0) {
          const login = record("POST /api/auth/login", await timed(base, "POST", "/api/auth/login", undefined, { email: m.email, password: BENCH_PASSWORD }));
          if (login.status !== 200) return;
          token = (JSON.parse(login.text) as { token: string }).token;
        }
        const [, liveRes] = await Promise.all([
          timed(base, "GET", "/api/church/me", token).then((r) => record("GET /api/church/me", r)),
          timed(base, "GET", "/api/services/live", token).then((r) => record("GET /api/services/live", r)),
          timed(base, "GET", "/api/notifications", token).then((r) => record("GET /api/notifications", r)),
        ]);
        const polls = liveRes.status === 200 ? ((JSON.parse(liveRes.text) as { service: { polls: { id: string }[] } | null }).service?.polls ?? []) : [];
        await Promise.all(polls.map((p) => timed(base, "GET", `/api/polls/${p.id}/results`, token).then((r) => record("GET /api/polls/:id/results", r))));
        await new Promise<void>((resolve) => {
          const t = performance.now();
          const req = http.get(`${base}/api/events`, { agent, headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" } }, (res) => {
            record("GET /api/events (first event)", { status: res.statusCode ?? 0, text: "", ms: performance.now() - t });
            res.once("data", () => resolve());
            res.on("error", () => undefined);
            if (res.statusCode !== 200) resolve();
          });
          req.on("error", (e) => {
            errors.push(`events: ${String(e)}`);
            resolve();
          });
          streams.push(req);
        });
        record("POST /api/polls/:id/vote", await timed(base, "POST", `/api/polls/${poll.id}/vote`, token, { optionIndex: i % 3 }), [201]);
        if (i % 4 === 0) {
          const q = { text: `Could you say more about grace in hard weeks? (${i})`, isAnonymous: i % 8 === 0 };
          record("POST /api/services/:id/questions", await timed(base, "POST", `/api/services/${serviceId}/questions`, token, q), [201]);
        }
        if (i % 20 === 0) {
          const cents = 2500 + (i % 7) * 500;
          const key = randomUUID();
          const body = gift(m.email, cents);
          const first = record("POST /api/giving/one-time", await timed(base, "POST", "/api/giving/one-time", token, body, { "idempotency-key": key }), [201]);
          const again = record("POST /api/giving/one-time (retry, same key)", await timed(base, "POST", "/api/giving/one-time", token, body, { "idempotency-key": key }), [201]);
          const id1 = first.status === 201 ? (JSON.parse(first.text) as { gift: { id: string } }).gift.id : undefined;
          const id2 = again.status === 201 ? (JSON.parse(again.text) as { gift: { id: string } }).gift.id : undefined;
          if (id1 && id1 !== id2) errors.push(`giving: the retry answered another gift (${id1} vs ${id2})`);
          givers.push({ email: m.email, token, cents, giftId: id1 });
        }
      } catch (e) {
        errors.push(`member ${i}: ${String(e)}`);
      }
    }),
  );
  const totalMs = performance.now() - t0;
  for (const s of streams) s.destroy();
  agent.destroy();

  // No gift lost or doubled: exactly one completed gift per giver since the start, of the right amount.
  let giftCheck = "";
  if (ctx.kind === "postgres") {
    const c = new pg.Client({ connectionString: ctx.serverEnv.DATABASE_URL });
    await c.connect();
    const { rows } = await c.query<{ email: string; n: number; cents: number }>(
      `SELECT u.email, count(g.id)::int AS n, coalesce(sum(g.amount_cents), 0)::int AS cents FROM users u
       LEFT JOIN gifts g ON g.user_id = u.id AND g.created_at >= $2 AND g.status = 'COMPLETED'
       WHERE u.email = ANY($1) GROUP BY u.email`,
      [givers.map((g) => g.email), startedAt],
    );
    await c.end();
    const bad = givers.filter((g) => {
      const r = rows.find((x) => x.email === g.email);
      return !r || r.n !== 1 || r.cents !== g.cents;
    });
    giftCheck = bad.length ? `${bad.length} of ${givers.length} gifts lost or doubled (database)` : `${givers.length} gifts, each exactly once (database)`;
  } else {
    let bad = 0;
    for (const g of givers) {
      const h = await api<{ id: string; amount_cents?: number; createdAt?: string; created_at?: string }[] | { items: { id: string }[] }>(
        base,
        "GET",
        "/api/giving/history",
        g.token,
      );
      const list = (Array.isArray(h) ? h : h.items) as { id: string }[];
      if (list.filter((x) => x.id === g.giftId).length !== 1) bad++;
    }
    giftCheck = bad ? `${bad} of ${givers.length} gifts lost or doubled (history)` : `${givers.length} gifts, each exactly once (history)`;
  }
  const giftsOk = giftCheck.includes("exactly once");

  if (errors.length) ctx.log(`errors (${errors.length}), first: ${errors.slice(0, 5).join(" | ")}`);
  ctx.log(`${n} members over ${fmtMs(totalMs)}; ${giftCheck}`);
  const on = ctx.servers.length > 1 ? ` on ${ctx.servers.length} processes` : "";
  let worst = 0;
  for (const [kind, l] of [...lat.entries()].sort()) {
    l.sort((a, b) => a - b);
    const p99 = pct(l, 99);
    worst = Math.max(worst, p99);
    ctx.log(`  ${kind}: ${l.length} requests, median ${fmtMs(pct(l, 50))}, p99 ${fmtMs(p99)}`);
    ctx.rows.push({ scenario: `sunday${on}: ${kind}`, figure: `p99 ${fmtMs(p99)} (${l.length})`, goal: "p99 < 300 ms", met: p99 < 300 });
  }
  ctx.rows.push({
    scenario: `sunday: ${n.toLocaleString("en-US")} members in ${Math.round(windowMs / 1000)} s${on}`,
    figure: `${errors.length} errors; ${giftCheck}`,
    goal: "0 errors, no gift lost or doubled",
    met: errors.length === 0 && giftsOk,
  });
}
