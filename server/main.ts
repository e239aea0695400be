/**
 * Start and stop, nothing else: read config, open the database, migrate, seed, listen.
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close streams and the database.
 */
import fs from "node:fs";
import { loadConfig, ConfigError } from "./config";
import { openDatabase } from "./db/client";
import { readChurchConfig, seedChurch } from "./db/seed/church";
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/demo";
import { createEmailSender } from "./providers/email/index";
import { createPaymentGateway } from "./providers/payments/index";
import { buildApp, LOG_REDACT } from "./app";
import { createEventBus } from "./events/bus";
import { acquireDataDirLock, releaseDataDirLock } from "./db/data-dir-lock";
import { seedJourneyContent } from "./db/seed/connect";
import { startDailyJourneyScheduler } from "./jobs/daily-journey";
import { startRecurringGiftsScheduler } from "./jobs/recurring-gifts";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  const churchProfile = readChurchConfig(config.churchConfigPath);
  if (!config.databaseUrl) acquireDataDirLock(config.dataDir, config.port);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await database.migrate();
  await seedChurch(database.db, churchProfile);
  await seedJourneyContent(database.db);
  if (config.seedDemo) await seedDemo(database.db);

  const bus = await createEventBus(database, (err) => process.stderr.write(`event bus: ${String(err)}\n`));
  const deps = {
    config,
    bus,
    database,
    db: database.db,
    email: createEmailSender({ db: database.db, smtpUrl: config.smtpUrl, from: config.emailFrom }),
    church: churchProfile,
    payments: createPaymentGateway({ now: () => new Date() }),
    now: () => new Date(),
  };
  const app = await buildApp(deps, {
    serveClient: true,
    logger: { level: config.logLevel, redact: { paths: LOG_REDACT, censor: "[redacted]" } },
  });
  await app.listen({ port: config.port, host: config.host });
  const dailyJourney = startDailyJourneyScheduler(deps, 60_000, (err) => app.log.error({ err }, "daily journey job failed"));
  const recurringGiftsJob = startRecurringGiftsScheduler(deps, 60_000, (err) => app.log.error({ err }, "recurring gifts job failed"));

  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [`\nKoinonia is running at ${config.publicUrl}  (database: ${where})`];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(7)} ${a.email}`);
  }
  process.stdout.write(lines.join("\n") + "\n\n");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await dailyJourney.stop();
      await recurringGiftsJob.stop();
      await app.close(); // stops accepting, finishes in-flight requests, ends event streams
      await bus.close();
      await database.close();
    } finally {
      if (!config.databaseUrl) releaseDataDirLock(config.dataDir);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else process.stderr.write(`Koinonia failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
