/**
 * The funds migrations (funds_fees_audit, then funds_required; issue 19; decision 0113) on a database that already has gifts: the
 * 'General Fund' is seeded as the one default and every existing gift and recurring gift is
 * given to it before fund_id becomes required.
 */
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_EXTENSIONS } from "./client";

const SOURCE = path.join(import.meta.dirname, "migrations");

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-mig-"));
  fs.cpSync(SOURCE, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag.endsWith(tag.replace(/^\d+_/, "_"))));
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("funds migration", () => {
  it("backfills existing gifts and recurring gifts to the seeded default fund", async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    const before = migrationsBefore("0016_funds_fees_audit");
    await migrate(db, { migrationsFolder: before });
    const { rows } = await client.query<{ id: string }>(`insert into users (email, password_hash, first_name, last_name) values ('old@example.org', 'x', 'Old', 'Giver') returning id`);
    const userId = rows[0].id;
    const rec = await client.query<{ id: string }>(
      `insert into recurring_gifts (user_id, amount_cents, frequency, next_payment_date, anchor_day, gateway_profile_id, card_last_four, card_brand) values ($1, 500, 'monthly', '2026-12-01', 1, 'p', '4242', 'visa') returning id`,
      [userId],
    );
    await client.query(`insert into gifts (user_id, amount_cents, status, recurring_gift_id, period_date) values ($1, 500, 'COMPLETED', $2, '2026-11-01'), ($1, 700, 'COMPLETED', null, null)`, [userId, rec.rows[0].id]);

    await migrate(db, { migrationsFolder: SOURCE });
    const funds = await client.query<{ id: string; name_en: string; name_es: string; is_default: boolean }>(`select id, name_en, name_es, is_default from funds`);
    expect(funds.rows.map((f) => [f.name_en, f.name_es, f.is_default])).toEqual([["General Fund", "Fondo General", true]]);
    const gifts = await client.query<{ fund_id: string; fee_cents: number }>(`select fund_id, fee_cents from gifts`);
    expect(gifts.rows).toEqual([
      { fund_id: funds.rows[0].id, fee_cents: 0 },
      { fund_id: funds.rows[0].id, fee_cents: 0 },
    ]);
    const recurring = await client.query<{ fund_id: string }>(`select fund_id from recurring_gifts`);
    expect(recurring.rows).toEqual([{ fund_id: funds.rows[0].id }]);
    // fund_id is required from now on.
    await expect(client.query(`insert into gifts (user_id, amount_cents, status) values ($1, 100, 'COMPLETED')`, [userId])).rejects.toThrow();
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });
});
