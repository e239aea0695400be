/**
 * Test harness: a fresh database per test file (in-memory PGlite by default, a new database
 * on the PostgreSQL server of TEST_DATABASE_URL when set), real migrations, the demo church,
 * and buildApp() exactly as main.ts builds it. Requests go through real HTTP handling (inject).
 */
import pg from "pg";
import fs from "node:fs";
import { PGLITE_TEMPLATE_ENV, PG_TEMPLATE_ENV } from "./global-setup";
import { randomBytes } from "node:crypto";
import { createSecretBox } from "../security/secret-box";
import type { LightMyRequestResponse } from "fastify";
import { loadConfig, type Config } from "../config";
import { openPglite, openPostgres, type Database } from "../db/client";
import { readChurchConfig, seedChurch } from "../shared/church-profile";
import { buildApp, type BuildOptions } from "../app";
import { createOutboxSender } from "../providers/email/sandbox";
import { createPaymentGateway } from "../providers/payments/index";
import { createBankProvider } from "../providers/bank/index";
import { createPushSender } from "../providers/push/index";
import type { Deps } from "../deps";
import { createEventBus } from "../events/bus";
import type { Role } from "../../contract/roles";
import { hashPassword } from "../security/passwords";
import { users } from "../db/schema/users";
import { AUTH_CHANNEL, MARKER_PREFIX } from "../http/session-cache";
import { expect } from "vitest";
import { testLogger } from "./test-log";
import { testLookup } from "./dns-stand-in";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Creates (and later drops) a uniquely named database on the TEST_DATABASE_URL server, as a
 * copy of the run's migrated template when global-setup.ts made one.
 */
async function createPgDatabase(baseUrl: string) {
  const name = `koinonia_t_${randomBytes(6).toString("hex")}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // Two files copying the template at the same moment make PostgreSQL refuse one ("source
  // database is being accessed by other users"): wait and try again.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
      break;
    } catch (err) {
      if (!template || attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function openTestDatabase(): Promise<{ database: Database; url?: string; dispose: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const template = process.env[PGLITE_TEMPLATE_ENV];
    const database = await openPglite(undefined, template ? new Blob([fs.readFileSync(template)]) : undefined);
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const created = await createPgDatabase(base);
  const database = await openPostgres(created.url, 10);
  await database.migrate();
  return {
    database,
    url: created.url,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

let counter = 0;

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    now?: () => Date;
    build?: BuildOptions;
    /**
     * A second server instance on the database of an existing test app: its own connections
     * on PostgreSQL (databaseUrl), or the same embedded handle on PGlite (database). Closing it
     * leaves the database to its first owner.
     */
    sameDatabaseAs?: { databaseUrl?: string; database?: Database };
  } = {},
) {
  const config: Config = loadConfig({
    NODE_ENV: "test",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_EMAIL: "100000",
    ...opts.env,
  });
  const { database, url, dispose } = opts.sameDatabaseAs
    ? await (async () => {
        const shared = opts.sameDatabaseAs!.database;
        if (shared) return { database: shared, url: undefined, dispose: async () => undefined };
        if (!opts.sameDatabaseAs?.databaseUrl) throw new Error("sameDatabaseAs needs databaseUrl or database");
        const db = await openPostgres(opts.sameDatabaseAs.databaseUrl, 5);
        return { database: db, url: opts.sameDatabaseAs.databaseUrl, dispose: () => db.close() };
      })()
    : await openTestDatabase();
  const church = await seedChurch(database.db, readChurchConfig(config.churchConfigPath));
  const bus = await createEventBus(database);
  const secrets = createSecretBox(randomBytes(32));
  const deps: Deps = {
    config,
    bus,
    database,
    db: database.db,
    email: createOutboxSender(),
    church,
    payments: createPaymentGateway({ config, churchName: church.name, now: opts.now ?? (() => new Date()) }),
    bank: createBankProvider({ plaid: config.plaid, now: opts.now ?? (() => new Date()) }),
    secrets,
    push: createPushSender({ db: database.db, secrets, config: config.push, lookup: testLookup }),
    now: opts.now ?? (() => new Date()),
  };
  // Logs at trace level through the production logger into the run's log files (test-log.ts),
  // which the suite scans for secrets at the end, unless a test brings its own logger.
  const app = await buildApp(deps, { ...opts.build, logger: opts.build?.logger ?? testLogger(expect.getState().testPath) });
  await app.ready();

  /** Registers a fresh account through the API and gives it `role` directly in the database. */
  async function signUp(role: Role = "MEMBER", fields: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {}) {
    counter += 1;
    const body = {
      email: fields.email ?? `user${counter}-${randomBytes(3).toString("hex")}@example.org`,
      password: fields.password ?? "secret-pass",
      firstName: fields.firstName ?? "Test",
      lastName: fields.lastName ?? `User${counter}`,
    };
    const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: body });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    const { token, user } = res.json() as { token: string; user: { id: string; email: string } };
    if (role !== "MEMBER") {
      const { eq } = await import("drizzle-orm");
      await database.db.update(users).set({ role }).where(eq(users.id, user.id));
      await authSettled();
    }
    return { token, user: { ...user, role }, password: body.password, auth: { authorization: `Bearer ${token}` } };
  }

  /**
   * Waits until this instance's session cache has heard of every change to sessions and users
   * committed so far (session-cache.ts): for tests that change them with plain SQL and then
   * call the API at once. A marker sent now arrives after every earlier notice.
   */
  async function authSettled() {
    const marker = `${MARKER_PREFIX}${randomBytes(8).toString("hex")}`;
    const arrived = app.sessionCache.waitForMarker(marker);
    await database.notify(AUTH_CHANNEL, marker);
    await arrived;
  }

  /** Inserts a user without going through the API (fast; for bulk set-up). */
  async function insertUser(email: string, role: Role, password = "secret-pass") {
    const [row] = await database.db
      .insert(users)
      .values({ email, role, firstName: "Seeded", lastName: role, passwordHash: await hashPassword(password) })
      .returning();
    return row;
  }

  return {
    app,
    deps,
    db: database.db,
    database,
    databaseUrl: url,
    signUp,
    insertUser,
    authSettled,
    async close() {
      await app.close();
      await bus.close();
      await dispose();
    },
  };
}

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown> & Record<string, never>;

/** For `createTestApp({ sameDatabaseAs })`: a second server instance on `t`'s database. */
export const sameDatabase = (t: TestApp) => ({ databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database });

/** Polls `check` until it holds or `ms` pass; says whether it held (for what another instance hears through NOTIFY). */
export async function eventually(check: () => Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}
