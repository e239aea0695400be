/**
 * "Download my data" (GET /api/me/export, issue 20): everything the app holds about the member,
 * as one JSON file, written as it is read: each section (export-sections.ts) is read a page of
 * rows at a time, so memory stays bounded however long a member's history is. The file is
 * { "exportedAt", "church", "sections": { name: [rows...] } }; dates are ISO strings, bytes base64.
 */
import { asc, eq, getTableColumns, type Column } from "drizzle-orm";
import { getTableConfig, type PgColumn } from "drizzle-orm/pg-core";
import type { Deps } from "../../deps";
import { EXPORT_SECTIONS, exportedKeys, type ExportSection } from "./export-sections";

/** Rows read at once from one table. */
export const EXPORT_PAGE_ROWS = 500;

/** The download's file name: koinonia-data-YYYY-MM-DD.json (the church's calendar day). */
export function exportFileName(now: Date, timeZone: string) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `koinonia-data-${day}.json`;
}

const toJsonValue = (value: unknown): unknown => (value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value);

/** The columns a section exports: its `only` list, or every column but those it omits. */
function exportedColumns(s: ExportSection): Record<string, Column> {
  const all = getTableColumns(s.table) as Record<string, Column>;
  return Object.fromEntries(exportedKeys(s).map((key) => [key, all[key]]));
}

/** A stable order for paging: the primary key's columns (or every exported column when there is none). */
function orderOf(s: ExportSection, columns: Record<string, Column>): Column[] {
  const config = getTableConfig(s.table);
  const single = config.columns.filter((c) => c.primary);
  if (single.length) return single;
  if (config.primaryKeys[0]) return config.primaryKeys[0].columns;
  return Object.values(columns);
}

async function* sectionRows(deps: Deps, s: ExportSection, userId: string): AsyncGenerator<Record<string, unknown>> {
  const columns = exportedColumns(s);
  const order = orderOf(s, columns).map((c) => asc(c));
  for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
    const page = (await deps.db
      .select(columns as Record<string, PgColumn>)
      .from(s.table)
      .where(eq(s.by, userId))
      .orderBy(...order)
      .limit(EXPORT_PAGE_ROWS)
      .offset(offset)) as Record<string, unknown>[];
    for (const row of page) {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) out[key] = s.show?.[key] ? s.show[key](value) : toJsonValue(value);
      yield out;
    }
    if (page.length < EXPORT_PAGE_ROWS) return;
  }
}

/** The file's text, in pieces, as it is read. */
export async function* exportMyData(deps: Deps, userId: string): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(deps.now().toISOString())},"church":${JSON.stringify(deps.church.name)},"sections":{`;
  let firstSection = true;
  for (const s of EXPORT_SECTIONS) {
    yield `${firstSection ? "" : ","}${JSON.stringify(s.name)}:[`;
    firstSection = false;
    let first = true;
    for await (const row of sectionRows(deps, s, userId)) {
      yield (first ? "" : ",") + JSON.stringify(row);
      first = false;
    }
    yield "]";
  }
  yield "}}\n";
}
