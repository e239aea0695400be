/**
 * `npm run backup` and `npm run restore` (README, Backups), run as the commands an operator
 * types: a database with data is backed up, restored into a fresh database, and the data is
 * found there. Also what they refuse: a directory a server holds, a non-empty target without
 * --yes, a PostgreSQL database other sessions are using, a backup of the other kind.
 * Embedded PGlite by default; PostgreSQL (pg_dump/pg_restore) when TEST_DATABASE_URL is set.
 */
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openPglite } from "./client";
import { users } from "./schema/users";
import { personalNotes } from "./schema/notes";
import { backupFileName, backupPglite, detectBackupKind, pgEnv, restorePglite, restorePostgres } from "./backup";
import { openTestDatabase } from "../testing/harness";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-backup-"));
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(tmp, { recursive: true, force: true })];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Runs `npm run <script> -- args` the way npm does (tsx), with the given database settings. */
function npmRun(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", SECRETS_KEY: "", ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const EMAIL = "backed.up@example.org";
const NOTE = "Psalm 23: the Lord is my shepherd";

describe("file names and kinds", () => {
  it("writes dated files under ./backups by default, or the file or folder given", () => {
    const at = new Date("2026-03-01T09:05:07.123Z");
    expect(backupFileName("pglite", undefined, at)).toBe(path.resolve("backups/koinonia-pglite-20260301-090507.tar.gz"));
    expect(backupFileName("postgres", "/srv/b", at)).toBe("/srv/b/koinonia-postgres-20260301-090507.dump");
    expect(backupFileName("postgres", "/srv/b/mine.dump", at)).toBe("/srv/b/mine.dump");
  });

  it("tells the kinds apart by content and refuses anything else", () => {
    const gz = path.join(tmp, "a.bin");
    fs.writeFileSync(gz, Buffer.from([0x1f, 0x8b, 8, 0, 0]));
    expect(detectBackupKind(gz)).toBe("pglite");
    fs.writeFileSync(gz, "PGDMP\u0001\u000e");
    expect(detectBackupKind(gz)).toBe("postgres");
    fs.writeFileSync(gz, "-- SQL dump");
    expect(() => detectBackupKind(gz)).toThrow(/not a Koinonia backup/);
  });

  it("hands the connection to pg_dump through PG* variables, never the command line", () => {
    expect(pgEnv("postgres://church:s%40cret@db.example.org:6543/koinonia?sslmode=require")).toEqual({
      PGHOST: "db.example.org",
      PGPORT: "6543",
      PGUSER: "church",
      PGPASSWORD: "s@cret",
      PGDATABASE: "koinonia",
      PGSSLMODE: "require",
    });
  });
});

if (!onPostgres) {
  describe("embedded PGlite", () => {
    it("backs up a data directory, restores it into a fresh one and finds the data; refuses while a server holds it and over data without --yes", async () => {
      const source = path.join(tmp, "source");
      const db = await openPglite(source);
      await db.migrate();
      const [user] = await db.db.insert(users).values({ email: EMAIL, passwordHash: "x", firstName: "Ruth", lastName: "Moab" }).returning();
      await db.db.insert(personalNotes).values({ userId: user.id, title: "Sunday", content: NOTE });
      await db.close();

      // A server holds the directory (its lock names a live process, here a child of this test): refused.
      const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
      try {
        fs.writeFileSync(path.join(source, "server.lock"), JSON.stringify({ pid: holder.pid, port: 5151 }));
        await expect(backupPglite(source, path.join(tmp, "out", "x.tar.gz"))).rejects.toThrow(/The Koinonia server \(pid \d+, port 5151\) is running/);
        await expect(restorePglite(source, path.join(tmp, "none.tar.gz"), { replace: true })).rejects.toThrow(/is running/);
        expect(fs.existsSync(path.join(tmp, "out"))).toBe(false);
      } finally {
        holder.kill("SIGKILL");
      }
      fs.rmSync(path.join(source, "server.lock"));

      const made = await npmRun("backup", [path.join(tmp, "out")], { DATA_DIR: source });
      expect(made.code, made.out).toBe(0);
      const file = /Backup written to (\S+)/.exec(made.out)![1];
      expect(file).toMatch(/koinonia-pglite-\d{8}-\d{6}\.tar\.gz$/);
      expect(detectBackupKind(file)).toBe("pglite");
      expect(fs.statSync(file).mode & 0o077).toBe(0); // readable by its owner only
      expect(made.out).toMatch(/secrets\.key/);
      expect(fs.existsSync(path.join(source, "server.lock"))).toBe(false); // released

      // Into a fresh directory.
      const fresh = path.join(tmp, "fresh");
      const restored = await npmRun("restore", [file], { DATA_DIR: fresh });
      expect(restored.code, restored.out).toBe(0);
      const back = await openPglite(fresh);
      const [found] = await back.db.select().from(users).where(eq(users.email, EMAIL));
      expect(found).toMatchObject({ firstName: "Ruth", lastName: "Moab" });
      expect((await back.db.select().from(personalNotes).where(eq(personalNotes.userId, found.id))).map((n) => n.content)).toEqual([NOTE]);
      // A change made after the backup...
      await back.db.insert(personalNotes).values({ userId: found.id, title: "Later", content: "written after the backup" });
      await back.close();

      // ...is what a restore over existing data replaces: refused without --yes, kept aside with it.
      await expect(restorePglite(fresh, file, { replace: false })).rejects.toThrow(/already holds a database[\s\S]*--yes/);
      const replaced = await npmRun("restore", [file, "--yes"], { DATA_DIR: fresh });
      expect(replaced.code, replaced.out).toBe(0);
      const aside = /kept in (\S+)/.exec(replaced.out)![1];
      expect(fs.existsSync(path.join(aside, "PG_VERSION"))).toBe(true);
      const again = await openPglite(fresh);
      expect((await again.db.select().from(personalNotes)).map((n) => n.title)).toEqual(["Sunday"]);
      await again.close();

      // A PostgreSQL archive is not restored into the embedded database.
      const fake = path.join(tmp, "pg.dump");
      fs.writeFileSync(fake, "PGDMP-not-really");
      await expect(restorePglite(path.join(tmp, "other"), fake, { replace: true })).rejects.toThrow(/is a PostgreSQL backup/);
    }, 240_000);
  });
} else {
  describe("PostgreSQL (pg_dump / pg_restore)", () => {
    it("backs up a database, restores it into a fresh database and finds the data; refuses while others use the target and over data without --yes", async () => {
      const source = await openTestDatabase();
      cleanups.push(() => source.dispose());
      const [user] = await source.database.db.insert(users).values({ email: EMAIL, passwordHash: "x", firstName: "Ruth", lastName: "Moab" }).returning();
      await source.database.db.insert(personalNotes).values({ userId: user.id, title: "Sunday", content: NOTE });

      // A backup runs while the database is in use (a consistent snapshot).
      const made = await npmRun("backup", [path.join(tmp, "out")], { DATABASE_URL: source.url! });
      expect(made.code, made.out).toBe(0);
      const file = /Backup written to (\S+)/.exec(made.out)![1];
      expect(file).toMatch(/koinonia-postgres-\d{8}-\d{6}\.dump$/);
      expect(detectBackupKind(file)).toBe("postgres");
      expect(fs.statSync(file).mode & 0o077).toBe(0);

      // A fresh, empty database.
      const name = `koinonia_t_restore_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const target = url.toString();

      // Refused while another session (a running server) uses it.
      const server = new pg.Client({ connectionString: target });
      await server.connect();
      await expect(restorePostgres(target, file, { replace: true })).rejects.toThrow(/other session\(s\) are using this database/);
      await server.end();

      const restored = await npmRun("restore", [file], { DATABASE_URL: target });
      expect(restored.code, restored.out).toBe(0);
      const check = new pg.Client({ connectionString: target });
      await check.connect();
      try {
        const found = await check.query("select u.first_name, n.content from users u join personal_notes n on n.user_id = u.id where u.email = $1", [EMAIL]);
        expect(found.rows).toEqual([{ first_name: "Ruth", content: NOTE }]);
        // The migration journal came along, so the server does not migrate it again.
        const journal = await check.query("select count(*)::int as n from drizzle.__drizzle_migrations");
        expect(journal.rows[0].n).toBeGreaterThan(0);
        await check.query("insert into personal_notes (user_id, title, content) select id, 'Later', 'after the backup' from users where email = $1", [EMAIL]);
      } finally {
        await check.end();
      }

      // Over existing data: refused without --yes; with it, the database is the backup again.
      await expect(restorePostgres(target, file, { replace: false })).rejects.toThrow(/already holds \d+ tables[\s\S]*--yes/);
      const gz = path.join(tmp, "embedded.tar.gz");
      fs.writeFileSync(gz, Buffer.from([0x1f, 0x8b, 8, 0]));
      await expect(restorePostgres(target, gz, { replace: true })).rejects.toThrow(/backup of the embedded database/);
      const replaced = await npmRun("restore", [file, "--yes"], { DATABASE_URL: target });
      expect(replaced.code, replaced.out).toBe(0);
      const after = new pg.Client({ connectionString: target });
      await after.connect();
      try {
        expect((await after.query("select title from personal_notes")).rows).toEqual([{ title: "Sunday" }]);
      } finally {
        await after.end();
      }
    }, 240_000);
  });
}
