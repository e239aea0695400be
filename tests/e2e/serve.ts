/**
 * Starts the built app for the browser tests on a fresh database: a new temporary PGlite
 * directory, or (with TEST_DATABASE_URL) a new database on that PostgreSQL server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.E2E_PORT ?? "5055";
const env: Record<string, string> = {
  PORT: port,
  HOST: "127.0.0.1",
  NODE_ENV: "test",
  // Everything the server logs is kept (playwright.config.ts sends stdout to the run's log file)
  // and scanned for secrets after the run (scan-server-log.ts).
  LOG_LEVEL: "trace",
  // A spec may start a server of its own on a brand-new church (E2E_SEED_DEMO=false; church-profile.spec.ts).
  SEED_DEMO: process.env.E2E_SEED_DEMO ?? "true",
  AUTH_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_EMAIL: "1000",
  // The browser tests share the demo accounts across files; the write limits are tested in
  // server/http/write-limits.test.ts.
  RATE_LIMITS: "*=1000",
  // The decline test card is declined in several files (and their retries): the card-testing
  // limits are tested in server/shared/money/new-card-guard.test.ts.
  CARD_DECLINES_PER_CARD: "1000",
  CARD_DECLINES_PER_ADDRESS: "1000",
  // POST /api/test/wallet/collect-round-ups (collect and settle round-ups now), and a $1.00
  // minimum so a week of sandbox round-ups is always collected (docs/decisions/0024).
  TEST_HOOKS: "true",
  ROUNDUP_COLLECT_MIN_CENTS: "100",
};

const base = process.env.TEST_DATABASE_URL;
if (base) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const old = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'koinonia_e2e_%'");
  for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  const name = `koinonia_e2e_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
} else {
  env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-e2e-"));
  delete process.env.DATABASE_URL;
}
// Integrations: local stand-ins for GoHighLevel and ElevenLabs, and the public address the
// browser uses (the CRM's redirect comes back to it, with the browser's cookie).
const { startGhlStandIn } = await import("../../server/testing/ghl-stand-in.ts");
const { startElevenLabsStandIn } = await import("../../server/testing/elevenlabs-stand-in.ts");
Object.assign(env, (await startGhlStandIn()).env(), (await startElevenLabsStandIn()).env(), { PUBLIC_URL: `http://127.0.0.1:${port}` });
// Passkeys belong to a host name, never an IP address: passkeys.spec.ts opens the app on localhost.
env.PASSKEY_ORIGIN = `http://localhost:${port}`;

Object.assign(process.env, env);
// E2E_PASTOR=email:password: that account exists, as a PASTOR, before the server starts (a fresh
// database has no staff; a real deployment makes its first one with npm run role).
if (process.env.E2E_PASTOR) {
  const [email, password] = process.env.E2E_PASTOR.split(":");
  const { openDatabase } = await import("../../server/db/client.ts");
  const { users } = await import("../../server/db/schema/users.ts");
  const { hashPassword } = await import("../../server/security/passwords.ts");
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
  await database.migrate();
  await database.db.insert(users).values({ email, firstName: "Paula", lastName: "Pastor", role: "PASTOR", passwordHash: await hashPassword(password) });
  await database.close();
}
await import("../../server/main.ts");
