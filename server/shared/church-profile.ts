/**
 * The church profile: read from the config file, checked, and written to the database at every
 * start (the file is the source of truth). Shared because main.ts, the test harness and the
 * bench all start a server the same way; the app itself reads deps.church.
 */
import fs from "node:fs";
import { ZChurch, type Church } from "../../contract/church";
import type { Db } from "../db/client";
import { church } from "../db/schema/church";
import { eq } from "drizzle-orm";

/** Reads and checks the church config file; a mistake in it stops the server with the field named. */
export function readChurchConfig(file: string): Church {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (e) {
    throw new Error(`Cannot read the church config ${file}: ${(e as Error).message}`);
  }
  const parsed = ZChurch.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`The church config ${file} is invalid:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The config file is the source of truth: it is written to the database at every start. */
export async function seedChurch(db: Db, profile: Church) {
  await db
    .insert(church)
    .values({ id: 1, slug: profile.slug, name: profile.name, profile })
    .onConflictDoUpdate({ target: church.id, set: { slug: profile.slug, name: profile.name, profile, updatedAt: new Date() } });
}

export async function loadChurch(db: Db): Promise<Church> {
  const [row] = await db.select().from(church).where(eq(church.id, 1));
  if (!row) throw new Error("The church has not been seeded");
  return row.profile;
}
