/**
 * Profile → Edit (issue 20): PATCH /api/me (names, phone as E.164 in the church's country,
 * language, per-field messages in English and Spanish), isolation (only one's own account),
 * and the photo pipeline on real JPEG, PNG and WebP files made by sharp: EXIF GPS stripped,
 * a PNG bomb, a file that lies about its type, 10 MB + 1 byte, delete, and the served URL.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { memberPhotos, users } from "../../db/schema/users";
import { API } from "../../../contract/api-paths";
import { PHOTO_MAX_BYTES, churchRegion, toE164 } from "../../../contract/profile";
import { uploadDirectory } from "../../shared/image-upload";

let t: TestApp;
type Who = Awaited<ReturnType<TestApp["signUp"]>>;
let ann: Who;
let bob: Who;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = [await t.signUp("MEMBER", { firstName: "Ann", lastName: "Lee" }), await t.signUp("MEMBER", { firstName: "Bob", lastName: "Ray" })];
}, 60_000);
afterAll(() => t.close());

const patch = (who: Who, payload: unknown, lang?: string) =>
  t.app.inject({ method: "PATCH", url: API.profile.me(), headers: { ...who.auth, ...(lang ? { "accept-language": lang } : {}) }, payload: payload as never });
const meUser = async (who: Who) => {
  const res = await t.app.inject({ method: "GET", url: API.church.me(), headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().user;
};
const upload = (who: Who, body: Buffer, type = "image/jpeg", lang?: string) =>
  t.app.inject({ method: "PUT", url: API.profile.photo(), headers: { ...who.auth, "content-type": type, ...(lang ? { "accept-language": lang } : {}) }, payload: body });

/** A camera's EXIF, GPS position included, as phones write it. */
const CAMERA_EXIF = { IFD0: { Make: "PhoneCo", Model: "Camera 9" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 32/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 22/1 0/1" } };
/** A JPEG photo with the camera's EXIF. */
const gpsJpeg = (width = 1200, height = 800) => sharp({ create: { width, height, channels: 3, background: "#3a7" } }).jpeg().withExif(CAMERA_EXIF).toBuffer();
/** The same EXIF in a PNG (eXIf chunk) and a WebP (EXIF chunk). */
const gpsPng = () => sharp({ create: { width: 900, height: 600, channels: 4, background: "#3a7f" } }).png().withExif(CAMERA_EXIF).toBuffer();
const gpsWebp = () => sharp({ create: { width: 600, height: 900, channels: 3, background: "#7a3" } }).webp().withExif(CAMERA_EXIF).toBuffer();
/** The GPS IFD pointer (tag 0x8825, little-endian as libexif writes it). */
const GPS_POINTER = Buffer.from([0x25, 0x88]);

/** An image the server wrote: a WebP with no EXIF, XMP or ICC, and none of the camera's words. */
async function expectNoMetadata(image: Buffer, label: string) {
  const meta = await sharp(image).metadata();
  expect(meta.format, label).toBe("webp");
  expect(meta.exif, label).toBeUndefined();
  expect(meta.xmp, label).toBeUndefined();
  expect(meta.icc, label).toBeUndefined();
  expect(image.includes(Buffer.from("Exif")), `${label}: no EXIF chunk`).toBe(false);
  expect(image.includes(Buffer.from("PhoneCo")), `${label}: no camera make`).toBe(false);
  expect(image.includes(Buffer.from("Camera 9")), `${label}: no camera model`).toBe(false);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

describe("PATCH /api/me", () => {
  it("changes names (cleaned as at registration), phone (E.164) and language; answers the own user; the session check shows it", async () => {
    const res = await patch(ann, { firstName: "  An\u200Bne\u202E ", lastName: "Lee-Smith", phone: "(407) 555-0123", locale: "es" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: ann.user.id, firstName: "Anne", lastName: "Lee-Smith", phone: "+14075550123", photoUrl: null, email: ann.user.email });
    expect(body.passwordHash).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(row).toMatchObject({ firstName: "Anne", lastName: "Lee-Smith", phone: "+14075550123", locale: "es" });
    // The session cache forgot the old user: the very next check shows the change.
    expect(await meUser(ann)).toMatchObject({ firstName: "Anne", phone: "+14075550123" });
  });

  it("reads a number without + in the church's country, keeps another country's with +, and null or empty clears", async () => {
    expect((await patch(ann, { phone: "407.555.0199" })).json().phone).toBe("+14075550199");
    expect((await patch(ann, { phone: "+52 55 1234 5678" })).json().phone).toBe("+525512345678");
    expect((await patch(ann, { phone: "+44 20 7946 0958" })).json().phone).toBe("+442079460958");
    expect((await patch(ann, { phone: null })).json().phone).toBeNull();
    await patch(ann, { phone: "+14075550123" });
    expect((await patch(ann, { phone: "" })).json().phone).toBeNull();
    const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, ann.user.id));
    expect(row.phone).toBeNull();
  });

  it("a patch without a field leaves it as it is", async () => {
    await patch(ann, { firstName: "Anne", phone: "+14075550123" });
    const res = await patch(ann, { lastName: "Lee" });
    expect(res.json()).toMatchObject({ firstName: "Anne", lastName: "Lee", phone: "+14075550123" });
  });

  it("refuses bad input with a 400 per field, in English and Spanish, and saves nothing", async () => {
    const before = await meUser(ann);
    const cases: [unknown, string, string, string][] = [
      [{ firstName: "   " }, "firstName", "First name is required", "El nombre es obligatorio"],
      [{ lastName: "\u200B\u200B" }, "lastName", "Last name is required", "El apellido es obligatorio"],
      [{ firstName: "x".repeat(101) }, "firstName", "A name can have at most 100 characters", "Un nombre puede tener como máximo 100 caracteres"],
      [{ phone: "12" }, "phone", "Enter a valid phone number", "Introduzca un número de teléfono válido"],
      [{ phone: "call me maybe" }, "phone", "Enter a valid phone number", "Introduzca un número de teléfono válido"],
      [{ phone: "+1 555" }, "phone", "Enter a valid phone number", "Introduzca un número de teléfono válido"],
      [{ phone: "1".repeat(41) }, "phone", "Enter a valid phone number", "Introduzca un número de teléfono válido"],
    ];
    for (const [payload, path, en, es] of cases) {
      const a = await patch(ann, payload);
      expect(a.statusCode, JSON.stringify(payload)).toBe(400);
      expect(a.json().issues).toEqual([{ path: `body.${path}`, message: en }]);
      const b = await patch(ann, payload, "es");
      expect(b.json().issues).toEqual([{ path: `body.${path}`, message: es }]);
    }
    expect((await patch(ann, { locale: "fr" })).statusCode).toBe(400);
    expect((await patch(ann, { email: "new@example.org" })).statusCode, "email is not changed here").toBe(400);
    expect((await patch(ann, { role: "OWNER" })).statusCode, "nor the role").toBe(400);
    expect(await meUser(ann)).toEqual(before);
  });

  it("without a derivable country, a number needs + and its country code", () => {
    expect(churchRegion({ address: { state: "FL", zip: "32801" }, timeZone: "America/New_York" })).toBe("US");
    expect(churchRegion({ address: { state: "", zip: "" }, timeZone: "America/Mexico_City" })).toBe("MX");
    const none = churchRegion({ address: { state: "Gauteng", zip: "2000" }, timeZone: "Africa/Johannesburg" });
    expect(none).toBeUndefined();
    expect(toE164("011 555 1234", none)).toEqual({ error: "Enter the phone number with its country code, starting with +" });
    expect(toE164("+27 11 555 1234", none)).toEqual({ phone: "+27115551234" });
    expect(toE164("55 1234 5678", "MX")).toEqual({ phone: "+525512345678" });
  });

  it("only ever changes the asker's own account; signed out is a 401", async () => {
    const bobBefore = await meUser(bob);
    await patch(ann, { firstName: "Anne" });
    expect(await meUser(bob)).toEqual(bobBefore);
    expect((await t.app.inject({ method: "PATCH", url: API.profile.me(), payload: { firstName: "X" } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "PUT", url: API.profile.photo(), headers: { "content-type": "image/jpeg" }, payload: await gpsJpeg(100, 100) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: API.profile.photo() })).statusCode).toBe(401);
  });
});

describe("the photo", () => {
  it("a JPEG with EXIF GPS becomes a 512 and a 128 px square WebP with no metadata; the own user links it", async () => {
    const jpeg = await gpsJpeg();
    const inMeta = await sharp(jpeg).metadata();
    // The GPS IFD pointer is in the file's EXIF.
    expect(inMeta.exif?.includes(GPS_POINTER), "the test file does carry a GPS position").toBe(true);
    const res = await upload(ann, jpeg);
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json();
    const [row] = await t.db.select().from(memberPhotos).where(eq(memberPhotos.userId, ann.user.id));
    expect(photoUrl).toBe(API.profile.memberPhoto({ id: ann.user.id, version: row.version, size: "512" }));
    expect((await meUser(ann)).photoUrl).toBe(photoUrl);
    for (const [size, px] of [["512", 512], ["128", 128]] as const) {
      const img = await t.app.inject({ method: "GET", url: API.profile.memberPhoto({ id: ann.user.id, version: row.version, size }), headers: bob.auth });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      expect(img.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(img.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width: px, height: px });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(img.rawPayload.includes(Buffer.from("Exif")), "no EXIF chunk").toBe(false);
      expect(img.rawPayload.includes(Buffer.from("PhoneCo")), "no camera make").toBe(false);
    }
  });

  it("a PNG or a WebP with EXIF GPS is stored and served with no metadata either", async () => {
    const cam = await t.signUp("MEMBER", { firstName: "Cam", lastName: "Era" });
    for (const [type, file] of [
      ["image/png", await gpsPng()],
      ["image/webp", await gpsWebp()],
    ] as const) {
      const inMeta = await sharp(file).metadata();
      expect(inMeta.format, type).toBe(type.slice(6));
      expect(inMeta.exif?.includes(GPS_POINTER), `the ${type} test file does carry a GPS position`).toBe(true);
      expect(file.includes(Buffer.from("PhoneCo")), `the ${type} test file names the camera`).toBe(true);
      const res = await upload(cam, file, type);
      expect(res.statusCode, res.body).toBe(200);
      // What is stored: both sizes.
      const [row] = await t.db.select().from(memberPhotos).where(eq(memberPhotos.userId, cam.user.id));
      expect(res.json().photoUrl).toBe(API.profile.memberPhoto({ id: cam.user.id, version: row.version, size: "512" }));
      await expectNoMetadata(Buffer.from(row.large), `${type} stored 512`);
      await expectNoMetadata(Buffer.from(row.small), `${type} stored 128`);
      // What is served.
      for (const size of ["512", "128"] as const) {
        const img = await t.app.inject({ method: "GET", url: API.profile.memberPhoto({ id: cam.user.id, version: row.version, size }), headers: bob.auth });
        expect(img.statusCode).toBe(200);
        expect((await sharp(img.rawPayload).metadata()).width).toBe(Number(size));
        await expectNoMetadata(img.rawPayload, `${type} served ${size}`);
      }
    }
  });

  it("crops to the centre of the picture, after turning it upright (EXIF orientation)", async () => {
    // Left third red, middle green, right blue: the square crop keeps the green middle.
    const stripes = await sharp({ create: { width: 900, height: 300, channels: 3, background: "#00ff00" } })
      .composite([
        { input: { create: { width: 300, height: 300, channels: 3, background: "#ff0000" } }, left: 0, top: 0 },
        { input: { create: { width: 300, height: 300, channels: 3, background: "#0000ff" } }, left: 600, top: 0 },
      ])
      .png()
      .toBuffer();
    const res = await upload(ann, stripes, "image/png");
    expect(res.statusCode).toBe(200);
    const img = await t.app.inject({ method: "GET", url: res.json().photoUrl, headers: ann.auth });
    const { data } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3)];
    for (const [x, y] of [[10, 10], [256, 256], [500, 500]]) {
      const [r, g, b] = px(x, y);
      expect(g, `pixel ${x},${y} is green`).toBeGreaterThan(200);
      expect(r + b).toBeLessThan(80);
    }
    // A portrait photo stored sideways with orientation 6 comes out upright: 300 x 900 stored, shown 900 wide... cropped square either way, top row stays the stored left edge.
    const sideways = await sharp({ create: { width: 600, height: 200, channels: 3, background: "#ffffff" } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: "#ff0000" } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const turned = await upload(ann, sideways);
    const out = await t.app.inject({ method: "GET", url: turned.json().photoUrl, headers: ann.auth });
    const raw = await sharp(out.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // Rotated 90° clockwise the stored left (red) end is the top: the centre crop (middle third) is white.
    const centre = [...raw.data.subarray((256 * 512 + 256) * 3, (256 * 512 + 256) * 3 + 3)];
    expect(Math.min(...centre)).toBeGreaterThan(200);
    expect(raw.info.width).toBe(512);
  });

  it("takes PNG and WebP too; a new upload gets a new URL and the old one stops being served", async () => {
    const png = await sharp({ create: { width: 300, height: 500, channels: 4, background: "#123456" } }).png().toBuffer();
    const webp = await sharp({ create: { width: 700, height: 700, channels: 3, background: "#abcdef" } }).webp().toBuffer();
    const first = (await upload(bob, png, "image/png")).json().photoUrl;
    const second = await upload(bob, webp, "image/webp");
    expect(second.statusCode).toBe(200);
    expect(second.json().photoUrl).not.toBe(first);
    expect((await t.app.inject({ method: "GET", url: first, headers: ann.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: second.json().photoUrl, headers: ann.auth })).statusCode).toBe(200);
    // Signed out: no photo.
    expect((await t.app.inject({ method: "GET", url: second.json().photoUrl })).statusCode).toBe(401);
    // A made-up version of a real member is a 404.
    expect((await t.app.inject({ method: "GET", url: API.profile.memberPhoto({ id: bob.user.id, version: "0123456789abcdef0123", size: "128" }), headers: ann.auth })).statusCode).toBe(404);
  });

  it("refuses a file that is not a JPEG, PNG or WebP, or lies about its type, with a clear 400 on photo (English and Spanish)", async () => {
    const before = await meUser(ann);
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#000" } }).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><script>alert(1)</script></svg>');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400, 7)]);
    // JPEG bytes behind a WebP signature: the signature says one format, the decoder finds none.
    const jpegInWebp = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBP", "latin1"), await gpsJpeg(64, 64)]);
    const html = Buffer.from("<html><body>not an image</body></html>".repeat(5));
    for (const [body, type] of [
      [gif, "image/gif"],
      [gif, "image/png"],
      [svg, "image/png"],
      [fakePng, "image/png"],
      [jpegInWebp, "image/webp"],
      [html, "image/jpeg"],
      [Buffer.alloc(0), "image/jpeg"],
    ] as const) {
      const res = await upload(ann, body, type);
      expect(res.statusCode, `${type} ${body.subarray(0, 12).toString("latin1")}`).toBe(400);
      expect(res.json().issues).toEqual([{ path: "photo", message: "The photo must be a JPEG, PNG or WebP image" }]);
      // A refused upload's file is gone before the answer.
      expect(fs.readdirSync(uploadDirectory()), type).toEqual([]);
    }
    expect((await upload(ann, gif, "image/gif", "es")).json().issues).toEqual([{ path: "photo", message: "La foto debe ser una imagen JPEG, PNG o WebP" }]);
    // A real JPEG sent as image/png is read as what it is.
    expect((await upload(ann, await gpsJpeg(100, 100), "image/png")).statusCode).toBe(200);
    expect((await meUser(ann)).firstName).toBe(before.firstName);
  });

  it("refuses a PNG bomb (a small file that claims a huge canvas) before decoding it", async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    // IHDR is at byte 8: length(4) "IHDR"(4) width(4) height(4) ... CRC(4) over type and data.
    const bomb = Buffer.from(small);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    const res = await upload(ann, bomb, "image/png");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "photo", message: "The photo has too many pixels: please choose a smaller one" }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("takes exactly 10 MB; 10 MB + 1 byte is a 400 on photo", async () => {
    const jpeg = await gpsJpeg(200, 200);
    // JPEG ignores bytes after its end marker: a real, decodable file of exactly the limit.
    const exact = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES - jpeg.length, 0)]);
    expect(exact.length).toBe(PHOTO_MAX_BYTES);
    const started = performance.now();
    expect((await upload(ann, exact)).statusCode).toBe(200);
    // Bytes are not walked as if they were JSON (reject-nul.ts): a full-size upload is quick.
    expect(performance.now() - started).toBeLessThan(5000);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await upload(ann, over);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "photo", message: "The photo must be smaller than 10 MB" }]);
    expect((await upload(ann, over, "image/jpeg", "es")).json().issues).toEqual([{ path: "photo", message: "La foto debe pesar menos de 10 MB" }]);
    // Every upload was received to a file of its own (shared/image-upload.ts), and none is left.
    expect(fs.readdirSync(uploadDirectory())).toEqual([]);
  });

  it("DELETE removes it (only the asker's): the own user shows no photo and the URL is a 404", async () => {
    const mine = (await upload(ann, await gpsJpeg(300, 300))).json().photoUrl;
    const bobs = (await meUser(bob)).photoUrl;
    expect(bobs).not.toBeNull();
    const res = await t.app.inject({ method: "DELETE", url: API.profile.photo(), headers: ann.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().photoUrl).toBeNull();
    expect((await meUser(ann)).photoUrl).toBeNull();
    expect((await t.app.inject({ method: "GET", url: mine, headers: bob.auth })).statusCode).toBe(404);
    expect(await t.db.select().from(memberPhotos).where(eq(memberPhotos.userId, ann.user.id))).toHaveLength(0);
    // Bob's photo is untouched.
    expect((await meUser(bob)).photoUrl).toBe(bobs);
    expect((await t.app.inject({ method: "GET", url: bobs, headers: ann.auth })).statusCode).toBe(200);
    // Again: still fine (nothing to remove).
    expect((await t.app.inject({ method: "DELETE", url: API.profile.photo(), headers: ann.auth })).statusCode).toBe(200);
  });

  it("sign-in answers with the photo and phone", async () => {
    await patch(bob, { phone: "+14075550111" });
    const res = await t.app.inject({ method: "POST", url: API.auth.login(), payload: { email: bob.user.email, password: bob.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ phone: "+14075550111", photoUrl: (await meUser(bob)).photoUrl });
  });
});
