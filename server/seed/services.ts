import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { services } from "../db/schema/services";

/**
 * Demo services: the next three Sundays at 9:30 (church time, approximately), none live, so
 * staff can start one from Live Control. Idempotent: does nothing once any service exists.
 */
export async function seedServicesDemo(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(services);
  if (n > 0) return;
  const daysToSunday = (7 - now.getUTCDay()) % 7 || 7;
  const rows = [0, 7, 14].map((extra, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToSunday + extra, 14, 30));
    return { title: ["Sunday Worship: Living Hope", "Sunday Worship: The Good Shepherd", "Sunday Worship: Bread of Life"][i], date: d };
  });
  await db.insert(services).values(rows);
}
