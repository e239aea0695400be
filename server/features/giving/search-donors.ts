/**
 * The donor picker of a batch line (issue 19; decision 0120): GET /api/admin/giving/donor-search?q=,
 * for finance (a treasurer may be a MEMBER, so the staff people search is not theirs). Members
 * whose first name, last name, full name or email holds the text, first DONOR_SEARCH_LIMIT by
 * name; deleted accounts are nobody to pick. Names and emails only, no giving: not audited.
 */
import { and, asc, ilike, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared, runtimeValue } from "../../db/prepared";
import { users } from "../../db/schema/users";
import { DONOR_SEARCH_LIMIT, type DonorMatch } from "../../../contract/giving-batches";
import { containsPattern } from "../../db/like-pattern";

// A runtime value (decision 0137): whatever the text, the plan walks the name index until it has
// DONOR_SEARCH_LIMIT matches, and PostgreSQL planned the statement again on every search while it saw the text.
const pattern = runtimeValue("pattern", "text");
/**
 * Built and planned once (db/prepared.ts): the text is a placeholder. Ordered as
 * users_people_name_idx (first name, last name; live accounts), which PostgreSQL can walk
 * until it has DONOR_SEARCH_LIMIT matches.
 */
const matches = prepared("giving.donor-search", (db) =>
  db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(DONOR_SEARCH_LIMIT),
);

export async function searchDonors(db: Db, q: string): Promise<DonorMatch[]> {
  const rows = await matches(db, { pattern: containsPattern(q) });
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
}
