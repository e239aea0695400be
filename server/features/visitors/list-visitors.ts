import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { visitors } from "../../db/schema/visitors";
import type { Visitor } from "../../../contract/visitors";

/** The newest visitor cards first (staff). */
export async function listVisitors(db: Db, limit = 200): Promise<Visitor[]> {
  const rows = await db.select().from(visitors).orderBy(desc(visitors.createdAt), desc(visitors.id)).limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
