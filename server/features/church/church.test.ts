/**
 * The church profile: read and checked from the config file, written to the database at
 * start, served by GET /api/church/me (spec sections 3 and 7).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { loadChurch, readChurchConfig, seedChurch } from "../../shared/church-profile";
import { church as churchTable } from "../../db/schema/church";
import type { Church } from "../../../contract/church";

const DEFAULT_FILE = path.resolve("config/church.json");
const original = JSON.parse(fs.readFileSync(DEFAULT_FILE, "utf8")) as Church;

let dir: string;
const writeTemp = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return file;
};

/** The error readChurchConfig throws for a file holding `content`. */
function configError(content: unknown): string {
  const file = writeTemp(`church-${Math.random().toString(36).slice(2)}.json`, content);
  try {
    readChurchConfig(file);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("readChurchConfig did not throw");
}

/** Deep copy of the shipped config with `edit` applied. */
const edited = (edit: (c: Church) => void) => {
  const c = structuredClone(original);
  edit(c);
  return c;
};

/** Deep copy of the shipped config with the field at `dotPath` set to `value` (undefined deletes it). */
function broken(changes: Record<string, unknown>) {
  const c = structuredClone(original) as unknown as Record<string, unknown>;
  for (const [dotPath, value] of Object.entries(changes)) {
    const keys = dotPath.split(".");
    const last = keys.pop()!;
    const parent = keys.reduce((o, k) => o[k] as Record<string, unknown>, c);
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
  return c;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-church-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("readChurchConfig", () => {
  it("reads the shipped config/church.json", () => {
    const c = readChurchConfig(DEFAULT_FILE);
    expect(c).toEqual(original);
    expect(c.name).toBe("Koinonia Church Orlando");
    expect(c.slug).toBe("koinonia-orlando");
    expect(c.serviceTimes.length).toBeGreaterThan(0);
  });

  it("accepts null contact fields and a missing optional visitors form", () => {
    const file = writeTemp(
      "nulls.json",
      edited((c) => {
        c.phone = null;
        c.prayerLinePhone = null;
        c.email = null;
        delete c.links.visitorsForm;
      }),
    );
    const c = readChurchConfig(file);
    expect(c.phone).toBeNull();
    expect(c.links.visitorsForm).toBeUndefined();
  });

  it("refuses an invalid file, naming the file and the field", () => {
    const msg = configError(broken({ accentColor: "orange" }));
    expect(msg).toContain("is invalid");
    expect(msg).toContain(dir);
    expect(msg).toMatch(/^\s+accentColor: /m);
  });

  it("names nested and array fields by their path", () => {
    expect(configError(broken({ "links.giving": "not a url" }))).toMatch(/^\s+links\.giving: /m);
    expect(configError(broken({ "address.zip": 32801 }))).toMatch(/^\s+address\.zip: /m);
    expect(configError(broken({ "serviceTimes.1.day": "" }))).toMatch(/^\s+serviceTimes\.1\.day: /m);
    expect(configError(broken({ serviceLengthMinutes: -5 }))).toMatch(/^\s+serviceLengthMinutes: /m);
  });

  it("names a missing required field", () => {
    const msg = configError(broken({ name: undefined }));
    expect(msg).toMatch(/^\s+name: Required$/m);
  });

  it("lists every bad field at once", () => {
    const msg = configError(broken({ slug: "", accentColor: "#12345", "links.website": "koinonia" }));
    const fields = msg
      .split("\n")
      .slice(1)
      .map((l) => l.trim().split(":")[0])
      .sort();
    expect(fields).toEqual(["accentColor", "links.website", "slug"]);
  });

  it("refuses a file that is not JSON, or is missing, saying which file", () => {
    const bad = writeTemp("broken.json", "{ name: 'x', ");
    expect(() => readChurchConfig(bad)).toThrow(`Cannot read the church config ${bad}`);
    const missing = path.join(dir, "nope.json");
    expect(() => readChurchConfig(missing)).toThrow(`Cannot read the church config ${missing}`);
  });
});

describe("the church in the database and the API", () => {
  let t: TestApp;
  let configured: Church;
  beforeAll(async () => {
    // An edited copy of the config, on a new database: the new database is seeded with the edited church.
    const file = writeTemp(
      "edited-church.json",
      edited((c) => {
        c.name = "Grace Fellowship Tampa";
        c.slug = "grace-tampa";
        c.accentColor = "#1D4ED8";
        c.serviceTimes = [{ day: "Saturdays", time: "6:00PM" }];
        delete c.shortName;
        delete c.backgroundColor;
      }),
    );
    configured = readChurchConfig(file);
    t = await createTestApp({ env: { CHURCH_CONFIG: file } });
  });
  afterAll(() => t.close());

  it("serves the church of the config file through GET /api/church/me", async () => {
    const { auth, user } = await t.signUp();
    const res = await t.app.inject({ method: "GET", url: "/api/church/me", headers: auth });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.church).toEqual(configured);
    expect(json.church).toMatchObject({ name: "Grace Fellowship Tampa", slug: "grace-tampa", accentColor: "#1D4ED8" });
    expect(json.user.id).toBe(user.id);
  });

  it("does not give the church to anonymous callers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/church/me" });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("Grace Fellowship");
  });

  it("serves the web app manifest from the church config, to anyone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const m = res.json();
    expect(m).toMatchObject({
      name: "Grace Fellowship Tampa",
      short_name: "Grace", // no shortName in the config: the name's first word
      theme_color: "#1D4ED8",
      background_color: "#FAF8F5",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
  });

  it("wrote the config file to the single church row", async () => {
    const rows = await t.db.select().from(churchTable);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, slug: "grace-tampa", name: "Grace Fellowship Tampa" });
    expect(rows[0].profile).toEqual(configured);
    expect(await loadChurch(t.db)).toEqual(configured);
  });

  it("re-seeding keeps the database's church: the file seeds a new database only (decision 0106)", async () => {
    const next = { ...configured, name: "Grace Fellowship Tampa Bay", mission: "New mission" };
    expect(await seedChurch(t.db, next)).toEqual(configured);
    const rows = await t.db.select().from(churchTable);
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe("Grace Fellowship Tampa");
    expect(await loadChurch(t.db)).toEqual(configured);
  });

  it("refuses a second church row", async () => {
    await expect(
      t.db.execute(sql`insert into church (id, slug, name, profile) values (2, 'other', 'Other', '{}'::jsonb)`),
    ).rejects.toThrow();
    expect(await t.db.select().from(churchTable)).toHaveLength(1);
  });
});
