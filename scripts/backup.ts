/**
 * npm run backup [-- <file or folder>]
 * Writes a backup of the database the server is configured for (README, Backups): embedded
 * PGlite (DATA_DIR) as a .tar.gz, or PostgreSQL (DATABASE_URL) as a pg_dump .dump file.
 * Default folder: ./backups, file koinonia-<kind>-<date>-<time>.<ext>.
 */
import fs from "node:fs";
import { loadConfig } from "../server/config";
import { BackupError, backupFileName, backupPglite, backupPostgres } from "../server/db/backup";

const target = process.argv.slice(2).find((a) => !a.startsWith("-"));
if (fs.existsSync(".env")) process.loadEnvFile(".env"); // as the server reads it
const config = loadConfig();
const kind = config.databaseUrl ? "postgres" : "pglite";
const file = backupFileName(kind, target);
try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file);
  console.log(`Backup written to ${file}`);
  if (!config.secretsKey) console.log(`Keep ${config.dataDir}/secrets.key safe too (not in the backup): without it, stored integration tokens cannot be read.`);
} catch (e) {
  console.error(e instanceof BackupError ? `Backup refused: ${e.message}` : e);
  process.exit(1);
}
