import type { Db } from "../../db/client";
import { services } from "../../db/schema/services";
import type { CreateService, Service } from "../../../contract/services";
import { toService } from "./views";

/** Schedules a service (not live until staff start it). */
export async function createService(db: Db, input: CreateService): Promise<Service> {
  const [row] = await db.insert(services).values({ title: input.title, date: new Date(input.date) }).returning();
  return toService(row);
}
