/**
 * Member photos (issue 20, decision 0115): a 12-megapixel photo, as a phone takes it, uploaded to
 * `PUT /api/me/photo` (decoded, turned upright, cropped and encoded to 512 and 128 px WebP).
 *
 * The photo is a real 4000 × 3000 JPEG made here with sharp: a smooth picture with noise over it,
 * so it does not compress to nothing (a phone photo's size, a few megabytes; under the 10 MB limit).
 *
 *   1. One upload at a time, by five members in turn: each must answer in under 1.5 s, and the
 *      server's resident memory (VmRSS from /proc, sampled every 5 ms during the upload) may grow
 *      by less than 150 MB over what it held just before.
 *   2. Ten at once, three times in a row (30 uploads by 30 members), while other members read
 *      `GET /api/church/me` at a fixed rate (BENCH_PHOTO_READ_RATE, default 500 a second; 200 at
 *      modest scale) over 50 connections, tokens rotated: the reads' p99 while the uploads run
 *      must stay under 100 ms. The same reads alone, just before, for comparison.
 *
 * The server's image queue (server/shared/image-upload.ts) is what keeps a core for the reads.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import { ROOT, fmtMs, fmtN, load, pct, sleep, type Ctx } from "./lib/harness";
import { uploadPhoto, type UploadJob, type UploadReply } from "./lib/photo-uploads";

const URL_READ = "/api/church/me";
const WIDTH = 4000;
const HEIGHT = 3000;

/** A 4000 × 3000 JPEG: gradients and shapes (something to look at) under per-pixel noise (something to encode). */
async function makePhoto(): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 20261126;
  const rand = () => {
    // xorshift32: the same photo on every run.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const dx = x - WIDTH / 2;
      const dy = y - HEIGHT / 2;
      const ring = Math.sin(Math.sqrt(dx * dx + dy * dy) / 40) * 40;
      const noise = (rand() - 0.5) * 70;
      raw[i] = clamp(90 + (x / WIDTH) * 120 + ring + noise);
      raw[i + 1] = clamp(60 + (y / HEIGHT) * 140 - ring + noise);
      raw[i + 2] = clamp(140 + Math.sin(x / 90) * 50 + noise);
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** The process's resident memory in bytes (Linux /proc; NaN elsewhere). */
function rss(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU seconds used so far by the process and by its main thread (the event loop), from /proc (NaN elsewhere). */
function cpu(pid: number | undefined): { all: number; main: number } {
  const ticks = (file: string) => {
    const fields = fs.readFileSync(file, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, clock ticks of 1/100 s
  };
  try {
    return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return { all: NaN, main: NaN };
  }
}

const upload = uploadPhoto;

/** Ten members' uploads at once, round after round, from a process of their own (bench/lib/photo-uploads.ts). */
function uploadRounds(base: string, file: string, rounds: string[][]): Promise<number[][]> {
  const child = fork(path.join(ROOT, "bench/lib/photo-uploads.ts"), [], { cwd: ROOT, env: { ...process.env, BENCH_PHOTO_CHILD: "1" }, execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m: UploadReply) => (m.ok ? resolve(m.rounds) : reject(new Error(m.error))));
    child.once("exit", (code) => reject(new Error(`the uploads' process ended (${code})`)));
    child.send({ base, file, rounds } satisfies UploadJob);
  });
}

export async function run(ctx: Ctx) {
  const base = ctx.server.base;
  const pid = ctx.server.child.pid;
  const members = ctx.congregation.members;
  const readRate = Number(process.env.BENCH_PHOTO_READ_RATE ?? (ctx.full ? 500 : 200));
  const t0 = performance.now();
  const jpeg = await makePhoto();
  const photo = new Uint8Array(jpeg); // fetch's body type: one copy, made once
  const meta = await sharp(jpeg).metadata();
  ctx.log(`photo: ${meta.width} × ${meta.height} JPEG, ${(photo.length / 2 ** 20).toFixed(2)} MB, made in ${fmtMs(performance.now() - t0)}`);
  if (photo.length > 10 * 2 ** 20) throw new Error("the bench photo is over the 10 MB limit");

  // 1. One at a time: time and memory growth.
  const single: { ms: number; growth: number }[] = [];
  for (let k = 0; k < 5; k++) {
    await sleep(300);
    const before = rss(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 5);
    try {
      const ms = await upload(base, members[k]!.token, photo);
      peak = Math.max(peak, rss(pid));
      single.push({ ms, growth: peak - before });
    } finally {
      clearInterval(sampler);
    }
  }
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
  ctx.log(`one at a time: ${single.map((s) => `${fmtMs(s.ms)} (+${mb(s.growth)})`).join(", ")}`);
  const slowest = Math.max(...single.map((s) => s.ms));
  const most = Math.max(...single.map((s) => s.growth));
  ctx.rows.push({
    scenario: `photo: one ${(photo.length / 2 ** 20).toFixed(1)} MB 12-megapixel JPEG upload, 5 in turn`,
    figure: `slowest ${fmtMs(slowest)}, median ${fmtMs(pct(single.map((s) => s.ms).sort((a, b) => a - b), 50))}`,
    goal: "< 1.5 s",
    met: slowest < 1500,
  });
  ctx.rows.push({
    scenario: "photo: server RSS growth during one upload",
    figure: Number.isNaN(most) ? "not measured (no /proc)" : `at most +${mb(most)} (${single.map((s) => `+${mb(s.growth)}`).join(", ")})`,
    goal: "< 150 MB",
    met: Number.isNaN(most) ? null : most < 150 * 2 ** 20,
  });

  // 2. Ten at once, three rounds, while members read.
  const readers = members.slice(100).map((m) => m.token);
  let i = 0;
  const startReads = () => {
    let instance!: autocannon.Instance;
    const done = new Promise<autocannon.Result>((resolve, reject) => {
      instance = autocannon(
        {
          url: base + URL_READ,
          connections: 50,
          overallRate: readRate,
          duration: 3600,
          requests: [{ method: "GET", setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${readers[i++ % readers.length]}` } }) }],
        },
        (err, result) => (err ? reject(err as Error) : resolve(result)),
      );
    });
    return () => {
      instance.stop();
      return done;
    };
  };
  // Every reader's session once first (a cold session cache reads the database: not what is measured here).
  await load(base + URL_READ, { connections: 50, seconds: 1, amount: readers.length * 2, tokens: readers });
  const cpuAloneBefore = cpu(pid);
  const aloneBegan = performance.now();
  const stopAlone = startReads();
  await sleep(5000);
  const alone = await stopAlone();
  const aloneMs = performance.now() - aloneBegan;
  const cpuAloneAfter = cpu(pid);
  ctx.log(`${URL_READ} alone at ${fmtN(readRate)} req/s: p99 ${fmtMs(alone.latency.p99)}, mean ${fmtMs(alone.latency.mean)}`);

  const stopDuring = startReads();
  const cpuBefore = cpu(pid);
  const photoFile = path.join(os.tmpdir(), `bench-photo-${process.pid}.jpg`);
  fs.writeFileSync(photoFile, photo);
  const began = performance.now();
  const rounds = await uploadRounds(base, photoFile, [0, 1, 2].map((round) => members.slice(10 + round * 10, 20 + round * 10).map((m) => m.token)));
  const uploadsMs = performance.now() - began;
  fs.rmSync(photoFile, { force: true });
  const during = await stopDuring();
  const cpuAfter = cpu(pid);
  // The event loop's own share is what delays other members' reads; the rest ran on other threads.
  const perSecond = (c: { all: number; main: number }, from: { all: number; main: number }, ms: number) => ({ all: (c.all - from.all) / (ms / 1000), main: (c.main - from.main) / (ms / 1000) });
  const readsOnly = perSecond(cpuAloneAfter, cpuAloneBefore, aloneMs);
  const withUploads = perSecond(cpuAfter, cpuBefore, uploadsMs);
  const uploadCount = rounds.flat().length;
  const seconds = uploadsMs / 1000;
  const perUpload = { all: ((withUploads.all - readsOnly.all) * seconds) / uploadCount, main: ((withUploads.main - readsOnly.main) * seconds) / uploadCount };
  ctx.log(
    `server CPU per second of wall time: reads alone ${readsOnly.all.toFixed(2)} (event loop ${readsOnly.main.toFixed(2)}); reads and uploads ${withUploads.all.toFixed(2)} (event loop ${withUploads.main.toFixed(2)}); per upload ${fmtMs(perUpload.all * 1000)} of CPU, ${fmtMs(perUpload.main * 1000)} of it on the event loop`,
  );
  const all = rounds.flat().sort((a, b) => a - b);
  const errors = during.errors + during.timeouts + during.non2xx;
  ctx.log(
    `30 uploads, ten at a time, in ${fmtMs(uploadsMs)}: each ${fmtMs(all[0]!)} to ${fmtMs(all[all.length - 1]!)}; ${URL_READ} meanwhile: ${fmtN(during.requests.average)} req/s, p99 ${fmtMs(during.latency.p99)}, mean ${fmtMs(during.latency.mean)}, errors ${errors}`,
  );
  ctx.rows.push({
    scenario: `photo: GET ${URL_READ} at ${fmtN(readRate)} req/s while 10 uploads run at once (×3)`,
    figure: `p99 ${fmtMs(during.latency.p99)}${errors ? `, ${errors} errors` : ""} (alone: p99 ${fmtMs(alone.latency.p99)}); uploads ${fmtMs(all[0]!)}–${fmtMs(all[all.length - 1]!)} each; event loop ${fmtMs(perUpload.main * 1000)} per upload`,
    goal: "p99 < 100 ms",
    met: during.latency.p99 < 100 && errors === 0,
  });
}
