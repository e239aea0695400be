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
import os from "node:os";
import sharp from "sharp";
import { badRequest } from "../http/app-error";

sharp.cache(false);
sharp.concurrency(1);

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
 * Reads a raw upload up to `max` bytes; more is a 400 on `field` with `tooLarge` (said before
 * reading when Content-Length tells, and as soon as the bytes pass `max` when it does not).
 */
export function readRawUpload(payload: NodeJS.ReadableStream, declared: number, max: number, field: string, tooLarge: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (declared > max) return reject(badRequest(field, tooLarge));
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        payload.removeAllListeners("data");
        payload.resume();
        reject(badRequest(field, tooLarge));
        return;
      }
      chunks.push(chunk);
    });
    payload.on("end", () => resolve(Buffer.concat(chunks)));
    payload.on("error", reject);
  });
}
