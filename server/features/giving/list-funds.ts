/**
 * Funds (issue 19; decision 0113). Givers see the open funds, the default first, then by name,
 * in their language; OWNER, PASTOR and STAFF see every fund with both names (Admin -> Giving).
 */
import { asc, desc, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds } from "../../db/schema/giving";
import type { Fund, FundAdmin } from "../../../contract/giving-funds";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName, type FundRow } from "../../shared/money/funds";

export const toFundAdmin = (f: FundRow): FundAdmin => ({
  id: f.id,
  name: { en: f.nameEn, es: f.nameEs },
  description: f.description,
  isDefault: f.isDefault,
  archived: f.archivedAt !== null,
  createdAt: f.createdAt.toISOString(),
});

/** The open funds' columns a giver sees, built and planned once (db/prepared.ts): every Give screen asks (issue 23). */
const openFunds = prepared("giving.funds", (db) =>
  db
    .select({ id: funds.id, nameEn: funds.nameEn, nameEs: funds.nameEs, description: funds.description, isDefault: funds.isDefault })
    .from(funds)
    .where(isNull(funds.archivedAt))
    .orderBy(desc(funds.isDefault), asc(funds.nameEn), asc(funds.id)),
);

/** The open funds a giver may choose: the church's own few (staff add them by hand), the default first, then by name. */
export async function listOpenFunds(db: Db, locale: Locale): Promise<Fund[]> {
  const rows = await openFunds(db);
  return rows.map((f) => ({ id: f.id, name: fundName(f, locale), description: f.description, isDefault: f.isDefault }));
}

/** Built and planned once (db/prepared.ts): Admin → Giving reads it on every visit. */
const allFunds = prepared("giving.funds.all", (db) => db.select().from(funds).orderBy(asc(funds.archivedAt), desc(funds.isDefault), asc(funds.nameEn)));

/** Every fund, open ones first (the default first among them), then archived ones, each by name. */
export async function listAllFunds(db: Db): Promise<FundAdmin[]> {
  return (await allFunds(db)).map(toFundAdmin);
}
