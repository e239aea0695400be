import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Deps } from "../../deps";
import { churchRegion, toE164, type ZProfilePatch } from "../../../contract/profile";
import { memberPhotos, users } from "../../db/schema/users";
import { badRequest, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import type { PhotoImages } from "./photo-images";
import type { Tx } from "../../db/client";
import { renameKeepingLeaders } from "../../shared/group-counts";

/** The member as the session cache holds them, read again after a change. */
export async function readMember(db: Deps["db"], userId: string): Promise<AuthUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      finance: users.finance,
      createdAt: users.createdAt,
      phone: users.phone,
      photoVersion: memberPhotos.version,
    })
    .from(users)
    .leftJoin(memberPhotos, eq(memberPhotos.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

/**
 * `first_name` is named in every UPDATE here, even when unchanged: the users trigger (migration
 * 0010) sends NOTIFY for an UPDATE OF first_name, so every instance's session cache forgets the
 * member and their next request shows the new phone or photo. (Postgres fires `UPDATE OF col`
 * when the column is in the SET list, whether or not its value changes.)
 */
const touch = { firstName: sql`${users.firstName}` };

/** PATCH /api/me: the fields given, the phone as E.164 in the church's country (contract/profile.ts). */
export async function updateProfile(deps: Pick<Deps, "db" | "church">, userId: string, patch: z.output<typeof ZProfilePatch>) {
  let phone: string | null | undefined = undefined;
  if (patch.phone === null || patch.phone === "") phone = null;
  else if (patch.phone !== undefined) {
    const out = toE164(patch.phone, churchRegion(deps.church));
    if ("error" in out) throw badRequest("body.phone", out.error);
    phone = out.phone;
  }
  const write = (db: Deps["db"] | Tx) =>
    db
      .update(users)
      .set({
        ...touch,
        ...(patch.firstName !== undefined && { firstName: patch.firstName }),
        ...(patch.lastName !== undefined && { lastName: patch.lastName }),
        ...(phone !== undefined && { phone }),
        ...(patch.locale !== undefined && { locale: patch.locale }),
      })
      .where(eq(users.id, userId));
  // A new name is also the name every group they lead lists (small_groups.leaders, decision 0141).
  if (patch.firstName !== undefined || patch.lastName !== undefined) await renameKeepingLeaders(deps.db, userId, write);
  else await write(deps.db);
  return readMember(deps.db, userId);
}

/** PUT /api/me/photo: the new images replace the old in one statement, with the cache told (above). */
export async function setPhoto(deps: Pick<Deps, "db" | "now">, userId: string, images: PhotoImages) {
  await deps.db.transaction(async (tx) => {
    const row = { userId, version: images.version, large: images.large, small: images.small, updatedAt: deps.now() };
    await tx.insert(memberPhotos).values(row).onConflictDoUpdate({ target: memberPhotos.userId, set: row });
    await tx.update(users).set(touch).where(eq(users.id, userId));
  });
  return readMember(deps.db, userId);
}

/** DELETE /api/me/photo: gone (idempotent); the avatar shows initials again. */
export async function removePhoto(deps: Pick<Deps, "db">, userId: string) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(memberPhotos).where(eq(memberPhotos.userId, userId));
    await tx.update(users).set(touch).where(eq(users.id, userId));
  });
  return readMember(deps.db, userId);
}

/** The photo bytes of one version and size, or null (not that member, not that version, none). */
export async function photoBytes(db: Deps["db"], userId: string, version: string, size: "512" | "128") {
  const [row] = await db
    .select({ version: memberPhotos.version, bytes: size === "512" ? memberPhotos.large : memberPhotos.small })
    .from(memberPhotos)
    .where(eq(memberPhotos.userId, userId));
  return row && row.version === version ? row.bytes : null;
}
