/**
 * The photo bench's uploaders, in a process of their own (bench/photo.bench.ts): ten members'
 * phones sending 5 MB each at once are other machines, and sending 50 MB from the bench's own
 * event loop delayed the bench's read load generator (autocannon) beside it, so its latencies
 * counted the bench's work as the server's. The parent sends { base, path, rounds: tokens[][] };
 * this child uploads each round's photos at once, round after round, and answers with each
 * upload's milliseconds (or the first error).
 */
import fs from "node:fs";

export const PHOTO_URL = "/api/me/photo";

export interface UploadJob {
  base: string;
  /** The JPEG's file. */
  file: string;
  /** Each round: the uploaders' tokens, uploading at once. */
  rounds: string[][];
}
export type UploadReply = { ok: true; rounds: number[][] } | { ok: false; error: string };

export async function uploadPhoto(base: string, token: string, photo: Uint8Array<ArrayBuffer>) {
  const t0 = performance.now();
  const res = await fetch(base + PHOTO_URL, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "image/jpeg" },
    body: photo,
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`PUT ${PHOTO_URL}: ${res.status} ${body.slice(0, 200)}`);
  const photoUrl = (JSON.parse(body) as { photoUrl: string | null }).photoUrl;
  if (!photoUrl) throw new Error("the answer has no photoUrl");
  return ms;
}

if (process.env.BENCH_PHOTO_CHILD === "1" && process.send) {
  process.once("message", (job: UploadJob) => {
    void (async () => {
      const photo = new Uint8Array(fs.readFileSync(job.file));
      const rounds: number[][] = [];
      for (const tokens of job.rounds) rounds.push(await Promise.all(tokens.map((t) => uploadPhoto(job.base, t, photo))));
      return rounds;
    })().then(
      (rounds) => process.send!({ ok: true, rounds } satisfies UploadReply, () => process.exit(0)),
      (err: unknown) => process.send!({ ok: false, error: String(err) } satisfies UploadReply, () => process.exit(1)),
    );
  });
}
