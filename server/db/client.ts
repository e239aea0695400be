/**
 * Opens the database: embedded PGlite under DATA_DIR when no DATABASE_URL is set, else
 * node-postgres against a real server. Both speak the same SQL and run the same migrations.
 * Also exposes LISTEN/NOTIFY for the event bus (server/events).
 */
import { PGlite } from "@electric-sql/pglite";
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
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

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
    ? await PGlite.create(path.join(dataDir, "pglite"))
    : await PGlite.create(template ? { loadDataDir: template } : undefined);
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

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool) as unknown as Db;
  // pool.end() resolves before its connections have closed; close() waits for them.
  const open = new Set<pg.PoolClient>();
  pool.on("connect", (c) => open.add(c));
  pool.on("remove", (c) => open.delete(c));
  const listeners: pg.Client[] = [];
  return {
    kind: "postgres",
    db,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    async listen(channel, onPayload) {
      checkChannel(channel);
      // LISTEN needs one connection held for as long as we listen.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on("notification", (n) => {
        if (n.channel === channel) onPayload(n.payload ?? "");
      });
      await client.query(`LISTEN ${channel}`);
      listeners.push(client);
      return async () => {
        const i = listeners.indexOf(client);
        if (i >= 0) listeners.splice(i, 1);
        await client.end().catch(() => undefined);
      };
    },
    async notify(channel, payload) {
      checkChannel(channel);
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
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
