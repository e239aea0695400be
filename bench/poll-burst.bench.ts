/**
 * Poll burst: the pastor opens a poll on the live service and every member votes within 10 s
 * (arrivals spread evenly over the window, open loop: a slow server does not slow the arrivals).
 * Goal: no error, the results exact (per option, from GET /api/polls/{id}/results), p99 < 200 ms.
 */
import { api, fmtMs, pct, sleep, timed, type Ctx } from "./lib/harness";

export async function run(ctx: Ctx) {
  const base = ctx.server.base;
  const voters = ctx.congregation.members.slice(0, ctx.full ? 5000 : 1000);
  const windowMs = 10_000;
  const live = await api<{ service: { id: string } | null }>(base, "GET", "/api/services/live", ctx.congregation.pastorToken);
  if (!live.service) throw new Error("no live service");
  const options = ["Yes", "No", "Not sure"];
  const poll = await api<{ id: string }>(base, "POST", `/api/services/${live.service.id}/polls`, ctx.congregation.pastorToken, { question: "Join us for the picnic?", options });

  const lat: number[] = [];
  const failures: string[] = [];
  const accepted = options.map(() => 0); // votes answered 201, per option
  const t0 = performance.now();
  await Promise.all(
    voters.map(async (m, i) => {
      const at = (i * windowMs) / voters.length;
      const wait = at - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
      const r = await timed(base, "POST", `/api/polls/${poll.id}/vote`, m.token, { optionIndex: i % options.length }).catch((e: unknown) => ({
        status: 0,
        text: String(e),
        ms: 0,
      }));
      if (r.status !== 201) failures.push(`${r.status} ${r.text.slice(0, 100)}`);
      else {
        lat.push(r.ms);
        accepted[i % options.length]++;
      }
    }),
  );
  const totalMs = performance.now() - t0;
  lat.sort((a, b) => a - b);
  const results = await api<{ counts: number[]; total: number }>(base, "GET", `/api/polls/${poll.id}/results`, ctx.congregation.pastorToken);
  // Exact: the tally is the accepted votes, one each, per option (a refused or timed-out vote must not count).
  const expected = accepted;
  const exact = results.counts.every((c, k) => c === expected[k]);
  await api(base, "PATCH", `/api/polls/${poll.id}`, ctx.congregation.pastorToken, { isOpen: false });
  if (failures.length) ctx.log(`vote failures (${failures.length}), first: ${failures.slice(0, 3).join(" | ")}`);
  ctx.log(`${voters.length} votes in ${fmtMs(totalMs)}: p50 ${fmtMs(pct(lat, 50))}, p99 ${fmtMs(pct(lat, 99))}; results ${results.counts.join("/")} (expected ${expected.join("/")})`);
  ctx.rows.push({
    scenario: `poll burst: ${voters.length.toLocaleString("en-US")} votes in 10 s`,
    figure: `p99 ${fmtMs(pct(lat, 99))}, median ${fmtMs(pct(lat, 50))}, ${failures.length} errors, results ${exact ? "exact" : `WRONG ${results.counts.join("/")} vs accepted ${expected.join("/")}`}, done in ${fmtMs(totalMs)}`,
    goal: "0 errors, exact, p99 < 200 ms",
    met: failures.length === 0 && exact && pct(lat, 99) < 200 && totalMs < windowMs + 1000,
  });
}
