/**
 * What the church logo (decision 0106) and a member's photo (issue 20) share about an image
 * upload: the raw body read up to a limit of its own, the format told by the bytes' signature
 * (never by the request's Content-Type or the file name), and the one queue every decode and
 * encode goes through.
 *
 * Why a queue, and sharp's settings (issue 20: "ten 12-megapixel uploads at once don't stop other
 * members' reads"; bench/photo.bench.ts measures it):
 *   - sharp runs on libuv's thread pool (4 threads by default) and each operation may start
 *     libvips threads of its own (`sharp.concurrency()`, one per core by default). Ten uploads at
 *     once would keep every core busy with image work, and the event loop, which answers every
 *     other member's request, would wait for CPU behind it. So at most IMAGE_WORKERS renders run
 *     at once (the cores less one, at least one) and each uses one libvips thread: a core stays
 *     free for the event loop, and the other uploads wait their turn here, in order (their bytes
 *     are already read, up to 10 MB each; the per-member write limits bound how many arrive).
 *     A photo's render is short (a 12-megapixel JPEG is decoded at 1/8 scale, libvips'
 *     shrink-on-load, since only 512 px are kept), so waiting behind nine others costs about a
 *     second, while a member's read costs nothing extra.
 *   - `sharp.cache(false)`: libvips keeps up to 50 MB of recent operations for reuse, which helps
 *     a server that resizes the same images again and again. Ours decodes each upload once, so
 *     the cache would only hold memory (and a member's pixels) after the answer.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../http/app-error";

sharp.cache(false);
sharp.concurrency(1);

/** The nice value of libvips' own threads: the lowest CPU priority (decision 0115). */
const IMAGE_THREAD_NICE = 19;
const lowered = new Set<number>();

/**
 * Gives libvips' worker threads (named "libvips worker"; they do the pixel work of every decode
 * and encode) the lowest CPU priority, so that when the cores are busy the scheduler runs the
 * event loop (other members' requests) and PostgreSQL first, and image work takes what is left.
 * On Linux a nice value is a thread's own (setpriority on a thread id); libvips may start new
 * threads, so the process's threads are looked over before each render (a few small /proc reads).
 * Elsewhere, or when /proc is not readable, nothing changes.
 */
function lowerImageThreads() {
  if (process.platform !== "linux") return;
  try {
    for (const tid of fs.readdirSync("/proc/self/task")) {
      const id = Number(tid);
      if (lowered.has(id)) continue;
      if (fs.readFileSync(`/proc/self/task/${tid}/comm`, "utf8").startsWith("libvips")) {
        os.setPriority(id, IMAGE_THREAD_NICE);
        lowered.add(id);
      }
    }
  } catch {
    // A thread that ended between the listing and the read, or no /proc: leave the priorities as they are.
  }
}

/** Renders at once: the cores less one (one core is left for the event loop), at least one. */
export const IMAGE_WORKERS = Math.max(1, os.availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `render` (sharp work on one uploaded image) when one of IMAGE_WORKERS is free, first come
 * first served; its result or error is the caller's.
 */
export async function inImageQueue<T>(render: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  lowerImageThreads();
  try {
    return await render();
  } finally {
    // The slot passes straight to the next in line (running stays the same), or is freed.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** What the first bytes say the file is: one of the raster formats the app can accept, or null. */
export function sniffImage(bytes: Buffer): "png" | "jpeg" | "gif" | "webp" | "avif" | null {
  if (bytes.length < 12) return null;
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const ascii = bytes.subarray(0, 12).toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "webp";
  if (ascii.slice(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii.slice(8, 12))) return "avif";
  return null;
}

/**
 * An upload received to a file of its own (see receiveUpload): its path for sharp, its size and
 * first bytes (for the signature check), and `discard()`, which removes the file (idempotent).
 */
export interface ReceivedUpload {
  readonly path: string;
  readonly size: number;
  readonly head: Buffer;
  discard(): Promise<void>;
}

let uploadDir: string | undefined;
/** This process's own directory for uploads in flight (0700), made on first use and removed at exit. */
export function uploadDirectory(): string {
  if (!uploadDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-uploads-"));
    uploadDir = dir;
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return uploadDir;
}

/** How many first bytes `head` keeps: enough for every signature sniffImage knows. */
const HEAD_BYTES = 16;

/**
 * Receives a raw upload up to `max` bytes into a new file (mode 0600) in this process's upload
 * directory; more is a 400 on `field` with `tooLarge` (said before reading when Content-Length
 * tells, and as soon as the bytes pass `max` when it does not), and the partial file is removed.
 *
 * Why a file and not one Buffer (issue 20, bench/photo.bench.ts): the bytes never gather on the
 * event loop. Each network chunk is handed to libuv's thread pool to write and then dropped, so
 * the event loop neither copies the whole upload (Buffer.concat of a 5 MB photo) nor holds it
 * while the upload waits its turn in the image queue. Held Buffers count as V8's external
 * memory: ten 5 MB uploads at once held 100 to 150 MB of it, and past V8's external-memory limit
 * every round started full mark-compact collections of the whole heap (25 to 70 ms pauses of
 * the event loop, which answers every other member). libvips then reads the file on its own
 * thread. The caller discards the upload once it is rendered (or refused).
 */
export function receiveUpload(payload: NodeJS.ReadableStream, declared: number, max: number, field: string, tooLarge: string): Promise<ReceivedUpload> {
  if (declared > max) return Promise.reject(badRequest(field, tooLarge));
  const file = path.join(uploadDirectory(), `${randomUUID()}.upload`);
  let discarded: Promise<void> | undefined;
  const discard = () => (discarded ??= fs.promises.rm(file, { force: true }));
  return new Promise<ReceivedUpload>((resolve, reject) => {
    // Up to 1 MB may wait while a write is on the pool: the chunks that gather meanwhile go in one writev.
    const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600, highWaterMark: 1 << 20 });
    const head: Buffer[] = [];
    let size = 0;
    let headSize = 0;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      payload.removeListener("data", onData);
      // The rest of the request is read and dropped, so that the 400 can be answered.
      payload.resume();
      // The file goes once the stream has let it go (an open still in flight finishes first).
      const closed = out.closed ? Promise.resolve() : new Promise<void>((r) => out.once("close", () => r()));
      out.destroy();
      void closed.then(discard).then(() => reject(err), () => reject(err));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return fail(badRequest(field, tooLarge));
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        head.push(Buffer.from(part)); // a copy of a few bytes: the chunk itself is let go once written
        headSize += part.length;
      }
      // Written at once, chunk by chunk, on libuv's thread pool; the network waits while the disk
      // is behind. Not gathered into bigger writes: a chunk kept past a young-generation collection
      // is promoted and then freed only by a full one (gathering 1 MB per upload brought back the
      // full collections this reader exists to avoid).
      if (!out.write(chunk)) {
        payload.pause();
        out.once("drain", () => payload.resume());
      }
    };
    payload.on("data", onData);
    let ended = false;
    payload.on("end", () => {
      ended = true;
      if (!failed) out.end();
    });
    payload.on("error", fail);
    // A client that goes away mid-upload: the request closes without an end.
    payload.on("close", () => {
      if (!ended) fail(new Error("the upload was aborted"));
    });
    out.on("error", fail);
    out.on("finish", () => {
      if (!failed) resolve({ path: file, size, head: Buffer.concat(head), discard });
    });
  });
}

/** Whether a request's body is an upload receiveUpload made. */
export function isReceivedUpload(body: unknown): body is ReceivedUpload {
  return typeof body === "object" && body !== null && "path" in body && "head" in body && Buffer.isBuffer((body as ReceivedUpload).head);
}

/**
 * Makes every request body in the `upload` context (a Fastify context of its own, so no other
 * route takes raw bodies) a ReceivedUpload, whatever its Content-Type (the bytes decide what it
 * is), and removes its file once the answer is sent, whatever happened in between (a refused
 * image, a rate limit after the body was read, an error).
 */
export function acceptRawUploads(upload: Pick<FastifyInstance, "addContentTypeParser" | "addHook">, max: number, field: string, tooLarge: string) {
  upload.addContentTypeParser("*", (req, payload, done) => {
    receiveUpload(payload, Number(req.headers["content-length"] ?? 0), max, field, tooLarge).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });
  upload.addHook("onResponse", async (req) => {
    if (isReceivedUpload(req.body)) await req.body.discard();
  });
}
