/**
 * The donor picker of a batch line (issue 19; decision 0120): GET /api/admin/giving/donor-search?q=,
 * for finance (a treasurer may be a MEMBER, so the staff people search is not theirs). The
 * members the text names (first name, last name, full name or email), the first
 * DONOR_SEARCH_LIMIT in a picker's order (shared/people-search.ts, decision 0145); deleted
 * accounts are nobody to pick. Names and emails only, no giving: not audited.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { DONOR_SEARCH_LIMIT, type DonorMatch } from "../../../contract/giving-batches";
import { peopleSearch, rankedPeople } from "../../shared/people-search";

interface Row {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
/** The first DONOR_SEARCH_LIMIT members the text names, in their order. */
const search = peopleSearch<Row>(
  "giving.donor-search",
  (v) => sql`
  select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email
  from (${rankedPeople(v, DONOR_SEARCH_LIMIT)}) r join users u on u.id = r.id
  order by r.rank, r.k1, r.k2, r.id`,
);

export async function searchDonors(db: Db, q: string): Promise<DonorMatch[]> {
  const rows = await search(db, q);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
}
