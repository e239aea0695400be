/**
 * Vitest global setup: one migrated template database per test run, so each test file starts
 * from a copy instead of creating and migrating its own (a fresh embedded initdb costs seconds
 * per file). Keyed by a hash of the migrations, so a changed migration makes a new template.
 *   PGlite:      a dump of a migrated in-memory database in node_modules/.cache/koinonia/
 *   PostgreSQL:  a database koinonia_tmpl_<hash> on the TEST_DATABASE_URL server; test
 *                databases are created from it with CREATE DATABASE ... TEMPLATE.
 * The harness reads the template's location from the environment variables set here.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { MIGRATIONS_DIR, openPglite, openPostgres } from "../db/client";

export const PGLITE_TEMPLATE_ENV = "KOINONIA_TEST_PGLITE_TEMPLATE";
export const PG_TEMPLATE_ENV = "KOINONIA_TEST_PG_TEMPLATE";

function migrationsHash() {
  const h = crypto.createHash("sha256");
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else h.update(name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  h.update(PGlite.name);
  return h.digest("hex").slice(0, 16);
}

async function pgliteTemplate(hash: string) {
  const dir = path.resolve("node_modules/.cache/koinonia");
  const file = path.join(dir, `pglite-template-${hash}.tar`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    const database = await openPglite();
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return file;
}

const TEMPLATE_MARK = "koinonia test template, built ";

async function postgresTemplate(baseUrl: string, hash: string) {
  const name = `koinonia_tmpl_${hash}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount) return name;
    // Built under a temporary name and renamed when complete, so a run cut short leaves no half template.
    const building = `${name}_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openPostgres(url.toString(), 1);
    await database.migrate();
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${TEMPLATE_MARK}${new Date().toISOString()}'`);
    // Templates of earlier migrations are of no further use, but another checkout on the same
    // server (a second worktree, a teammate's branch) may be using one right now: only those
    // built more than a day ago go, and never one still being built.
    const old = await admin.query<{ datname: string; note: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as note from pg_database where datname like 'koinonia_tmpl_%' and datname <> $1",
      [name],
    );
    for (const { datname, note } of old.rows) {
      const built = note?.startsWith(TEMPLATE_MARK) ? Date.parse(note.slice(TEMPLATE_MARK.length)) : NaN;
      if (Number.isNaN(built) || Date.now() - built < 86_400_000) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup() {
  const hash = migrationsHash();
  const base = process.env.TEST_DATABASE_URL;
  if (base) process.env[PG_TEMPLATE_ENV] = await postgresTemplate(base, hash);
  else process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate(hash);
}
