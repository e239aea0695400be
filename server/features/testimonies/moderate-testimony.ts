import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { testimonies } from "../../db/schema/testimonies";
import { notFound } from "../../http/app-error";
import { selectTestimony } from "./testimony-view";

/** Approve (isApproved true) or reject (false: it stays in the pending list). Staff only. */
export async function moderateTestimony(deps: Deps, user: AuthUser, id: string, isApproved: boolean) {
  const updated = await deps.db.update(testimonies).set({ isApproved }).where(eq(testimonies.id, id)).returning({ id: testimonies.id });
  if (!updated.length) throw notFound("Testimony not found");
  if (isApproved) await deps.bus.publish("testimony-approved", { testimonyId: id });
  return (await selectTestimony(deps.db, user.id, id))!;
}
