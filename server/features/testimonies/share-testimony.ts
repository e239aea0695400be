import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { testimonies } from "../../db/schema/testimonies";
import { selectTestimony } from "./testimony-view";

/** Saves a testimony as pending (isApproved false) and tells staff it needs approval. */
export async function shareTestimony(deps: Deps, user: AuthUser, text: string) {
  const [row] = await deps.db.insert(testimonies).values({ userId: user.id, text, createdAt: deps.now() }).returning({ id: testimonies.id });
  await deps.bus.publish("new-testimony", { testimonyId: row.id });
  return (await selectTestimony(deps.db, user.id, row.id))!;
}
