import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { services } from "../../db/schema/services";
import type { LiveService } from "../../../contract/services";

/** The live service, or null. (Polls and questions join it when the live-service capability lands.) */
export async function getLiveService(db: Db): Promise<LiveService> {
  const [row] = await db.select().from(services).where(eq(services.isLive, true)).limit(1);
  return { service: row ? { id: row.id, title: row.title, date: row.date.toISOString(), isLive: row.isLive } : null };
}
