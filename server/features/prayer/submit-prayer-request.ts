import type { Deps } from "../../deps";
import type { PrayerRequestData } from "../../../contract/prayer";
import { prayerRequests } from "../../db/schema/prayer";
import type { AuthUser } from "../../http/auth";

/** Stores a prayer request and tells every member's wall (new-prayer). */
export async function submitPrayerRequest(deps: Deps, user: AuthUser, input: PrayerRequestData) {
  const [row] = await deps.db
    .insert(prayerRequests)
    .values({ ...input, userId: user.id, createdAt: deps.now() })
    .returning({ id: prayerRequests.id });
  await deps.bus.publish("new-prayer", { prayerId: row.id });
  return row;
}
