/**
 * GET /api/admin/giving/statements/:year (finance; decision 0121): how a year's statements are
 * going. `sent`: queued in the outbox, less those the mail server then refused for good, which
 * count as `failed` with the statements that could not be made; `skipped`: donors without an
 * email address; `remaining`: donors of the year still without a claimed statement (new gifts
 * since a run count here until it is run again). Counts only: no donor is named.
 *
 * One statement, built and planned once (db/prepared.ts; the page asks every 2 s while a run
 * goes): the members who gave and those of them with their statement claimed are read as the
 * database keeps them counted per year (gift_donor_year_counts, decision 0140), not counted from
 * the year's donors; the few donors without an account are counted from their gifts; the refused
 * ones from the failed emails (statement_deliveries_email_idx), not from every delivery of the year.
 */
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared, runtimeValue } from "../../db/prepared";
import { statementRuns } from "../../db/schema/statements";
import type { StatementRun } from "../../../contract/giving-statements";
import { donorCounts, yearRangePlaceholders, yearRangeValues } from "./statement-donors";

// A runtime value, as the range's (yearRangePlaceholders; decision 0137).
const year = runtimeValue("year", "int");
const progress = prepared("giving.statement-run", (db) =>
  db
    .select({
      donors: sql<number>`counts.donors`,
      remaining: sql<number>`counts.remaining`,
      status: statementRuns.status,
      sent: statementRuns.sent,
      skipped: statementRuns.skipped,
      failed: statementRuns.failed,
      requestedAt: statementRuns.requestedAt,
      requestedBy: statementRuns.requestedByName,
      finishedAt: statementRuns.finishedAt,
      refused: sql<number>`case when ${statementRuns.year} is null then 0 else (
        select count(*)::int from email_outbox o join statement_deliveries sd on sd.email_id = o.id
        where o.status = 'failed' and sd.year = ${year}::int and sd.outcome = 'sent'
      ) end`,
    })
    .from(sql`(${donorCounts(yearRangePlaceholders())}) counts`)
    .leftJoin(statementRuns, eq(statementRuns.year, sql`${year}::int`)),
);

export async function getStatementRun(deps: Deps, y: number): Promise<StatementRun> {
  const [row] = await progress(deps.db, yearRangeValues(y, deps.church.timeZone));
  const donors = Number(row?.donors ?? 0);
  const remaining = Number(row?.remaining ?? 0);
  if (!row?.status) return { year: y, status: "none", donors, sent: 0, skipped: 0, failed: 0, remaining, requestedAt: null, requestedBy: null, finishedAt: null };
  const refused = Number(row.refused);
  return {
    year: y,
    status: row.status,
    donors,
    sent: Number(row.sent) - refused,
    skipped: Number(row.skipped),
    failed: Number(row.failed) + refused,
    remaining,
    requestedAt: row.requestedAt?.toISOString() ?? null,
    requestedBy: row.requestedBy || null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
