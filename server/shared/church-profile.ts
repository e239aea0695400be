/**
 * The church profile. The config file is read and checked at every start, but written to the
 * database only when the database has no church yet (a new database); from then on the row is
 * the truth, changed by staff on Admin → Church (decision 0106, replacing 0001). Shared because
 * main.ts, the test harness and the bench all start a server the same way; the app reads
 * deps.church, one object kept equal to the row on every instance (`applyChurch`,
 * `watchChurch`), so a change is live without a restart.
 */
import fs from "node:fs";
import { ZChurch, type Church } from "../../contract/church";
import type { Db } from "../db/client";
import { church } from "../db/schema/church";
import { eq } from "drizzle-orm";
import type { Deps } from "../deps";

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

/**
 * Writes the config file's church into a new database and answers the church the database
 * holds: the file's on the first start, the staff's edits ever after (the file no longer wins).
 */
export async function seedChurch(db: Db, profile: Church): Promise<Church> {
  await db.insert(church).values({ id: 1, slug: profile.slug, name: profile.name, profile }).onConflictDoNothing({ target: church.id });
  return loadChurch(db);
}

export async function loadChurch(db: Db): Promise<Church> {
  const [row] = await db.select().from(church).where(eq(church.id, 1));
  if (!row) throw new Error("The church has not been seeded");
  return row.profile;
}

/**
 * Makes `target` (deps.church, which every feature and job holds) equal to `profile`, in place:
 * fields are replaced, fields `profile` lacks are removed. Nested objects (address, links) are
 * replaced whole, never edited, so a reader holding one sees either the old or the new.
 */
export function applyChurch(target: Church, profile: Church) {
  applied.set(target, (applied.get(target) ?? 0) + 1);
  if (JSON.stringify(target) === JSON.stringify(profile)) return;
  const t = target as Record<string, unknown>;
  for (const key of Object.keys(t)) if (!(key in profile)) delete t[key];
  Object.assign(t, structuredClone(profile));
  revision += 1;
}

let revision = 0;
/** How many times each target was applied to: a reload that overlapped an apply read an older row. */
const applied = new WeakMap<Church, number>();
/** Changes whenever `applyChurch` changed a church: what was made from deps.church is made again. */
export const churchRevision = () => revision;

/**
 * Keeps deps.church equal to the row on this instance: reloaded when any instance publishes
 * `church-changed` (PATCH, logo upload or removal), and after events may have been missed (the
 * bus's catch-up). `onChange` runs after each reload (the security headers follow the links).
 * `load` reads the row (a test slows it down to make a reload overlap a save).
 * Returns the function that stops watching.
 */
export function watchChurch(
  deps: Pick<Deps, "db" | "bus" | "church">,
  onChange: () => void = () => undefined,
  onError: (err: unknown) => void = () => undefined,
  load: () => Promise<Church> = () => loadChurch(deps.db),
) {
  let running: Promise<void> | undefined;
  let again = false;
  const reload = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // A change saved on this instance while the row was being read (changeChurch applies
        // its result at once) may be newer than what the read returned: read again rather
        // than put the older profile back over it.
        const before = applied.get(deps.church);
        const profile = await load();
        if (applied.get(deps.church) !== before) {
          again = true;
          continue;
        }
        applyChurch(deps.church, profile);
        onChange();
      } while (again);
    })()
      .catch(onError)
      .finally(() => (running = undefined));
  };
  const offEvent = deps.bus.subscribe((e) => {
    if (e.event === "church-changed") reload();
  });
  const offCatchUp = deps.bus.onCatchUp(reload);
  return () => {
    offEvent();
    offCatchUp();
  };
}
