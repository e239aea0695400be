import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { isoOf } from "../../db/iso-time";
import { emailOptOuts, notificationOptOuts, pushSubscriptions } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import { kindsForRole, type NotificationKind, type NotificationPreferences } from "../../../contract/notifications";

/**
 * The devices, the kinds turned off and the email switch in one statement (three round trips
 * before), built and planned once (db/prepared.ts; issue 23). Each part reads the member's own
 * rows by index; a member has at most MAX_PUSH_DEVICES devices and one opt-out per kind.
 */
const preferencesOf = prepared("notifications.preferences", (db) =>
  db
    .select({
      count: sql<number>`(select count(*)::int from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${sql.placeholder("userId")})`,
      last: sql<string | null>`(select max(${pushSubscriptions.updatedAt}) from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${sql.placeholder("userId")})`,
      off: sql<NotificationKind[] | null>`(select array_agg(${notificationOptOuts.kind}) from ${notificationOptOuts} where ${notificationOptOuts.userId} = ${sql.placeholder("userId")})`,
      emailOff: sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.userId} = ${sql.placeholder("userId")})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

/** The member's devices (how many, and when one last registered), for each kind their role can receive whether it is on, and the Profile's "Email updates". */
export async function getPreferences(db: Db, user: { id: string; role: string }): Promise<NotificationPreferences> {
  const [row] = await preferencesOf(db, { userId: user.id });
  const off = new Set(row?.off ?? []);
  return {
    deviceCount: Number(row?.count ?? 0),
    lastUpdated: row?.last ? isoOf(row.last) : null,
    kinds: Object.fromEntries(kindsForRole(user.role).map((k) => [k, !off.has(k)])),
    emailUpdates: !row?.emailOff,
  };
}
