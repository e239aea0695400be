/**
 * The donor picker of a batch line (issue 19; decision 0120): GET /api/admin/giving/donor-search?q=,
 * for finance (a treasurer may be a MEMBER, so the staff people search is not theirs). The
 * members the text names (first name, last name, full name or email), the first
 * DONOR_SEARCH_LIMIT in a picker's order (shared/people-search.ts, decision 0145); deleted
 * accounts are nobody to pick. Names and emails only, no giving: not audited.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { rowsOf } from "../../db/rows";
import { DONOR_SEARCH_LIMIT, type DonorMatch } from "../../../contract/giving-batches";
import { needsOwnPlan, PEOPLE_SEARCH_PLACEHOLDERS, peopleSearchValues, rankedPeople, type PeopleSearchValues } from "../../shared/people-search";

interface Row {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}
const matches = (v: PeopleSearchValues) => sql`
  select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email
  from (${rankedPeople(v, DONOR_SEARCH_LIMIT)}) r join users u on u.id = r.id
  order by r.rank, r.k1, r.k2, r.id`;
/** Built and planned once (db/prepared.ts): the text is a placeholder. */
const search = preparedSql<Row>("giving.donor-search", () => matches(PEOPLE_SEARCH_PLACEHOLDERS));

export async function searchDonors(db: Db, q: string): Promise<DonorMatch[]> {
  const values = peopleSearchValues(q);
  const rows = needsOwnPlan(q) ? rowsOf<Row>(await db.execute(matches(values))) : await search(db, values);
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
}
