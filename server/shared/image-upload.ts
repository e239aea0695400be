/**
 * What the church logo (decision 0106) and a member's photo (issue 20) share about an image
 * upload: the raw body read up to a limit of its own, and the format told by the bytes'
 * signature (never by the request's Content-Type or the file name).
 */
import { badRequest } from "../http/app-error";

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
