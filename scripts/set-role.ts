/**
 * npm run role -- <email> <ROLE>
 * Changes a user's role from the command line (how the first OWNER of a real deployment is
 * made). On PostgreSQL it works while the server runs. On the embedded database it refuses
 * while a server holds the data directory (two processes would corrupt it): stop the server,
 * or have an OWNER change the role in Admin > People.
 */
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { acquireDataDirLock, lockHolder, releaseDataDirLock } from "../server/db/data-dir-lock";
import { changeRole } from "../server/features/admin/change-role";
import { AppError } from "../server/http/app-error";
import { ROLES, type Role } from "../contract/roles";

const [email, roleArg] = process.argv.slice(2);
const role = roleArg?.toUpperCase() as Role;
if (!email || !ROLES.includes(role)) {
  console.error(`Usage: npm run role -- <email> <${ROLES.join("|")}>`);
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl) {
  const holder = lockHolder(config.dataDir);
  if (holder) {
    console.error(
      `The Koinonia server (pid ${holder.pid}, port ${holder.port}) is running on the embedded database in ${config.dataDir}.\n` +
        `Changing it from a second process could corrupt it. Stop the server and run this again, or ask an OWNER to change the role in Admin > People.`,
    );
    process.exit(1);
  }
  acquireDataDirLock(config.dataDir, 0);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
let code = 0;
try {
  await database.migrate();
  const user = await changeRole(database.db, { email }, role);
  console.log(`${user.email} is now ${user.role}.`);
} catch (e) {
  console.error(e instanceof AppError ? `Refused: ${e.message}` : e);
  code = 1;
} finally {
  await database.close();
  if (!config.databaseUrl) releaseDataDirLock(config.dataDir);
}
process.exit(code);
