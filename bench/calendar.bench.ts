/**
 * The events calendar (issue 18, decision 0109): a month with 200 events (160 one-off, 40 weekly,
 * all taking registrations, a quarter with a capacity), members registered for some, then the
 * month's range read (`GET /api/calendar/events?from&to`, what the calendar screen asks) by 100
 * concurrent members, tokens rotated per request, each sending the Accept-Encoding every browser
 * sends (Chromium's `gzip, deflate, br, zstd`). Goal: p99 < 50 ms. The same read without
 * compression is logged beside it (what a client that takes none would cost). Then the screen's
 * other read, the member's own registrations in the month (`GET /api/calendar/registrations`),
 * the same way: the list is the same bytes for everyone, a member's place is their own read.
 */
import fs from "node:fs";
import { api, fmtMs, fmtN, load, type Ctx } from "./lib/harness";

const DAY = 86_400_000;
/** What Chromium sends on every request. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/** The CPU time a process has used, in seconds (Linux /proc; NaN elsewhere): a figure a loaded machine does not distort as much as a rate. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

export async function run(ctx: Ctx) {
  const base = ctx.server.base;
  const pastor = ctx.congregation.pastorToken;
  const start = new Date(Date.now() + DAY);
  start.setUTCHours(0, 0, 0, 0);
  const ids: { id: string; repeat: string; startsAt: string }[] = [];
  for (let i = 0; i < 200; i++) {
    const at = new Date(start.getTime() + (i % 30) * DAY + (16 + (i % 5)) * 3600_000);
    const weekly = i % 5 === 0;
    const ev = await api<{ id: string; startsAt: string }>(base, "POST", "/api/calendar/events", pastor, {
      title: `Bench event ${i}`,
      description: "A gathering of the church family, with coffee afterwards.",
      location: `Room ${i % 12}`,
      startsAt: at.toISOString(),
      endsAt: new Date(at.getTime() + 90 * 60_000).toISOString(),
      repeat: weekly ? "weekly" : "none",
      registration: true,
      capacity: i % 4 === 0 ? 20 : null,
    });
    ids.push({ id: ev.id, repeat: weekly ? "weekly" : "none", startsAt: ev.startsAt });
  }
  // Registrations: each of the first members signs up for a few events (some beyond capacity).
  const members = ctx.congregation.members.slice(0, ctx.full ? 300 : 60);
  for (const [k, m] of members.entries()) {
    for (const ev of [ids[k % ids.length]!, ids[(k * 7) % ids.length]!]) {
      await api(base, "POST", `/api/calendar/events/${ev.id}/rsvp`, m.token, ev.repeat === "none" ? {} : { occurrence: ev.startsAt });
    }
  }
  const from = start.toISOString();
  const to = new Date(start.getTime() + 31 * DAY).toISOString();
  const url = `${base}/api/calendar/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const page = await api<{ occurrences: unknown[] }>(base, "GET", url.slice(base.length), members[0]!.token);
  ctx.log(`calendar: 200 events, ${page.occurrences.length} occurrences in the month, ${members.length * 2} registrations`);
  const tokens = ctx.congregation.members.map((m) => m.token);
  const seconds = ctx.full ? 10 : 3;
  const sizes = await Promise.all(
    ["identity", BROWSER_ENCODINGS].map(async (enc) => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${tokens[members.length]}`, "accept-encoding": enc } });
      // fetch decompresses the body: the bytes on the wire are the Content-Length.
      const body = await res.arrayBuffer();
      return `${res.headers.get("content-encoding") ?? "identity"} ${fmtN(Number(res.headers.get("content-length") ?? body.byteLength))} bytes`;
    }),
  );
  ctx.log(`calendar answer: ${sizes.join(", ")} (a member with no registration in the month)`);
  const pid = ctx.server.child.pid;
  // The server's CPU per request: what a loaded machine distorts least (the rate and p99 are the goal's figures).
  const measured = async (headers?: Record<string, string>) => {
    const cpu = cpuSeconds(pid);
    const r = await load(url, { connections: 100, seconds, tokens, headers });
    return { ...r, cpuMs: ((cpuSeconds(pid) - cpu) * 1000) / Math.max(1, r.total ?? r.rps * seconds) };
  };
  await load(url, { connections: 100, seconds: 1, tokens });
  const plain = await measured();
  ctx.log(`calendar month read, no compression asked: ${fmtN(plain.rps)} req/s, p99 ${fmtMs(plain.p99)}, server CPU ${plain.cpuMs.toFixed(2)} ms a request, errors ${plain.errors}, non-2xx ${plain.non2xx}`);
  const r = await measured({ "accept-encoding": BROWSER_ENCODINGS });
  ctx.log(`calendar month read: ${fmtN(r.rps)} req/s, p99 ${fmtMs(r.p99)}, server CPU ${r.cpuMs.toFixed(2)} ms a request, errors ${r.errors}, non-2xx ${r.non2xx}`);
  // The screen's other read: the member's own registrations in the month (a member's own, never
  // shared; members 0..n registered for two events each, the rest for none).
  const mineUrl = url.replace("/api/calendar/events?", "/api/calendar/registrations?");
  const mine = await load(mineUrl, { connections: 100, seconds, tokens, headers: { "accept-encoding": BROWSER_ENCODINGS } });
  ctx.log(`calendar own registrations read: ${fmtN(mine.rps)} req/s, p99 ${fmtMs(mine.p99)}, errors ${mine.errors}, non-2xx ${mine.non2xx}`);
  const goal = ctx.kind === "postgres" ? "p99 < 50 ms" : "p99 < 50 ms (goal is on PostgreSQL)";
  ctx.rows.push(
    {
      scenario: "calendar: month of 200 events, 100 members",
      figure: `p99 ${fmtMs(r.p99)}, ${fmtN(r.rps)} req/s, ${r.cpuMs.toFixed(2)} ms CPU a request${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} errors` : ""}`,
      goal,
      met: r.p99 < 50 && r.errors === 0 && r.non2xx === 0,
    },
    {
      scenario: "calendar: the member's own registrations in the month, 100 members",
      figure: `p99 ${fmtMs(mine.p99)}, ${fmtN(mine.rps)} req/s${mine.errors + mine.non2xx ? `, ${mine.errors + mine.non2xx} errors` : ""}`,
      goal,
      met: mine.p99 < 50 && mine.errors === 0 && mine.non2xx === 0,
    },
  );
}
