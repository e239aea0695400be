/**
 * Start and stop, nothing else: read config, open the database, migrate, seed, listen.
 * SIGTERM/SIGINT: stop accepting, finish in-flight requests, close streams and the database.
 */
import fs from "node:fs";
import { loadConfig, ConfigError } from "./config";
import { setPasswordHashConcurrency } from "./security/passwords";
import { openDatabase } from "./db/client";
import { readChurchConfig, seedChurch } from "./shared/church-profile";
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/demo";
import { createEmailSender } from "./providers/email/index";
import { createPaymentGateway } from "./providers/payments/index";
import { createBankProvider } from "./providers/bank/index";
import { buildApp } from "./app";
import { loggerOptions } from "./http/logging";
import { createEventBus } from "./events/bus";
import { acquireDataDirLock, releaseDataDirLock } from "./db/data-dir-lock";
import { seedJourneyContent } from "./seed/connect";
import { startDailyJourneyScheduler } from "./jobs/daily-journey";
import { startRecurringGiftsScheduler } from "./jobs/recurring-gifts";
import { startGiftReceiptsScheduler } from "./jobs/gift-receipts";
import { startCrmSyncScheduler } from "./jobs/crm-sync";
import { startRoundUpsScheduler } from "./jobs/round-ups";
import { startRoundUpCollectionsScheduler } from "./jobs/round-up-collections";
import { startVideoSyncScheduler } from "./jobs/video-sync";
import { createSecretBox, loadSecretsKey } from "./security/secret-box";
import { createPushSender } from "./providers/push/index";
import { startPushDelivery } from "./jobs/push-delivery";
import { startServiceNoticesScheduler } from "./jobs/service-notices";
import { startEmailDelivery } from "./jobs/email-delivery";
import { startBackgroundCalls } from "./jobs/background-calls";
import { startAnnouncementSender } from "./jobs/announcements";
import { startStatementSender } from "./jobs/statements";
import { startEventRemindersScheduler } from "./jobs/event-reminders";

async function main() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const config = loadConfig();
  setPasswordHashConcurrency(config.passwordHashConcurrency);
  const churchFile = readChurchConfig(config.churchConfigPath);
  if (!config.databaseUrl) acquireDataDirLock(config.dataDir, config.port);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await database.migrate();
  // The file seeds a new database only; the database's church wins after that (decision 0106).
  const churchProfile = await seedChurch(database.db, churchFile);
  // The two 14-day journeys are demo content: a church without demo data authors its own (Admin → Journeys).
  if (config.seedDemo) await seedJourneyContent(database.db);
  const secrets = createSecretBox(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir }));
  if (config.seedDemo) await seedDemo(database.db, { secrets, now: new Date(), churchName: churchProfile.name });

  const bus = await createEventBus(database, (err) => process.stderr.write(`event bus: ${String(err)}\n`));
  const deps = {
    config,
    bus,
    database,
    db: database.db,
    email: createEmailSender({ smtpUrl: config.smtpUrl, from: config.emailFrom }),
    church: churchProfile,
    payments: createPaymentGateway({ config, churchName: churchProfile.name, now: () => new Date() }),
    bank: createBankProvider({ plaid: config.plaid, now: () => new Date() }),
    secrets,
    push: createPushSender({ db: database.db, secrets, config: config.push }),
    now: () => new Date(),
  };
  const app = await buildApp(deps, {
    serveClient: true,
    logger: loggerOptions(config.logLevel),
  });
  await app.listen({ port: config.port, host: config.host });
  const dailyJourney = startDailyJourneyScheduler(deps, 60_000, (err) => app.log.error({ err }, "daily journey job failed"));
  const recurringGiftsJob = startRecurringGiftsScheduler(deps, 60_000, (err) => app.log.error({ err }, "recurring gifts job failed"));
  const giftReceiptsJob = startGiftReceiptsScheduler(deps, 5 * 60_000, (err) => app.log.error({ err }, "gift receipts job failed"));
  const crmSyncJob = startCrmSyncScheduler(deps, 30_000, (err) => app.log.warn({ err }, "CRM sync"));
  const roundUpsJob = startRoundUpsScheduler(deps, 5 * 60_000, (err) => app.log.error({ err }, "round-ups job failed"));
  const roundUpCollectionsJob = startRoundUpCollectionsScheduler(deps, 5 * 60_000, (err) => app.log.error({ err }, "round-up collections job failed"));
  const serviceNoticesJob = startServiceNoticesScheduler(deps, 60_000, (err) => app.log.error({ err }, "service notices job failed"));
  const eventRemindersJob = startEventRemindersScheduler(deps, 5 * 60_000, (err) => app.log.error({ err }, "event reminders job failed"));
  const videoSyncJob = startVideoSyncScheduler(deps, app.log, (err) => app.log.error({ err }, "video sync job failed"));
  // Load (on the first start: generate) the VAPID keys now, so a key that does not open is reported at start.
  deps.push.publicKey().catch((err: unknown) => app.log.error({ err }, "Web Push keys unavailable: push notifications will not be sent"));
  const pushDelivery = startPushDelivery(deps, { onError: (err) => app.log.error({ err }, "push delivery job failed") });
  const emailDelivery = startEmailDelivery(deps, { onError: (err) => app.log.error({ err }, "email delivery job failed") });
  const backgroundCalls = startBackgroundCalls(deps, {
    onError: (err) => app.log.error({ err }, "background calls job failed"),
    onCallError: (err, kind) => app.log.warn({ err, kind }, "background call failed"),
  });
  const announcementSender = startAnnouncementSender(deps, { onError: (err) => app.log.error({ err }, "announcement sender failed") });
  const statementSender = startStatementSender(deps, { onError: (err) => app.log.error({ err }, "statement sender failed") });

  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`;
  const lines = [`\nKoinonia is running at ${config.publicUrl}  (database: ${where})`];
  if (config.seedDemo) {
    // The password goes to a terminal, never into a log file (docs/security.md): it is in the README.
    lines.push(process.stdout.isTTY ? `Demo accounts (password "${DEMO_PASSWORD}"):` : "Demo accounts (password in the README):");
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
      await giftReceiptsJob.stop();
      await crmSyncJob.stop();
      await roundUpsJob.stop();
      await roundUpCollectionsJob.stop();
      await videoSyncJob.stop();
      await serviceNoticesJob.stop();
      await eventRemindersJob.stop();
      await pushDelivery.stop();
      await emailDelivery.stop();
      await backgroundCalls.stop();
      await announcementSender.stop();
      await statementSender.stop();
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
