import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { pushDeliveries, pushSubscriptions } from "../../db/schema/notifications";
import { MAX_PUSH_DEVICES, NOTIFICATIONS_TEXT, type RegisterToken } from "../../../contract/notifications";
import { badRequest } from "../../http/app-error";
import { parsePushSubscription } from "./push-subscription";
import { getPreferences } from "./get-preferences";

/**
 * Registers (or refreshes) this browser's subscription for the member. The endpoint is the
 * device's identity: registering it again updates its keys and date, never adds a second row.
 * An endpoint registered by another member moves to this one (a shared family tablet belongs
 * to whoever turned notifications on last), and the previous owner's pushes still waiting
 * for it are dropped. A member keeps at most MAX_PUSH_DEVICES devices: the least recently
 * registered beyond that are forgotten.
 */
export async function registerPushToken(deps: Deps, user: AuthUser, input: RegisterToken) {
  const userId = user.id;
  const target = parsePushSubscription(input.token, deps.config.push.allowLocalhostEndpoints);
  // The name must resolve to public addresses only (checked again at each send: endpoint-guard.ts).
  if (!(await deps.push.acceptsEndpoint(target.endpoint))) throw badRequest("token", NOTIFICATIONS_TEXT.badEndpoint);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, deviceType: input.deviceType, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: target.p256dh, auth: target.auth, updatedAt: now },
      })
      .returning({ id: pushSubscriptions.id });
    // Pushes queued for this device on behalf of a previous owner are not this member's to see.
    await tx.execute(sql`
      delete from ${pushDeliveries} d using notifications n
      where d.subscription_id = ${row.id}::uuid and d.status = 'pending' and n.id = d.notification_id and n.user_id <> ${userId}::uuid`);
    const extra = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), ne(pushSubscriptions.id, row.id)))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .offset(MAX_PUSH_DEVICES - 1);
    if (extra.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra.map((e) => e.id)));
  });
  return getPreferences(deps.db, user);
}
