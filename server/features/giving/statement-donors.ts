/**
 * Who the donors of a year are, and their gifts, for year-end statements (decision 0121): the
 * one definition the statement runs (send-statements.ts) and a member's own printable statement
 * (get-giving-statement.ts) share.
 *
 * A donor is named by a **donor key**, whatever the source of their gifts:
 *   `u:<user id>`            gifts of a member's account (card, recurring, wallet balance)
 *   `e:<lower-case email>`   cash and check gifts entered in a batch with a donor's name and email
 *                            but no account (decision 0120): one statement per address
 *
 * **Adding a source** (cash and check batches whose lines carry a name and email but no
 * account): add one entry to DONOR_SOURCES with its three queries. `donors` yields every donor
 * with a completed gift in the range (donor_key, user_id or null, name, email or null, locale);
 * `counts` counts the same donors, and those of them still without a claimed statement of the
 * range's year, as cheaply as it can (a year's page shows them); `lines` yields their gifts (the columns of StatementLineRow). A cash or check line of a member
 * belongs under the member's `u:` key, so the member gets one statement with both. A refunded
 * gift keeps its line with the part of it refunded (`refunded_cents`, at most the amount: a
 * refund returns the gift before the fee; decision 0119), and the total is what the church kept.
 * Keys sort as text: the runs go through donors in key order (keyset), so a source must give
 * each donor one key and the same key every time.
 */
import { sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { preparedSql, runtimeValue } from "../../db/prepared";
import type { Db, Tx } from "../../db/client";
import type { GiftMethod } from "../../../contract/giving-funds-text";
import { rowsOf } from "../../db/rows";

/** One donor of the range, as every source yields them. `email` null: no address (skipped). */
export interface StatementDonorRow {
  donor_key: string;
  user_id: string | null;
  name: string;
  email: string | null;
  locale: string;
}

/** One completed gift of a donor. `date`: the church-zone calendar date (YYYY-MM-DD). */
export interface StatementLineRow {
  donor_key: string;
  id: string;
  date: string;
  amount_cents: number;
  fund_name_en: string;
  fund_name_es: string;
  /** A recurring gift's frequency; null: one-time. */
  frequency: "weekly" | "monthly" | "yearly" | null;
  card_brand: string | null;
  card_last_four: string | null;
  /** The part of the amount refunded (decision 0119); never more than amount_cents. */
  refunded_cents: number;
  /** card, wallet, cash or check (decision 0120), and a check's number. */
  method: GiftMethod;
  check_number: string | null;
}

/**
 * The year's bounds: the UTC instants of local midnight starting 1 January of `year` and of
 * `year + 1` in zone `tz`. `year` and `tz` are values, or placeholders in a prepared statement.
 */
export interface YearRange {
  year: number | Placeholder | SQL;
  from: SQL;
  to: SQL;
  /** The zone's name (a parameter, or a placeholder or SQL in a prepared statement). */
  tz: string | SQLWrapper;
}
export const yearRange = (year: number, tz: string): YearRange => ({
  year,
  from: sql`(${yearStart(year)}::timestamp at time zone ${tz})`,
  to: sql`(${yearStart(year + 1)}::timestamp at time zone ${tz})`,
  tz,
});

/**
 * The range of a prepared statement: `year`, `from` and `to` ("YYYY-01-01 00:00:00") and `tz`
 * (yearRangeValues), runtime values (decision 0137: a year's counts have one plan, and PostgreSQL
 * planned the statement again on every request while it saw them).
 */
export const yearRangePlaceholders = (): YearRange => ({
  year: runtimeValue("year", "int"),
  from: sql`(${runtimeValue("from", "timestamp")} at time zone ${runtimeValue("tz", "text")})`,
  to: sql`(${runtimeValue("to", "timestamp")} at time zone ${runtimeValue("tz", "text")})`,
  tz: runtimeValue("tz", "text"),
});
export const yearRangeValues = (year: number, tz: string) => ({ year, from: yearStart(year), to: yearStart(year + 1), tz });

interface DonorSource {
  /** The prefix of the donor keys it yields: its lines are read only for keys with it. */
  prefix: string;
  /** Selects StatementDonorRow columns for every donor of the range. */
  donors(r: YearRange): SQL;
  /**
   * Selects one row: `donors`, the same donors' number, and `remaining`, those of them without a
   * statement_deliveries row of the range's year (both int).
   */
  counts(r: YearRange): SQL;
  /** Selects StatementLineRow columns for the range's gifts of the donors whose keys are in `keys` (a text[] parameter). */
  lines(r: YearRange, keys: SQL): SQL;
}

/** Gifts of members' accounts. A deleted account (decision 0117) has no address: its donor is skipped. */
const memberGifts: DonorSource = {
  prefix: "u:",
  donors: (r) => sql`
    select 'u:' || u.id::text as donor_key, u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name,
      case when u.deleted_at is null then u.email end as email, u.locale
    from users u
    where exists (select 1 from gifts g where g.user_id = u.id and g.status = 'COMPLETED' and g.created_at >= ${r.from} and g.created_at < ${r.to})`,
  // The members who gave in the year and those of them with their statement claimed, counted by
  // the database as they change (gift_donor_year_counts, decisions 0132 and 0140): one row read,
  // not the year's donors. Its year is the church calendar's, as the range. No row: no donor.
  counts: (r) => sql`
    select coalesce(sum(c.donors), 0)::int as donors, coalesce(sum(c.donors - c.delivered), 0)::int as remaining
    from gift_donor_year_counts c where c.year = ${r.year}::int`,
  lines: (r, keys) => sql`
    select 'u:' || g.user_id::text as donor_key, g.id, to_char(g.created_at at time zone ${r.tz}, 'YYYY-MM-DD') as date, g.amount_cents,
      f.name_en as fund_name_en, f.name_es as fund_name_es, rg.frequency, g.card_brand, g.card_last_four, g.created_at,
      least(g.refunded_cents, g.amount_cents) as refunded_cents, g.method, bl.check_number
    from gifts g
    join funds f on f.id = g.fund_id
    left join recurring_gifts rg on rg.id = g.recurring_gift_id
    left join giving_batch_lines bl on bl.gift_id = g.id
    where g.user_id = any(array(select substr(k, 3)::uuid from unnest(${keys}::text[]) k where k like 'u:%'))
      and g.status = 'COMPLETED' and g.created_at >= ${r.from} and g.created_at < ${r.to}`,
};

/**
 * Cash and check gifts of a donor without an account who left an email on the batch line
 * (decision 0120): one donor per address (lower case), named as on their latest line, in the
 * church's first language (there is no member to say otherwise). Lines without an email have no
 * one to send to and are not donors here (anonymous, as the plate gave them).
 */
const batchGuests: DonorSource = {
  prefix: "e:",
  donors: (r) => sql`
    select 'e:' || lower(bl.donor_email) as donor_key, null::uuid as user_id,
      (array_agg(bl.donor_name order by g.created_at desc))[1] as name, lower(bl.donor_email) as email, 'en' as locale
    from giving_batch_lines bl
    join gifts g on g.id = bl.gift_id
    where g.user_id is null and bl.donor_email is not null
      and g.status = 'COMPLETED' and g.created_at >= ${r.from} and g.created_at < ${r.to}
    group by lower(bl.donor_email)`,
  // From the range's gifts without a member (gifts_user_idx: user_id null, created_at), few beside
  // the members'. A left join to the deliveries (at most one per year and key: its primary key),
  // not `not exists` inside the count's filter, which PostgreSQL runs as a probe per donor.
  counts: (r) => sql`
    select count(*)::int as donors, (count(*) - count(sd.donor_key))::int as remaining
    from (
      select distinct 'e:' || lower(bl.donor_email) as donor_key
      from gifts g
      join giving_batch_lines bl on bl.gift_id = g.id
      where g.user_id is null and bl.donor_email is not null
        and g.status = 'COMPLETED' and g.created_at >= ${r.from} and g.created_at < ${r.to}
    ) d
    left join statement_deliveries sd on sd.year = ${r.year}::int and sd.donor_key = d.donor_key`,
  lines: (r, keys) => sql`
    select 'e:' || lower(bl.donor_email) as donor_key, g.id, to_char(g.created_at at time zone ${r.tz}, 'YYYY-MM-DD') as date, g.amount_cents,
      f.name_en as fund_name_en, f.name_es as fund_name_es, null as frequency, g.card_brand, g.card_last_four, g.created_at,
      least(g.refunded_cents, g.amount_cents) as refunded_cents, g.method, bl.check_number
    from giving_batch_lines bl
    join gifts g on g.id = bl.gift_id
    join funds f on f.id = g.fund_id
    where g.user_id is null and lower(bl.donor_email) in (select substr(k, 3) from unnest(${keys}::text[]) k where k like 'e:%')
      and g.status = 'COMPLETED' and g.created_at >= ${r.from} and g.created_at < ${r.to}`,
};

/** Every source of donors. Add an entry for a new one (see above). */
export const DONOR_SOURCES: readonly DonorSource[] = [memberGifts, batchGuests];

/**
 * The next `limit` donors of the range after `afterKey` (key order), leaving out those whose
 * statement for `year` is already claimed (statement_deliveries).
 */
export async function nextDonors(db: Db | Tx, year: number, r: YearRange, afterKey: string | null, limit: number): Promise<StatementDonorRow[]> {
  const all = sql.join(
    DONOR_SOURCES.map((s) => sql`(${s.donors(r)})`),
    sql` union all `,
  );
  return rowsOf<StatementDonorRow>(
    await db.execute(sql`
      select d.donor_key, d.user_id, d.name, d.email, d.locale from (${all}) d
      where d.donor_key > ${afterKey ?? ""}
        and not exists (select 1 from statement_deliveries sd where sd.year = ${year} and sd.donor_key = d.donor_key)
      order by d.donor_key
      limit ${limit}
    `),
  );
}

/**
 * How many donors the range has, and how many of them still lack their claimed statement for
 * the range's year: the sources' `counts` added up.
 */
export const donorCounts = (r: YearRange) => sql`
  select sum(s.donors)::int as donors, sum(s.remaining)::int as remaining
  from (${sql.join(
    DONOR_SOURCES.map((s) => sql`(${s.counts(r)})`),
    sql` union all `,
  )}) s`;

/** The range's completed gifts of the donors `keys`, oldest first, grouped by donor key. */
export async function statementLines(db: Db | Tx, r: YearRange, keys: readonly string[]): Promise<Map<string, StatementLineRow[]>> {
  const byDonor = new Map<string, StatementLineRow[]>(keys.map((k) => [k, []]));
  if (!keys.length) return byDonor;
  const keyArray = sql`${`{${keys.map((k) => `"${k.replace(/(["\\])/g, "\\$1")}"`).join(",")}}`}`;
  // A source with none of the keys is not asked (a member's own statement reads no batch guests).
  const all = sql.join(
    DONOR_SOURCES.filter((s) => keys.some((k) => k.startsWith(s.prefix))).map((s) => sql`(${s.lines(r, keyArray)})`),
    sql` union all `,
  );
  const rows = rowsOf<StatementLineRow & { created_at: unknown }>(await db.execute(sql`select * from (${all}) l order by l.donor_key, l.created_at, l.id`));
  for (const row of rows) byDonor.get(row.donor_key)?.push({ ...row, amount_cents: Number(row.amount_cents), refunded_cents: Number(row.refunded_cents) });
  return byDonor;
}

/** The member, and their lines of the year as JSON written by PostgreSQL: an array of lines, each an array of LINE_FIELDS' values. */
export type MemberStatementRow = { first_name: string; last_name: string; email: string; lines: string };

/**
 * A member's line as memberStatement writes it: its values in this order, not an object with
 * the names repeated on every line (issue 23: writing a year of lines as objects was a third of
 * the statement's database time, and the names doubled the text to send and parse).
 */
const LINE_FIELDS = ["id", "date", "amount_cents", "fund_name_en", "fund_name_es", "frequency", "card_brand", "card_last_four", "refunded_cents", "method", "check_number"] as const;
/** A field of StatementLineRow missing from LINE_FIELDS (never: none is). */
type MissingLineField = Exclude<Exclude<keyof StatementLineRow, "donor_key">, (typeof LINE_FIELDS)[number]>;
// Does not compile while a field added to StatementLineRow is missing from LINE_FIELDS (the error names it).
export const LINE_FIELDS_COMPLETE: [MissingLineField] extends [never] ? true : MissingLineField = true;

/** memberStatement's `lines` as StatementLineRow objects. */
export function memberLines(row: MemberStatementRow | undefined, userId: string): StatementLineRow[] {
  if (!row) return [];
  const values = JSON.parse(row.lines) as unknown[][];
  return values.map((v) => {
    const line = { donor_key: `${memberGifts.prefix}${userId}` } as Record<string, unknown>;
    LINE_FIELDS.forEach((f, i) => (line[f] = v[i]));
    return line as unknown as StatementLineRow;
  });
}

/**
 * A member's own printable statement (get-giving-statement.ts): the member and the member
 * source's lines of the year, the same lines their emailed statement lists, in one statement
 * built and planned once (db/prepared.ts; issue 23); the lines as one JSON value, so a year of
 * weekly gifts is one field to parse, not a row each with the member repeated (memberLines reads
 * it). Placeholders: `userId`, `tz`, and `from` and `to`, the local midnights starting the year
 * and the next (`yearStart`).
 */
export const memberStatement = preparedSql<MemberStatementRow>("giving.statement", () => {
  const tz = sql.placeholder("tz");
  const r: YearRange = {
    year: sql.placeholder("year"), // not used by the lines
    from: sql`(${sql.placeholder("from")}::timestamp at time zone ${tz}::text)`,
    to: sql`(${sql.placeholder("to")}::timestamp at time zone ${tz}::text)`,
    tz: sql`${tz}::text`,
  };
  return sql`
    select u.first_name, u.last_name, u.email,
      (select coalesce(json_agg(json_build_array(${sql.raw(LINE_FIELDS.map((f) => `l.${f}`).join(", "))}) order by l.created_at, l.id), '[]')::text
       from (${memberGifts.lines(r, sql`array['u:' || ${sql.placeholder("userId")}::text]`)}) l) as lines
    from users u
    where u.id = ${sql.placeholder("userId")}`;
});

/** The text of local midnight starting 1 January of `year` (a `from` or `to` of memberStatement). */
export const yearStart = (year: number) => `${year}-01-01 00:00:00`;
