import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prayerRequests } from "../../db/schema/prayer";
import { notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { ERROR_TEXT } from "../../../contract/errors-text";

/** Staff take a request off the wall (kept for the record). */
export async function hidePrayerRequest(deps: Deps, staff: AuthUser, prayerId: string) {
  const [row] = await deps.db
    .update(prayerRequests)
    .set({ hiddenAt: deps.now(), hiddenBy: staff.id })
    .where(and(eq(prayerRequests.id, prayerId), isNull(prayerRequests.hiddenAt)))
    .returning({ id: prayerRequests.id });
  if (!row) throw notFound(ERROR_TEXT.prayerNotFound);
  await deps.bus.publish("prayer-updated", { prayerId });
}
