/**
 * Backups of either database (README, Backups): `npm run backup` and `npm run restore`.
 *
 * Embedded PGlite: the whole data directory (DATA_DIR/pglite) as one gzipped tarball, written
 * by PGlite's own dumpDataDir() and read back by PGlite.create({ loadDataDir }). PGlite is a
 * single-process database, so both refuse while a server holds DATA_DIR (its server.lock), and
 * hold the lock themselves meanwhile. A restore never deletes: the current database is moved
 * aside to DATA_DIR/pglite.before-restore-<time>.
 *
 * PostgreSQL: pg_dump's custom format and pg_restore, with the client tools on the machine.
 * The connection comes from DATABASE_URL and is handed to them through PG* environment
 * variables, so the password never appears in a process list. A backup may run while servers
 * run (pg_dump reads one consistent snapshot); a restore refuses while other sessions use the
 * database (stop the servers first), and replaces every object the backup holds
 * (--clean --if-exists) in one transaction: it lands whole or not at all.
 *
 * Neither includes the secrets key (SECRETS_KEY, or DATA_DIR/secrets.key): a backup file that
 * carried its own key would hand the church's encrypted integration tokens to whoever holds the
 * file. Keep the key apart from the backups (docs/decisions/0062-backups.md).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock, lockHolder, releaseDataDirLock } from "./data-dir-lock";
import { PGLITE_EXTENSIONS } from "./client";

export class BackupError extends Error {}

export type BackupKind = "pglite" | "postgres";

const stamp = (d = new Date()) => d.toISOString().replace(/\.\d+Z$/, "").replace(/[-:]/g, "").replace("T", "-");

/** The file to write: `target` itself if it names a file, else a dated name inside `target` (default ./backups). */
export function backupFileName(kind: BackupKind, target = "backups", now = new Date()) {
  const ext = kind === "pglite" ? "tar.gz" : "dump";
  if (target.endsWith(`.${ext}`)) return path.resolve(target);
  return path.resolve(target, `koinonia-${kind}-${stamp(now)}.${ext}`);
}

/** What a file holds, from its first bytes: a PGlite tarball (gzip) or a pg_dump custom archive. */
export function detectBackupKind(file: string): BackupKind {
  const fd = fs.openSync(file, "r");
  const head = Buffer.alloc(5);
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  throw new BackupError(`${file} is not a Koinonia backup (neither an embedded-database tarball nor a pg_dump archive).`);
}

function refuseIfServerHolds(dataDir: string) {
  const holder = lockHolder(dataDir);
  if (holder) {
    throw new BackupError(
      `The Koinonia server (pid ${holder.pid}, port ${holder.port}) is running on the embedded database in ${dataDir}.\n` +
        `A second process could read it half-written or corrupt it. Stop the server and run this again.`,
    );
  }
}

async function withDataDirLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  refuseIfServerHolds(dataDir);
  acquireDataDirLock(dataDir, 0);
  try {
    return await fn();
  } finally {
    releaseDataDirLock(dataDir);
  }
}

export async function backupPglite(dataDir: string, outFile: string) {
  const dbDir = path.join(dataDir, "pglite");
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION"))) throw new BackupError(`There is no embedded database in ${dataDir} (DATA_DIR).`);
  return withDataDirLock(dataDir, async () => {
    const db = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
    try {
      const tarball = await db.dumpDataDir("gzip");
      fs.mkdirSync(path.dirname(outFile), { recursive: true });
      const tmp = `${outFile}.partial`;
      fs.writeFileSync(tmp, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
      fs.renameSync(tmp, outFile); // a crash never leaves a truncated file under the final name
    } finally {
      await db.close();
    }
    return outFile;
  });
}

/** Restores into DATA_DIR; an existing database needs `replace` and is moved aside, not deleted. Returns where it went. */
export async function restorePglite(dataDir: string, inFile: string, opts: { replace: boolean }) {
  refuseIfServerHolds(dataDir);
  if (detectBackupKind(inFile) !== "pglite") {
    throw new BackupError(`${inFile} is a PostgreSQL backup; set DATABASE_URL to restore it into PostgreSQL.`);
  }
  const dbDir = path.join(dataDir, "pglite");
  return withDataDirLock(dataDir, async () => {
    let movedTo: string | null = null;
    if (fs.existsSync(dbDir)) {
      if (!opts.replace) {
        throw new BackupError(
          `${dataDir} already holds a database. Restoring replaces all of it (it is kept in ${path.join(dataDir, "pglite.before-restore-<time>")}).\n` +
            `Run again with --yes to go ahead.`,
        );
      }
      movedTo = `${dbDir}.before-restore-${stamp()}`;
      fs.renameSync(dbDir, movedTo);
    }
    try {
      const db = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([fs.readFileSync(inFile)]) });
      try {
        await db.query("select 1");
      } finally {
        await db.close();
      }
    } catch (err) {
      fs.rmSync(dbDir, { recursive: true, force: true });
      if (movedTo) fs.renameSync(movedTo, dbDir);
      throw err;
    }
    return { movedTo };
  });
}

/** PG* variables for the client tools, from a postgres:// URL (the password stays out of argv). */
export function pgEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const host = url.searchParams.get("host") ?? decodeURIComponent(url.hostname);
  if (host) env.PGHOST = host;
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(tool: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...pgEnv(databaseUrl) }, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += String(c)));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "ENOENT"
          ? new BackupError(`${tool} is not installed. Install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client).`)
          : err,
      ),
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

export async function backupPostgres(databaseUrl: string, outFile: string) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const tmp = `${outFile}.partial`;
  try {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${tmp}`], databaseUrl);
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, outFile);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return outFile;
}

/** Other sessions on the database (running servers) and whether it holds any table. */
async function inspectPostgres(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const others = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'",
    );
    const tables = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return { otherSessions: others.rows[0].n, tables: tables.rows[0].n };
  } finally {
    await client.end();
  }
}

export async function restorePostgres(databaseUrl: string, inFile: string, opts: { replace: boolean }) {
  if (detectBackupKind(inFile) !== "postgres") {
    throw new BackupError(`${inFile} is a backup of the embedded database; unset DATABASE_URL to restore it into DATA_DIR.`);
  }
  const { otherSessions, tables } = await inspectPostgres(databaseUrl);
  if (otherSessions > 0) {
    throw new BackupError(
      `${otherSessions} other session(s) are using this database: stop every Koinonia server (and other clients) first, then run this again.`,
    );
  }
  if (tables > 0 && !opts.replace) {
    throw new BackupError(
      `The database already holds ${tables} tables. Restoring replaces every table, row and sequence the backup holds; nothing is kept.\n` +
        `Make a backup of it first if you may want it back, then run again with --yes.`,
    );
  }
  await run("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${pgEnv(databaseUrl).PGDATABASE ?? ""}`, inFile], databaseUrl);
}
