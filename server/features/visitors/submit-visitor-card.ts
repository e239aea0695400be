import type { Deps } from "../../deps";
import type { VisitorData } from "../../../contract/visitors";
import { VISITOR_RATE_LIMIT } from "../../../contract/visitors";
import { visitors } from "../../db/schema/visitors";
import { hitRateLimit } from "../../http/rate-limit";

/** Stores a first-time visitor card; a public form, so rate-limited per IP. */
export async function submitVisitorCard(deps: Deps, ip: string, input: VisitorData) {
  await hitRateLimit(deps.db, `visitors:ip:${ip}`, VISITOR_RATE_LIMIT, 3600, deps.now());
  const [row] = await deps.db
    .insert(visitors)
    .values({ ...input, createdAt: deps.now() })
    .returning({ id: visitors.id });
  return row;
}
