import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailOptOuts, notificationOptOuts, pushSubscriptions } from "../../db/schema/notifications";
import { kindsForRole, type NotificationPreferences } from "../../../contract/notifications";

/** The member's devices (how many, and when one last registered), for each kind their role can receive whether it is on, and the Profile's "Email updates". */
export async function getPreferences(db: Db, user: { id: string; role: string }): Promise<NotificationPreferences> {
  const [devices] = await db
    .select({ count: sql<number>`count(*)::int`, last: sql<Date | string | null>`max(${pushSubscriptions.updatedAt})` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id));
  const off = new Set((await db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.userId, user.id))).map((r) => r.kind));
  const kinds = kindsForRole(user.role);
  const [emailOff] = await db.select({ userId: emailOptOuts.userId }).from(emailOptOuts).where(eq(emailOptOuts.userId, user.id));
  return {
    deviceCount: Number(devices?.count ?? 0),
    lastUpdated: devices?.last ? new Date(devices.last).toISOString() : null,
    kinds: Object.fromEntries(kinds.map((k) => [k, !off.has(k)])),
    emailUpdates: !emailOff,
  };
}
