/**
 * GET /api/admin/giving/statements/:year (finance; decision 0121): how a year's statements are
 * going. `sent`: queued in the outbox, less those the mail server then refused for good, which
 * count as `failed` with the statements that could not be made; `skipped`: donors without an
 * email address; `remaining`: donors of the year still without a claimed statement (new gifts
 * since a run count here until it is run again). Counts only: no donor is named.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { StatementRun } from "../../../contract/giving-statements";
import { countDonors, yearRange } from "./statement-donors";

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export async function getStatementRun(deps: Deps, year: number): Promise<StatementRun> {
  const [run] = rowsOf<{ status: "running" | "done"; sent: number; skipped: number; failed: number; requested_at: unknown; requested_by_name: string; finished_at: unknown }>(
    await deps.db.execute(sql`select status, sent, skipped, failed, requested_at, requested_by_name, finished_at from statement_runs where year = ${year}`),
  );
  const { donors, remaining } = await countDonors(deps.db, year, yearRange(year, deps.church.timeZone));
  if (!run) return { year, status: "none", donors, sent: 0, skipped: 0, failed: 0, remaining, requestedAt: null, requestedBy: null, finishedAt: null };
  const [bounced] = rowsOf<{ n: number }>(
    await deps.db.execute(sql`
      select count(*)::int as n from statement_deliveries sd join email_outbox o on o.id = sd.email_id
      where sd.year = ${year} and sd.outcome = 'sent' and o.status = 'failed'
    `),
  );
  const refused = Number(bounced?.n ?? 0);
  return {
    year,
    status: run.status,
    donors,
    sent: Number(run.sent) - refused,
    skipped: Number(run.skipped),
    failed: Number(run.failed) + refused,
    remaining,
    requestedAt: iso(run.requested_at),
    requestedBy: run.requested_by_name || null,
    finishedAt: iso(run.finished_at),
  };
}
