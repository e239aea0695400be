import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { services } from "../../db/schema/services";
import type { Service } from "../../../contract/services";
import { toService } from "./views";

export const SERVICES_LIST_LIMIT = 100;

/** Services, latest date first (the admin screen picks the upcoming ones). */
export async function listServices(db: Db): Promise<Service[]> {
  const rows = await db.select().from(services).orderBy(desc(services.date)).limit(SERVICES_LIST_LIMIT);
  return rows.map(toService);
}
