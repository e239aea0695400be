/**
 * The cost of issue 22's guards ("Trust, round two"), against the same run's ceiling: the bare
 * Node http server answering a constant JSON (as in ceiling.bench.ts), and for the stream the bare
 * SSE server's own open rate. Three paths the guards sit on:
 *
 *   - sign-in: POST /api/auth/login with members' real passwords (argon2id), rotated; the guards
 *     are the per-address and per-email sliding windows, the progressive delay and the
 *     known-device cookie (decision 0095).
 *   - event stream open: GET /api/events with a member's bearer token until `connected` arrives,
 *     then closed; the guards are the per-session and per-member stream caps (decision 0091's
 *     issue, server/events/routes.ts).
 *   - a JSON-body POST: POST /api/personal-notes with a 2 KB note nested a few levels (201:
 *     the body limit, the depth-and-NUL scan, parse, validation, the per-member write limit and
 *     the insert), and the same body without its title (400: the guard, parse and validation
 *     alone, no database).
 *
 * Goal (issue 22): the guards cost no more than 5% of the ceiling ratios measured before. This
 * file runs unchanged on a tree from before the guards (it needs only bench/lib/harness.ts and
 * seed.ts as they were at 7378a67), so "before" and "after" are two runs of the same scenario:
 * bench/README.md, "Guards: before and after", says how. Each row is reported (met: n/a); the
 * comparison is between runs.
 */
import http from "node:http";
import autocannon from "autocannon";
import { fmtMs, fmtN, load, pct, startBareServer, type Ctx, type LoadResult } from "./lib/harness";
import { BENCH_PASSWORD } from "./lib/seed";

interface PostLoad {
  url: string;
  connections: number;
  seconds: number;
  /** The body of the i-th request (members rotated by the caller). */
  body: (i: number) => string;
  token?: (i: number) => string;
  expect: number;
}

/** autocannon with a JSON body and (optionally) a bearer token per request; counts answers other than `expect` as errors. */
async function loadPost(o: PostLoad): Promise<LoadResult & { wrong: number }> {
  let i = 0;
  let wrong = 0;
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          const n = i++;
          return {
            ...req,
            headers: { ...req.headers, "content-type": "application/json", ...(o.token ? { authorization: `Bearer ${o.token(n)}` } : {}) },
            body: o.body(n),
          };
        },
        onResponse: (status) => {
          if (status !== o.expect) wrong++;
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, wrong };
}

/**
 * Opens streams for `seconds` from `concurrency` workers: each opens one, waits for `connected`,
 * closes it, and opens the next. Returns opens a second and the p99 of the time to `connected`.
 */
async function streamOpens(url: string, concurrency: number, seconds: number, token?: (i: number) => string) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const times: number[] = [];
  let errors = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const openOne = (i: number) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      let done = false;
      const finish = (ok: boolean) => {
        if (done) return;
        done = true;
        if (ok) times.push(performance.now() - t0);
        else errors++;
        req.destroy();
        resolve();
      };
      const headers: Record<string, string> = { accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token(i)}` } : {}) };
      const req = http.get(url, { agent, headers }, (res) => {
        if (res.statusCode !== 200) return finish(false);
        let buf = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buf += chunk;
          if (buf.includes("event: connected")) finish(true);
        });
        res.on("error", () => finish(false));
      });
      req.on("error", () => finish(false));
      req.setTimeout(10_000, () => finish(false));
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await openOne(n++);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p99: times.length ? pct(times, 99) : NaN, errors };
}

/** A 2 KB note whose content nests a little, as a member's formatted note might (the depth scan's work). */
const noteBody = (i: number, withTitle = true) =>
  JSON.stringify({
    ...(withTitle ? { title: `Sermon notes ${i}` } : {}),
    content: `Love one another as I have loved you. ${"Grace upon grace; mercy new every morning. ".repeat(45)}`,
    meta: { tags: [["faith", ["hope", ["love"]]]], week: i % 52 },
  });

export async function run(ctx: Ctx) {
  const seconds = ctx.full ? 10 : 3;
  const members = ctx.congregation.members;
  const tokenOf = (i: number) => members[i % members.length].token;
  const base = ctx.server.base;

  // The same run's ceiling, and the bare stream's open rate.
  const bare = await startBareServer(ctx.port());
  let ceiling: LoadResult;
  let bareOpens: Awaited<ReturnType<typeof streamOpens>>;
  try {
    await load(`${bare.base}/json`, { connections: 100, seconds: 1 });
    ceiling = await load(`${bare.base}/json`, { connections: 100, seconds });
    await streamOpens(`${bare.base}/events`, 50, 1);
    bareOpens = await streamOpens(`${bare.base}/events`, 50, seconds);
  } finally {
    await bare.stop();
  }
  ctx.log(`bare Node http: ${fmtN(ceiling.rps)} req/s; bare SSE opens: ${fmtN(bareOpens.rps)}/s, p99 ${fmtMs(bareOpens.p99)}`);
  ctx.rows.push({ scenario: "guards: bare node http (ceiling)", figure: `${fmtN(ceiling.rps)} req/s, p99 ${fmtMs(ceiling.p99)}`, goal: "baseline", met: null });
  ctx.rows.push({ scenario: "guards: bare SSE open", figure: `${fmtN(bareOpens.rps)} opens/s, p99 ${fmtMs(bareOpens.p99)}`, goal: "baseline", met: null });
  const goal = "reported: ≥ 0.95 × the same figure on the tree before the guards";
  const ratio = (rps: number) => `ratio ${(rps / ceiling.rps).toFixed(3)}`;

  // Sign-in: argon2id bounds it (about 4 at once on libuv's pool), so fewer connections than the reads.
  const signIn = (i: number) => JSON.stringify({ email: members[i % members.length].email, password: BENCH_PASSWORD });
  await loadPost({ url: `${base}/api/auth/login`, connections: 8, seconds: 1, body: signIn, expect: 200 });
  const login = await loadPost({ url: `${base}/api/auth/login`, connections: 16, seconds, body: signIn, expect: 200 });
  ctx.log(`sign-in: ${fmtN(login.rps)} req/s, p99 ${fmtMs(login.p99)}, unexpected ${login.wrong}, errors ${login.errors}`);
  ctx.rows.push({
    scenario: "guards: POST /api/auth/login",
    figure: `${ratio(login.rps)} (${login.rps.toFixed(1)} req/s), p99 ${fmtMs(login.p99)}${login.wrong + login.errors ? `, ${login.wrong + login.errors} unexpected` : ""}`,
    goal,
    met: null,
  });

  // Event stream open (members rotated, so the per-session and per-member caps never close one early).
  await streamOpens(`${base}/api/events`, 50, 1, tokenOf);
  const opens = await streamOpens(`${base}/api/events`, 50, seconds, tokenOf);
  ctx.log(`stream opens: ${fmtN(opens.rps)}/s, p99 ${fmtMs(opens.p99)}, errors ${opens.errors}`);
  ctx.rows.push({
    scenario: "guards: GET /api/events (open)",
    figure: `${ratio(opens.rps)} (${fmtN(opens.rps)} opens/s; ${(opens.rps / bareOpens.rps).toFixed(2)} of bare SSE), p99 ${fmtMs(opens.p99)}${opens.errors ? `, ${opens.errors} errors` : ""}`,
    goal,
    met: null,
  });

  // A JSON-body POST: a note written (201), and the same body refused by validation (400: no database).
  for (const [label, withTitle, expect] of [
    ["POST /api/personal-notes (201)", true, 201],
    ["POST /api/personal-notes (400, no title)", false, 400],
  ] as const) {
    const o = { url: `${base}/api/personal-notes`, connections: 100, body: (i: number) => noteBody(i, withTitle), token: tokenOf, expect };
    await loadPost({ ...o, seconds: 1 });
    const r = await loadPost({ ...o, seconds });
    ctx.log(`${label}: ${fmtN(r.rps)} req/s, p99 ${fmtMs(r.p99)}, unexpected ${r.wrong}, errors ${r.errors}`);
    ctx.rows.push({
      scenario: `guards: ${label}`,
      figure: `${ratio(r.rps)} (${fmtN(r.rps)} req/s), p99 ${fmtMs(r.p99)}${r.wrong + r.errors ? `, ${r.wrong + r.errors} unexpected` : ""}`,
      goal,
      met: null,
    });
  }
}
