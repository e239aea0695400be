import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { directoryListings } from "../../db/schema/directory";
import { DIRECTORY_DEFAULTS, type DirectorySettings } from "../../../contract/directory";

/** Built and planned once (db/prepared.ts; issue 23). */
const settingsOf = prepared("directory.mine", (db) =>
  db
    .select({ listed: directoryListings.listed, showPhoto: directoryListings.showPhoto, showEmail: directoryListings.showEmail, showPhone: directoryListings.showPhone })
    .from(directoryListings)
    .where(eq(directoryListings.userId, sql.placeholder("userId"))),
);

/** The member's own directory switches; all off (not listed) until they opt in. */
export async function getDirectorySettings(db: Db, userId: string): Promise<DirectorySettings> {
  const [row] = await settingsOf(db, { userId });
  return row ?? DIRECTORY_DEFAULTS;
}

/**
 * Changes any of the switches (the others stay). `listed_at` records when the member last
 * turned the listing on. One statement: an upsert of the member's own row, never anyone else's.
 */
export async function updateDirectorySettings(deps: Deps, userId: string, patch: Partial<DirectorySettings>): Promise<DirectorySettings> {
  const now = deps.now();
  const current = await getDirectorySettings(deps.db, userId);
  const next = { ...current, ...patch };
  const turnedOn = next.listed && !current.listed;
  await deps.db
    .insert(directoryListings)
    .values({ userId, ...next, listedAt: next.listed ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: directoryListings.userId,
      set: { ...patch, ...(turnedOn ? { listedAt: now } : {}), updatedAt: now },
    });
  return getDirectorySettings(deps.db, userId);
}
