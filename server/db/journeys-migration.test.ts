/**
 * The journeys migration (decision 0108) on a database from before it: the two seeded journeys
 * and a member already on one become rows of `journeys` (published, with their day count, the
 * sequence key as the key), the foreign keys hold, and challenges get their Spanish texts.
 */
import { afterAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR, openPglite, type Database } from "./client";

let database: Database | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "journeys-migration-"));
afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops before the journeys migration. */
function migrationsBeforeJourneys() {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith("_journeys_authored"));
  expect(at).toBeGreaterThan(0);
  fs.cpSync(MIGRATIONS_DIR, tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return tmp;
}

describe("migrating a database from before journeys were authored", () => {
  it("keeps the seeded journeys and the members on them working", async () => {
    database = await openPglite();
    const db = database.db;
    await migratePglite(db as never, { migrationsFolder: migrationsBeforeJourneys() });
    for (const key of ["SCRIPTURES_14", "AFFIRMATIONS_14"])
      for (let day = 1; day <= 14; day++)
        for (const locale of ["en", "es"])
          await db.execute(sql`insert into journey_days (sequence_key, day, locale, title, content) values (${key}, ${day}, ${locale}, ${`${key} ${day}`}, 'Reading')`);
    await db.execute(sql`insert into users (email, password_hash, first_name, last_name) values ('ruth@example.org', 'x', 'Ruth', 'M')`);
    await db.execute(
      sql`insert into journey_enrolments (user_id, sequence_key, start_date, unsubscribe_token) select id, 'AFFIRMATIONS_14', '2026-11-20', 'token-token-token' from users`,
    );
    await db.execute(sql`insert into challenges (title, description, days, type) values ('Gratitude Week', 'Three things a day', 7, 'GRATITUDE')`);

    await database.migrate();

    const journeys = (await db.execute(sql`select key, title_en, title_es, day_count, published, archived_at from journeys order by created_at, key`)) as unknown as {
      rows: { key: string; title_en: string; title_es: string; day_count: number; published: boolean; archived_at: string | null }[];
    };
    expect(journeys.rows).toEqual([
      { key: "SCRIPTURES_14", title_en: "14 Days of Scripture", title_es: "14 días de Escrituras", day_count: 14, published: true, archived_at: null },
      { key: "AFFIRMATIONS_14", title_en: "14 Days of Affirmations", title_es: "14 días de afirmaciones", day_count: 14, published: true, archived_at: null },
    ]);
    const challenge = (await db.execute(sql`select title_es, description_es from challenges`)) as unknown as { rows: { title_es: string; description_es: string }[] };
    expect(challenge.rows).toEqual([{ title_es: "Gratitude Week", description_es: "Three things a day" }]);
    // The foreign keys hold: an enrolment in a journey that does not exist is refused.
    await expect(
      db.execute(sql`insert into journey_enrolments (user_id, sequence_key, start_date, unsubscribe_token) select id, 'NO_SUCH_JOURNEY', '2026-11-20', 'token-token-other' from users`),
    ).rejects.toThrow();
  });
});
