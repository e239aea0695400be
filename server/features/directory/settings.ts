import { and, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { directoryListings } from "../../db/schema/directory";
import { users } from "../../db/schema/users";
import { DIRECTORY_DEFAULTS, type DirectorySettings } from "../../../contract/directory";

const SWITCHES = { listed: directoryListings.listed, showPhoto: directoryListings.showPhoto, showEmail: directoryListings.showEmail, showPhone: directoryListings.showPhone };

/** Built and planned once (db/prepared.ts; issue 23). */
const settingsOf = prepared("directory.mine", (db) =>
  db
    .select(SWITCHES)
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
 * turned the listing on. An upsert of the member's own row, never anyone else's.
 *
 * In one transaction that first locks the member's users row (FOR NO KEY UPDATE): the listing's
 * trigger writes the kept copy `users.directory_listed` (decision 0142) after the listing row is
 * locked, and an account's deletion locks the users row and then deletes the listing. Taking the
 * users row first here puts both in the same order (no deadlock), serializes two changes of the
 * same member's switches (so `listed_at` is read and set from the settings as they are), and
 * lets nothing be written for an account deleted meanwhile.
 */
export async function updateDirectorySettings(deps: Deps, userId: string, patch: Partial<DirectorySettings>): Promise<DirectorySettings> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for("no key update");
    if (!user) return;
    const [row] = await tx.select(SWITCHES).from(directoryListings).where(eq(directoryListings.userId, userId));
    const current = row ?? DIRECTORY_DEFAULTS;
    const next = { ...current, ...patch };
    const turnedOn = next.listed && !current.listed;
    await tx
      .insert(directoryListings)
      .values({ userId, ...next, listedAt: next.listed ? now : null, updatedAt: now })
      .onConflictDoUpdate({
        target: directoryListings.userId,
        set: { ...patch, ...(turnedOn ? { listedAt: now } : {}), updatedAt: now },
      });
  });
  return getDirectorySettings(deps.db, userId);
}
