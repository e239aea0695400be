/**
 * The logo upload's pipeline: the bytes must be one of the raster formats we accept (by their
 * signature, whatever the request's Content-Type says), sharp decodes them (which refuses a
 * file that only looks like an image), and the images the app serves are encoded anew from
 * the pixels: EXIF orientation applied, every piece of metadata (camera, GPS, comments,
 * colour profiles but sRGB) left behind, an animation reduced to its first frame. SVG is
 * refused before any parser sees it: it is a document that can carry script and fetch URLs.
 */
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { CHURCH_TEXT } from "../../../contract/church";
import { badRequest } from "../../http/app-error";
import { inImageQueue, sniffImage, type ReceivedUpload } from "../../shared/image-upload";

/** Decoding stops past this many pixels (a small file can claim a huge canvas: a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SIDE = 64;

/** The image files the logo URL serves, by the file name in the URL. */
export const LOGO_FILES = ["512.png", "192.png", "maskable-512.png", "maskable-192.png"] as const;
export type LogoFile = (typeof LOGO_FILES)[number];

export interface LogoImages {
  version: string;
  png512: Buffer;
  png192: Buffer;
  maskable512: Buffer;
  maskable192: Buffer;
}

const hexToRgb = (hex: string) => ({ r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16), alpha: 1 });
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * Decodes an uploaded logo and renders the served images: the logo fitted into a transparent
 * square (512 and 192 px) and the maskable icons (the logo within the central 80% safe zone on
 * `background`). A file that is not an accepted image, or smaller than 64 px, is a 400 on `logo`.
 */
export async function renderLogo(upload: ReceivedUpload, background: string): Promise<LogoImages> {
  const kind = sniffImage(upload.head);
  if (!kind) throw badRequest("logo", CHURCH_TEXT.logoNotImage);
  // In the shared image queue, as members' photos are (shared/image-upload.ts).
  return inImageQueue(() => render(upload.path, kind, background));
}

async function render(file: string, kind: string, background: string): Promise<LogoImages> {
  const open = () => sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: "error" });
  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch {
    throw badRequest("logo", CHURCH_TEXT.logoNotImage);
  }
  // The decoder must agree with the signature (a HEIC photo also starts with ftyp).
  const decoded = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
  if (decoded !== kind) throw badRequest("logo", CHURCH_TEXT.logoNotImage);
  if (!meta.width || !meta.height || meta.width < MIN_SIDE || meta.height < MIN_SIDE) throw badRequest("logo", CHURCH_TEXT.logoTooSmall);
  try {
    // Decoded once, to raw pixels: every size is encoded from them, never from the upload.
    const square = await open().rotate().resize(512, 512, { fit: "contain", background: TRANSPARENT }).png().toBuffer();
    const inner = await sharp(square).resize(410, 410).png().toBuffer();
    const maskable512 = await sharp({ create: { width: 512, height: 512, channels: 4, background: hexToRgb(background) } })
      .composite([{ input: inner, gravity: "center" }])
      .png({ compressionLevel: 9 })
      .toBuffer();
    const png512 = await sharp(square).png({ compressionLevel: 9 }).toBuffer();
    const png192 = await sharp(square).resize(192, 192).png({ compressionLevel: 9 }).toBuffer();
    const maskable192 = await sharp(maskable512).resize(192, 192).png({ compressionLevel: 9 }).toBuffer();
    const version = createHash("sha256").update(png512).update(maskable512).digest("hex").slice(0, 16);
    return { version, png512, png192, maskable512, maskable192 };
  } catch {
    // A file whose header decodes but whose pixels do not (truncated, corrupt).
    throw badRequest("logo", CHURCH_TEXT.logoNotImage);
  }
}

export const logoBytes = (images: LogoImages, file: LogoFile) =>
  file === "512.png" ? images.png512 : file === "192.png" ? images.png192 : file === "maskable-512.png" ? images.maskable512 : images.maskable192;
