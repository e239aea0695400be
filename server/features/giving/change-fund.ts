/**
 * Adding and changing funds (OWNER and PASTOR; issue 19, decision 0113). The rules:
 * - names are unique (English, case-insensitive): 409;
 * - exactly one default: `isDefault: true` moves it here and clears the old one in the same
 *   transaction (the default fund's row is locked first, so two moves at once cannot leave
 *   two or none; the partial unique index is the last guard); `isDefault: false` is refused;
 * - the default can't be archived (400), and an archived fund can't become the default;
 * - archiving keeps every gift and recurring gift of the fund (recurring gifts keep charging to
 *   it: the giver chose it); an archived fund is only closed to new gifts. Restoring reopens it.
 * Texts are cleaned like every member-visible text (displayText() in the schemas, contract/display-text.ts).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { funds } from "../../db/schema/giving";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { FUNDS_TEXT, type FundAdmin } from "../../../contract/giving-funds";
import type { z } from "zod";
import type { ZFundCreate, ZFundPatch } from "../../../contract/giving-funds";
import { toFundAdmin } from "./list-funds";

async function nameTaken(tx: Tx, nameEn: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: funds.id })
    .from(funds)
    .where(and(sql`lower(${funds.nameEn}) = lower(${nameEn})`, exceptId ? ne(funds.id, exceptId) : undefined));
  return !!row;
}

export async function createFund(deps: Deps, input: z.output<typeof ZFundCreate>): Promise<FundAdmin> {
  const nameEn = input.name.en;
  return deps.db.transaction(async (tx) => {
    // One creation of a name at a time (the unique index would refuse the second anyway).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('funds-name'))`);
    if (await nameTaken(tx, nameEn)) throw conflict(FUNDS_TEXT.fundNameTaken);
    const [row] = await tx
      .insert(funds)
      .values({ nameEn, nameEs: input.name.es, description: input.description, createdAt: deps.now() })
      .returning();
    return toFundAdmin(row);
  });
}

export async function changeFund(deps: Deps, id: string, patch: z.output<typeof ZFundPatch>): Promise<FundAdmin> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('funds-name'))`);
    // The current default first, then this fund: every change locks in the same order.
    await tx.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true)).for("update");
    const [row] = await tx.select().from(funds).where(eq(funds.id, id)).for("update");
    if (!row) throw notFound(FUNDS_TEXT.fundNotFound);

    const set: Partial<typeof funds.$inferInsert> = {};
    if (patch.name?.en !== undefined) {
      const nameEn = patch.name.en;
      if (await nameTaken(tx, nameEn, id)) throw conflict(FUNDS_TEXT.fundNameTaken);
      set.nameEn = nameEn;
    }
    if (patch.name?.es !== undefined) set.nameEs = patch.name.es;
    if (patch.description !== undefined) set.description = patch.description;

    const archived = patch.archived ?? row.archivedAt !== null;
    const makeDefault = patch.isDefault ?? row.isDefault;
    if (patch.isDefault === false && row.isDefault) throw badRequest("body.isDefault", FUNDS_TEXT.defaultStays);
    if (archived && makeDefault) {
      throw row.isDefault ? badRequest("body.archived", FUNDS_TEXT.defaultNotArchived) : badRequest("body.isDefault", FUNDS_TEXT.archivedNotDefault);
    }
    if (patch.archived !== undefined) set.archivedAt = patch.archived ? (row.archivedAt ?? deps.now()) : null;
    if (makeDefault && !row.isDefault) {
      await tx.update(funds).set({ isDefault: false }).where(eq(funds.isDefault, true));
      set.isDefault = true;
    }
    if (!Object.keys(set).length) return toFundAdmin(row);
    const [updated] = await tx.update(funds).set(set).where(eq(funds.id, id)).returning();
    return toFundAdmin(updated);
  });
}
