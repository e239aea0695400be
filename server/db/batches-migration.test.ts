/**
 * The batches migration (issue 19; decision 0120) on a database that already has gifts: each
 * existing gift gets its method (card when a card's last four is kept, else wallet, a gift of
 * the balance) and no batch, and the database refuses a cash gift outside a batch from then on.
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

/** A copy of the migrations folder whose journal stops before the migration named `_name` (whatever its number). */
function migrationsBefore(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-mig-"));
  fs.cpSync(SOURCE, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(name));
  if (at < 0) throw new Error(`no migration ${name}`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe("batches migration", () => {
  it("gives existing gifts card or wallet, and no batch", async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client);
    const before = migrationsBefore("_giving_batches");
    await migrate(db, { migrationsFolder: before });
    const { rows } = await client.query<{ id: string }>(`insert into users (email, password_hash, first_name, last_name) values ('old@example.org', 'x', 'Old', 'Giver') returning id`);
    const userId = rows[0].id;
    const fund = (await client.query<{ id: string }>(`select id from funds where is_default`)).rows[0].id;
    await client.query(
      `insert into gifts (user_id, fund_id, amount_cents, status, card_last_four, card_brand) values ($1, $2, 500, 'COMPLETED', '4242', 'Visa'), ($1, $2, 700, 'COMPLETED', null, null), ($1, $2, 900, 'FAILED', '0002', 'Visa')`,
      [userId, fund],
    );

    await migrate(db, { migrationsFolder: SOURCE });
    const gifts = await client.query<{ amount_cents: number; method: string; batch_id: string | null }>(`select amount_cents, method, batch_id from gifts order by amount_cents`);
    expect(gifts.rows).toEqual([
      { amount_cents: 500, method: "card", batch_id: null },
      { amount_cents: 700, method: "wallet", batch_id: null },
      { amount_cents: 900, method: "card", batch_id: null },
    ]);
    await expect(client.query(`insert into gifts (user_id, fund_id, amount_cents, status, method) values ($1, $2, 100, 'COMPLETED', 'cash')`, [userId, fund])).rejects.toThrow();
    await client.close();
    fs.rmSync(before, { recursive: true, force: true });
  });
});
