import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { isStaff } from "../../../contract/roles";
import { testimonies } from "../../db/schema/testimonies";
import { selectTestimonies } from "./testimony-view";

/** Members see approved testimonies only; staff also see pending ones, for moderation. Newest first. */
export function listTestimonies(deps: Deps, user: AuthUser) {
  return selectTestimonies(deps.db, user.id, isStaff(user.role) ? undefined : eq(testimonies.isApproved, true));
}
