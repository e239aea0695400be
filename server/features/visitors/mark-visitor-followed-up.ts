import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { visitors } from "../../db/schema/visitors";
import { notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { VISITOR_ADMIN_TEXT, type Visitor } from "../../../contract/visitors";
import { getVisitor } from "./list-visitors";

/** Staff mark that someone reached out to a visitor (or undo it, after a mis-tap). */
export async function markVisitorFollowedUp(deps: Deps, staff: AuthUser, id: string, followedUp: boolean): Promise<Visitor> {
  const [row] = await deps.db
    .update(visitors)
    .set(followedUp ? { followedUpAt: deps.now(), followedUpBy: staff.id } : { followedUpAt: null, followedUpBy: null })
    .where(eq(visitors.id, id))
    .returning({ id: visitors.id });
  if (!row) throw notFound(VISITOR_ADMIN_TEXT.notFound);
  return (await getVisitor(deps.db, id))!;
}
