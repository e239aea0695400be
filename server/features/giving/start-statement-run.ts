/**
 * POST /api/admin/giving/statements (finance; decision 0121): starts, or starts again, the
 * year's statement run. The request only records it (and the audit entry, in the same
 * transaction); the statements job sends it in the background. Running a year again sends to
 * the donors who have not had theirs (new gifts recorded since, a statement that failed):
 * donors already claimed are never emailed twice. The year must have begun (this year or an
 * earlier one, on the church's calendar).
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { badRequest } from "../../http/app-error";
import { audit } from "../../shared/audit";
import { STATEMENTS_TEXT, type StatementRun } from "../../../contract/giving-statements";
import { dateInZone } from "./next-payment-date";
import { getStatementRun } from "./get-statement-run";
import { rowsOf } from "../../db/rows";

export async function startStatementRun(deps: Deps, actor: AuthUser, year: number): Promise<StatementRun> {
  const thisYear = Number(dateInZone(deps.church.timeZone, deps.now()).slice(0, 4));
  if (year > thisYear) throw badRequest("body.year", STATEMENTS_TEXT.badYear);
  const now = deps.now().toISOString();
  const name = `${actor.firstName} ${actor.lastName}`.trim();
  await deps.db.transaction(async (tx) => {
    // A failed statement (it could not be made) is tried again; everything else stays claimed.
    const retried = rowsOf<unknown>(await tx.execute(sql`delete from statement_deliveries where year = ${year} and outcome = 'failed' returning 1`)).length;
    await tx.execute(sql`
      insert into statement_runs (year, status, requested_by, requested_by_name, requested_at)
      values (${year}, 'running', ${actor.id}::uuid, ${name}, ${now}::timestamptz)
      on conflict (year) do update set status = 'running', cursor_donor_key = null, finished_at = null,
        failed = statement_runs.failed - ${retried},
        requested_by = excluded.requested_by, requested_by_name = excluded.requested_by_name, requested_at = excluded.requested_at
    `);
    await audit(tx, actor, "giving.statements.run", { year, retried }, deps.now());
  });
  return getStatementRun(deps, year);
}
