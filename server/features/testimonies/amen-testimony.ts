import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { testimonyAmens } from "../../db/schema/testimonies";
import { notFound } from "../../http/app-error";
import { selectTestimony } from "./testimony-view";
import type { TestimonyWall } from "./list-testimonies";
import { ERROR_TEXT } from "../../../contract/errors-text";

/**
 * One amen per member per testimony: the primary key turns a second (or concurrent) amen into
 * a no-op, so the count never goes up twice. Only approved testimonies can receive amens.
 */
export async function amenTestimony(deps: Deps, wall: TestimonyWall, user: AuthUser, id: string) {
  const found = await selectTestimony(deps.db, user.id, id, true);
  if (!found) throw notFound(ERROR_TEXT.testimonyNotFound);
  const inserted = await deps.db
    .insert(testimonyAmens)
    .values({ testimonyId: id, userId: user.id, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: testimonyAmens.testimonyId });
  if (inserted.length) wall.changed();
  if (inserted.length) await deps.bus.publish("testimony-amen", { testimonyId: id });
  return (await selectTestimony(deps.db, user.id, id))!;
}
