/**
 * npm run restore -- <backup file> [--yes]
 * Restores a backup made by `npm run backup` into the configured database (README, Backups).
 * Into a database that already holds data it asks for --yes: embedded PGlite keeps the
 * replaced database in DATA_DIR/pglite.before-restore-<time>; PostgreSQL replaces every object
 * the backup holds. Stop the server(s) first; both refuse while they run.
 */
import fs from "node:fs";
import { loadConfig } from "../server/config";
import { BackupError, restorePglite, restorePostgres } from "../server/db/backup";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("-"));
const replace = args.includes("--yes") || args.includes("-y");
if (!file || !fs.existsSync(file)) {
  console.error(file ? `No such file: ${file}` : "Usage: npm run restore -- <backup file> [--yes]");
  process.exit(2);
}
if (fs.existsSync(".env")) process.loadEnvFile(".env"); // as the server reads it
const config = loadConfig();
try {
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, file, { replace });
    console.log(`Restored ${file} into the PostgreSQL database of DATABASE_URL.`);
  } else {
    const { movedTo } = await restorePglite(config.dataDir, file, { replace });
    console.log(`Restored ${file} into ${config.dataDir}.`);
    if (movedTo) console.log(`The database it replaced is kept in ${movedTo} (delete it when you no longer need it).`);
  }
  console.log("Start the server: it applies any newer migrations.");
} catch (e) {
  console.error(e instanceof BackupError ? `Restore refused: ${e.message}` : e);
  process.exit(1);
}
