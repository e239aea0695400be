/**
 * Opens the database: embedded PGlite under DATA_DIR when no DATABASE_URL is set, else
 * node-postgres against a real server. Both speak the same SQL and run the same migrations.
 * Also exposes LISTEN/NOTIFY for the event bus (server/events).
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import path from "node:path";

export type Db = PgDatabase<PgQueryResultHKT>;
/** The transaction handle drizzle passes to db.transaction(callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  migrate(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel; returns an unsubscribe function. On PostgreSQL the listening
   * connection can be lost (a restart, a failover, a proxy's idle cut): `onLost` is called at
   * once, and `onRestored` when it listens again (notices sent in between are gone).
   */
  listen(channel: string, onPayload: (payload: string) => void, watch?: ListenOptions): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface ListenOptions {
  onLost?(): void;
  onRestored?(): void;
  /** How often the listening connection is checked (LISTEN_CHECK_MS; tests shorten it). */
  checkMs?: number;
  /** How long a check may take before the connection counts as lost (LISTEN_CHECK_TIMEOUT_MS). */
  checkTimeoutMs?: number;
}

/** How often a listening connection is checked (a query on it), and how long the check may take. */
export const LISTEN_CHECK_MS = 10_000;
export const LISTEN_CHECK_TIMEOUT_MS = 5_000;
/** The listening connections' application_name, so an operator (or a test) can tell them apart. */
export const LISTEN_APPLICATION_NAME = "koinonia-listen";
/** Reconnecting after a lost listening connection: the first wait, doubled up to the last. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 10_000;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * The extensions the migrations use, which PGlite loads only when asked: every PGlite opened on
 * this app's database (here, backup.ts, tests that migrate one) passes these. pg_trgm: the
 * trigram index of staff's name searches (users_name_search_idx). PostgreSQL has it as contrib.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;
function checkChannel(channel: string) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`Bad channel name ${channel}`);
}

/**
 * Embedded PGlite. `dataDir` undefined means in memory (tests); `template` starts an in-memory
 * database from a dump of another (dumpDataDir), which is much faster than a fresh initdb.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS })
    : await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(template && { loadDataDir: template }) });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: "pglite",
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onPayload) {
      checkChannel(channel);
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on a connection of its own, kept for as long as we listen, and kept alive: a lost
 * connection (its error or end, or a check query that fails or takes longer than
 * LISTEN_CHECK_TIMEOUT_MS, which finds a connection that died silently) is reported through
 * `onLost` at once and reopened with backoff, then reported through `onRestored`. Before this,
 * a lost listening connection was an unhandled error that ended the process.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, watch: ListenOptions = {}) {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let wait = RELISTEN_FIRST_MS;

  const open = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: watch.checkTimeoutMs ?? LISTEN_CHECK_TIMEOUT_MS,
      query_timeout: watch.checkTimeoutMs ?? LISTEN_CHECK_TIMEOUT_MS,
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", (n) => {
      if (n.channel === channel && client === current) onPayload(n.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    current = client;
  };
  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = null;
    client.end().catch(() => undefined);
    if (stopped) return;
    watch.onLost?.();
    reopen();
  };
  const reopen = () => {
    retry = setTimeout(() => {
      retry = null;
      open().then(
        () => {
          wait = RELISTEN_FIRST_MS;
          if (stopped) return void current?.end().catch(() => undefined);
          watch.onRestored?.();
        },
        () => {
          wait = Math.min(wait * 2, RELISTEN_MAX_MS);
          if (!stopped) reopen();
        },
      );
    }, wait);
    retry.unref();
  };
  let checking = false;
  const check = setInterval(() => {
    const client = current;
    if (!client || checking) return;
    checking = true;
    client.query("select 1").then(
      () => (checking = false),
      () => {
        checking = false;
        lost(client);
      },
    );
  }, watch.checkMs ?? LISTEN_CHECK_MS);
  check.unref();

  try {
    await open();
  } catch (err) {
    clearInterval(check);
    throw err;
  }
  return async () => {
    stopped = true;
    clearInterval(check);
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle pooled connection that dies (a restart, a failover) is reported here and dropped
  // by the pool; unhandled, the error would end the process. The next query opens a new one.
  pool.on("error", (err) => process.stderr.write(`database: an idle connection was lost (${err.message})\n`));
  const db = drizzlePg(pool) as unknown as Db;
  // pool.end() resolves before its connections have closed; close() waits for them.
  const open = new Set<pg.PoolClient>();
  pool.on("connect", (c) => open.add(c));
  pool.on("remove", (c) => open.delete(c));
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: "postgres",
    db,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onPayload, watch) {
      checkChannel(channel);
      const stop = await listenPostgres(url, channel, onPayload, watch);
      const unlisten = async () => {
        listeners.delete(unlisten);
        await stop();
      };
      listeners.add(unlisten);
      return unlisten;
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      const closed = new Promise<void>((resolve) => {
        if (!open.size) return resolve();
        pool.on("remove", () => open.size === 0 && resolve());
      });
      await pool.end();
      await closed;
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openPglite(opts.dataDir);
}
