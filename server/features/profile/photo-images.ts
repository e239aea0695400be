/**
 * A member's photo (PUT /api/me/photo, issue 20): the upload must be a JPEG, PNG or WebP by its
 * signature, and sharp must decode it as that same format (a file that lies about its type is
 * refused). Decoding stops past MAX_INPUT_PIXELS (a small PNG can claim a huge canvas: a
 * decompression bomb). The served images are encoded anew from the pixels: EXIF orientation
 * applied, a square centre crop, 512 px and 128 px WebP, and nothing else carried over (no EXIF,
 * GPS, XMP, ICC or comments: sharp writes metadata only when asked, and we never ask). An
 * animated WebP gives its first frame.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { PROFILE_TEXT } from "../../../contract/profile";
import { badRequest } from "../../http/app-error";
import { inImageQueue, sniffImage, type ReceivedUpload } from "../../shared/image-upload";

/** 50 megapixels: every phone camera's full-size photo, and no more. */
export const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED = new Set(["jpeg", "png", "webp"]);

export interface PhotoImages {
  version: string;
  large: Buffer;
  small: Buffer;
}

/** The images for an upload (received to a file: shared/image-upload.ts), decoded and encoded in the shared image queue (a core stays free for other members' requests); libvips reads the file on its own thread. */
export async function renderPhoto(upload: ReceivedUpload): Promise<PhotoImages> {
  const kind = sniffImage(upload.head);
  if (!kind || !ACCEPTED.has(kind)) throw badRequest("photo", PROFILE_TEXT.photoNotImage);
  return inImageQueue(() => render(upload.path, kind));
}

async function render(file: string, kind: string): Promise<PhotoImages> {
  const open = () => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error", sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    // sharp checks limitInputPixels against the header already here.
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest("photo", PROFILE_TEXT.photoTooBig);
    throw badRequest("photo", PROFILE_TEXT.photoNotImage);
  }
  if (meta.format !== kind) throw badRequest("photo", PROFILE_TEXT.photoNotImage);
  if (!meta.width || !meta.height) throw badRequest("photo", PROFILE_TEXT.photoNotImage);
  // Said before any pixel is decoded (the header tells the canvas; sharp's limit is the backstop).
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw badRequest("photo", PROFILE_TEXT.photoTooBig);
  try {
    const large = await open().rotate().resize(512, 512, { fit: "cover", position: "centre" }).webp({ quality: 82 }).toBuffer();
    const small = await sharp(large).resize(128, 128).webp({ quality: 80 }).toBuffer();
    const version = createHash("sha256").update(large).digest("hex").slice(0, 20);
    return { version, large, small };
  } catch {
    // A header that decodes over pixels that do not (truncated, corrupt), or past the pixel limit.
    throw badRequest("photo", PROFILE_TEXT.photoNotImage);
  }
}
