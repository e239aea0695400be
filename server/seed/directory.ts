import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";
import { directoryListings } from "../db/schema/directory";

/**
 * Demo directory (decision 0118): the pastor, a staff member and James Carter are listed and
 * share their email, so Connect → Directory has people to find; Maria Lopez (member@) is not,
 * so her Profile shows the opt-in off. Idempotent: an existing listing is left as it is.
 */
export async function seedDirectoryDemo(db: Db, now = new Date()) {
  const listed = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ["pastor@koinonia.test", "staff@koinonia.test", "member2@koinonia.test"]));
  if (!listed.length) return;
  await db
    .insert(directoryListings)
    .values(listed.map((u) => ({ userId: u.id, listed: true, listedAt: now, showPhoto: true, showEmail: true, showPhone: false, updatedAt: now })))
    .onConflictDoNothing();
}
