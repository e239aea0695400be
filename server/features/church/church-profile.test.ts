/**
 * Admin → Church (issue 18, decision 0106): who may change the church profile, how each field is
 * checked, that nothing is half-saved, that a change is live for every member (this instance and
 * another one on the same database) without a restart, that the web app manifest and the
 * security headers follow, and the logo pipeline with real images made by sharp.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { checkDatabaseKnowsZone } from "./update-church";
import { church as churchTable, churchLogo } from "../../db/schema/church";
import { API } from "../../../contract/api-paths";
import { LOGO_MAX_BYTES } from "../../../contract/church";

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let pastor: Awaited<ReturnType<TestApp["signUp"]>>;
let staff: Awaited<ReturnType<TestApp["signUp"]>>;
let member: Awaited<ReturnType<TestApp["signUp"]>>;

beforeAll(async () => {
  t = await createTestApp();
  [owner, pastor, staff, member] = [await t.signUp("OWNER"), await t.signUp("PASTOR"), await t.signUp("STAFF"), await t.signUp("MEMBER")];
}, 60_000);
afterAll(() => t.close());

const patch = (who: { auth: Record<string, string> }, payload: unknown, lang?: string) =>
  t.app.inject({ method: "PATCH", url: API.admin.church(), headers: { ...who.auth, ...(lang ? { "accept-language": lang } : {}) }, payload: payload as never });
const me = async (who: { auth: Record<string, string> }, app = t.app) => {
  const res = await app.inject({ method: "GET", url: API.church.me(), headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.json().church;
};
const uploadLogo = (who: { auth: Record<string, string> }, body: Buffer, type = "image/png") =>
  t.app.inject({ method: "PUT", url: API.admin.churchLogo(), headers: { ...who.auth, "content-type": type }, payload: body });

describe("who may change the church profile", () => {
  it("refuses members and STAFF (403) on every authoring route, and changes nothing", async () => {
    const before = await me(member);
    for (const who of [member, staff]) {
      expect((await patch(who, { name: "Hijacked" })).statusCode).toBe(403);
      expect((await uploadLogo(who, await sharp({ create: { width: 100, height: 100, channels: 3, background: "#ff0000" } }).png().toBuffer())).statusCode).toBe(403);
      expect((await t.app.inject({ method: "DELETE", url: API.admin.churchLogo(), headers: who.auth })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "PATCH", url: API.admin.church(), payload: { name: "x" } })).statusCode).toBe(401);
    expect(await me(member)).toEqual(before);
  });

  it("lets a PASTOR and the OWNER change it", async () => {
    const a = await patch(pastor, { mission: "Loving God and our neighbours." });
    expect(a.statusCode).toBe(200);
    expect(a.json().church.mission).toBe("Loving God and our neighbours.");
    const b = await patch(owner, { mission: "Loving God, loving one another." });
    expect(b.statusCode).toBe(200);
    expect((await me(member)).mission).toBe("Loving God, loving one another.");
  });
});

describe("validation", () => {
  const cases: [string, unknown, string, string][] = [
    ["accent colour", { accentColor: "orange" }, "body.accentColor", "Enter a colour as # and six hex digits, e.g. #B45309"],
    ["web address", { links: { website: "javascript:alert(1)" } }, "body.links.website", "Enter a web address starting with https:// (or http://)"],
    ["web address without a host", { links: { liveStream: "https://" } }, "body.links.liveStream", "Enter a web address starting with https:// (or http://)"],
    ["time zone", { timeZone: "Mars/Olympus_Mons" }, "body.timeZone", "Unknown time zone: choose one such as America/New_York"],
    ["service day", { serviceTimes: [{ day: "Caturday", time: "9:00AM" }] }, "body.serviceTimes.0.day", "Choose a day of the week"],
    ["service time", { serviceTimes: [{ day: "Sundays", time: "25:00" }] }, "body.serviceTimes.0.time", "Enter a time such as 9:30AM"],
    ["YouTube channel id", { youtubeChannelId: "my-channel" }, "body.youtubeChannelId", "A YouTube channel id is UC followed by 22 letters, digits, - or _"],
    ["phone", { prayerLinePhone: "call us" }, "body.prayerLinePhone", "Enter a phone number (digits, spaces, +, -, parentheses)"],
    ["name", { name: " \u200b " }, "body.name", "String must contain at least 1 character(s)"],
    ["short name", { shortName: "A much too long name" }, "body.shortName", "String must contain at most 12 character(s)"],
  ];
  it.each(cases)("a bad %s is a 400 naming the field", async (_what, body, path, message) => {
    const res = await patch(pastor, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it("says it in the member's language", async () => {
    const res = await patch(pastor, { accentColor: "red", timeZone: "Nowhere/Land" }, "es");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: "body.accentColor", message: "Escriba un color como # y seis dígitos hexadecimales, p. ej. #B45309" },
        { path: "body.timeZone", message: "Zona horaria desconocida: elija una como America/New_York" },
      ]),
    );
  });

  it("refuses fields that cannot be changed here (the slug, the logo URL)", async () => {
    expect((await patch(pastor, { slug: "elsewhere" })).statusCode).toBe(400);
    expect((await patch(pastor, { logoUrl: "https://evil.example/logo.png" })).statusCode).toBe(400);
  });

  it("saves nothing of a change with one bad field", async () => {
    const before = await me(member);
    const res = await patch(pastor, { name: "Half Saved Church", accentColor: "#12345" });
    expect(res.statusCode).toBe(400);
    expect(await me(member)).toEqual(before);
    const [row] = await t.db.select().from(churchTable);
    expect(row.name).toBe(before.name);
  });
});

describe("a time zone the database does not know", () => {
  it("is a 400 on timeZone, and the transaction it was tried in goes on", async () => {
    const err = await t.deps.db
      .transaction(async (tx) => {
        await checkDatabaseKnowsZone(tx, "America/Chicago");
        await expect(checkDatabaseKnowsZone(tx, "Mars/Olympus_Mons")).rejects.toMatchObject({ status: 400, extra: { issues: [{ path: "body.timeZone" }] } });
        // The savepoint took the failure: the transaction still answers.
        return (await tx.select({ id: churchTable.id }).from(churchTable)).length;
      });
    expect(err).toBe(1);
  });
});

describe("a change is live for every member, without a restart", () => {
  it("GET /api/church/me, /api/church/public and deps.church show it at once; partial updates keep the rest", async () => {
    const before = await me(member); // the member's answer is now cached in this instance
    const res = await patch(pastor, {
      name: "Grace Community Church",
      shortName: "Grace",
      accentColor: "#1D4ED8",
      timeZone: "America/Chicago",
      address: { street: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
      prayerLinePhone: "(512) 555-0100",
      serviceTimes: [
        { day: "Sundays", time: "10:30am", name: "Worship", nameEs: "Adoración" },
        { day: "Wednesdays", time: "7:00PM" },
      ],
      links: { liveStream: "https://video.example.org/live" },
    });
    expect(res.statusCode).toBe(200);
    const after = await me(member);
    expect(after).toMatchObject({
      name: "Grace Community Church",
      shortName: "Grace",
      accentColor: "#1D4ED8",
      timeZone: "America/Chicago",
      prayerLinePhone: "(512) 555-0100",
      address: { street: "1 Main St", city: "Austin", state: "TX", zip: "78701" },
      serviceTimes: [
        { day: "Sundays", time: "10:30AM", name: "Worship", nameEs: "Adoración" },
        { day: "Wednesdays", time: "7:00PM" },
      ],
    });
    // Links are merged: the one given changed, the others kept.
    expect(after.links).toEqual({ ...before.links, liveStream: "https://video.example.org/live" });
    expect(after.slug).toBe(before.slug);
    expect(t.deps.church.timeZone).toBe("America/Chicago");
    expect(t.deps.church.name).toBe("Grace Community Church");
    const pub = await t.app.inject({ method: "GET", url: API.church.public() });
    expect(pub.json()).toMatchObject({ name: "Grace Community Church", accentColor: "#1D4ED8" });
    // Saved in the database, not only in memory.
    const [row] = await t.db.select().from(churchTable);
    expect(row.profile.name).toBe("Grace Community Church");
  });

  it("reaches another server instance on the same database (its members and its deps.church)", async () => {
    const other = await createTestApp({ sameDatabaseAs: sameDatabase(t) });
    try {
      expect((await me(member, other.app)).name).toBe("Grace Community Church");
      const changed = new Promise<void>((resolve) => {
        const off = other.deps.bus.subscribe((e) => {
          if (e.event === "church-changed") {
            off();
            resolve();
          }
        });
      });
      expect((await patch(owner, { name: "Grace Church Downtown", timeZone: "Europe/Madrid" })).statusCode).toBe(200);
      await changed;
      await expect.poll(() => other.deps.church.timeZone).toBe("Europe/Madrid");
      expect((await me(member, other.app)).name).toBe("Grace Church Downtown");
    } finally {
      await other.close();
    }
  });

  it("the installed app's manifest follows the name, short name and colour", async () => {
    await patch(pastor, { name: "Lakeside Fellowship", shortName: null, accentColor: "#0F766E" });
    const m = (await t.app.inject({ method: "GET", url: API.church.manifest() })).json();
    expect(m).toMatchObject({ name: "Lakeside Fellowship", short_name: "Lakeside", theme_color: "#0F766E" });
  });

  it("the frames allowed follow the visitors form link; null goes back to the app's own form", async () => {
    await patch(pastor, { links: { visitorsForm: "https://forms.example.net/visit" } });
    const csp = (await t.app.inject({ method: "GET", url: API.health() })).headers["content-security-policy"] as string;
    expect(csp).toContain("frame-src https://forms.example.net");
    expect((await patch(pastor, { links: { visitorsForm: null } })).json().church.links.visitorsForm).toBeUndefined();
    const after = (await t.app.inject({ method: "GET", url: API.health() })).headers["content-security-policy"] as string;
    expect(after).toContain("frame-src 'none'");
  });
});

describe("the logo", () => {
  const photo = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: "#2563EB" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret Photographer", ImageDescription: "GPS home" } } })
      .toBuffer();

  it("re-encodes an upload into square PNGs without its metadata, served with cache headers, and the manifest uses them", async () => {
    const input = await photo();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await uploadLogo(pastor, input, "image/jpeg");
    expect(res.statusCode).toBe(200);
    const c = res.json().church;
    expect(c.logoVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(c.logoUrl).toBe(API.church.logo({ version: c.logoVersion, file: "512.png" }));
    expect((await me(member)).logoUrl).toBe(c.logoUrl);

    const img = await t.app.inject({ method: "GET", url: c.logoUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(img.rawPayload.includes(Buffer.from("Secret Photographer"))).toBe(false);

    const again = await t.app.inject({ method: "GET", url: c.logoUrl, headers: { "if-none-match": img.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    const m = (await t.app.inject({ method: "GET", url: API.church.manifest() })).json();
    expect(m.icons).toHaveLength(4);
    for (const icon of m.icons as { src: string; sizes: string; purpose: string }[]) {
      expect(icon.src).toContain(c.logoVersion);
      const got = await t.app.inject({ method: "GET", url: icon.src });
      expect(got.statusCode).toBe(200);
      const side = Number(icon.sizes.split("x")[0]);
      expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: "png", width: side, height: side });
    }
    const [row] = await t.db.select().from(churchLogo).where(eq(churchLogo.id, 1));
    expect(row.version).toBe(c.logoVersion);
  });

  it("serves a stale version's URL with the current images, revalidated", async () => {
    const first = (await uploadLogo(pastor, await sharp({ create: { width: 300, height: 300, channels: 4, background: "#16A34A" } }).png().toBuffer())).json().church;
    const second = (await uploadLogo(pastor, await sharp({ create: { width: 300, height: 200, channels: 4, background: "#DC2626" } }).webp().toBuffer(), "image/webp")).json().church;
    expect(second.logoVersion).not.toBe(first.logoVersion);
    const stale = await t.app.inject({ method: "GET", url: first.logoUrl });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers["cache-control"]).toBe("no-cache");
    expect(stale.headers.etag).toContain(second.logoVersion);
  });

  it("refuses SVG, a file that lies about its type, a tiny image and an empty body with 400 on logo", async () => {
    const before = await me(member);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><script>alert(1)</script><rect width="512" height="512"/></svg>');
    const text = Buffer.from("This is not an image at all, whatever the header says. ".repeat(10));
    // PNG's signature and then garbage: it looks like a PNG and does not decode.
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400, 7)]);
    // A real JPEG that says it is a PNG is fine (the bytes decide); one that decodes as another format than its signature is not.
    const tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#000" } }).png().toBuffer();
    for (const [body, type, message] of [
      [svg, "image/svg+xml", "The logo must be a PNG, JPEG, WebP, GIF or AVIF image"],
      [svg, "image/png", "The logo must be a PNG, JPEG, WebP, GIF or AVIF image"],
      [text, "image/png", "The logo must be a PNG, JPEG, WebP, GIF or AVIF image"],
      [fakePng, "image/png", "The logo must be a PNG, JPEG, WebP, GIF or AVIF image"],
      [tiny, "image/png", "The logo must be at least 64 pixels wide and high"],
      [Buffer.alloc(0), "image/png", "The logo must be a PNG, JPEG, WebP, GIF or AVIF image"],
    ] as const) {
      const res = await uploadLogo(pastor, body, type);
      expect(res.statusCode, `${type} ${body.subarray(0, 20).toString("latin1")}`).toBe(400);
      expect(res.json().issues).toEqual([{ path: "logo", message }]);
    }
    const json = await t.app.inject({ method: "PUT", url: API.admin.churchLogo(), headers: pastor.auth, payload: {} });
    expect(json.statusCode).toBe(400);
    const lying = await uploadLogo(pastor, await photo(), "image/png");
    expect(lying.statusCode, "a real JPEG sent as image/png is read as what it is").toBe(200);
    expect((await me(member)).name).toBe(before.name);
  });

  it("refuses a body over 5 MB with 400 on logo, before reading it all", async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(LOGO_MAX_BYTES, 1)]);
    const res = await uploadLogo(pastor, big, "image/jpeg");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "logo", message: "The logo must be smaller than 5 MB" }]);
    const es = await t.app.inject({ method: "PUT", url: API.admin.churchLogo(), headers: { ...pastor.auth, "content-type": "image/jpeg", "accept-language": "es" }, payload: big });
    expect(es.json().issues).toEqual([{ path: "logo", message: "El logotipo debe pesar menos de 5 MB" }]);
  });

  it("DELETE goes back to the default icon, in the profile and in the manifest", async () => {
    const res = await t.app.inject({ method: "DELETE", url: API.admin.churchLogo(), headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().church.logoUrl).toBe("/church-logo.svg");
    expect(res.json().church.logoVersion).toBeUndefined();
    expect((await me(member)).logoUrl).toBe("/church-logo.svg");
    const m = (await t.app.inject({ method: "GET", url: API.church.manifest() })).json();
    expect(m.icons.map((i: { src: string }) => i.src)).toContain("/icons/icon-512.png");
    expect(await t.db.select().from(churchLogo)).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: API.church.logo({ version: "x", file: "512.png" }) })).statusCode).toBe(404);
  });
});

describe("the write limit", () => {
  it("refuses a pastor's changes past the allowance (429)", async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: "churchProfile=2/3600" } });
    try {
      const p = await limited.signUp("PASTOR");
      const send = () => limited.app.inject({ method: "PATCH", url: API.admin.church(), headers: p.auth, payload: { mission: "Again" } });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
