import { desc } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { services } from "../../db/schema/services";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { ZService, type Service } from "../../../contract/services";
import { toService } from "./views";

export const SERVICES_LIST_LIMIT = 100;

const latestServices = prepared("services.list", (db) => db.select().from(services).orderBy(desc(services.date)).limit(SERVICES_LIST_LIMIT));

/**
 * Services, latest date first (the admin screen picks the upcoming ones): the same for everyone,
 * so read and written as JSON once per change (shared-read.ts; issue 23: before, a statement
 * built and 100 rows checked by the schema per request). A start or end publishes
 * `service-status` and any other change `content-changed` (contentChange), which refresh it on
 * every instance; the change refreshes it at once on its own.
 */
export const servicesList = (deps: Deps) =>
  new SharedAnswer<{ list: Service[] }>(deps, {
    events: ["service-status", "content-changed"],
    load: async () => ({ list: (await latestServices(deps.db)).map(toService) }),
    write: ({ list }) => JsonTemplate.write(z.array(ZService), list),
  });
