/**
 * A database that refuses or cannot be reached for a moment is not a bug of the route: the
 * answer is 503 with Retry-After and the "busy" text in the asker's language, not a masked 500
 * (seen when a bench's servers asked PostgreSQL for more connections than it allows: "too many
 * clients", 27 November). Real failures: a pool pointed at a port nothing listens on, through the
 * ORM as the app queries, and PostgreSQL's own refusal for a role at its connection limit.
 */
import { afterAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import pg from "pg";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { installErrorHandler, isDatabaseUnavailable, DB_UNAVAILABLE_RETRY_SECONDS } from "./error-handler";
import { ERROR_TEXT } from "../../contract/errors-text";

/** Nothing listens on port 9 (discard) here: a connection is refused at once. */
const closed = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:9/none", connectionTimeoutMillis: 2_000 });
afterAll(() => closed.end());

function appWith(route: () => Promise<unknown>) {
  const app = Fastify();
  installErrorHandler(app);
  app.get("/read", route);
  return app;
}

describe("a database that cannot be reached", () => {
  it("answers 503 with Retry-After and the busy text, in Spanish for a Spanish speaker; through the ORM too", async () => {
    const app = appWith(() => drizzle(closed).execute(sql`select 1`));
    const en = await app.inject({ method: "GET", url: "/read" });
    expect(en.statusCode).toBe(503);
    expect(en.headers["retry-after"]).toBe(String(DB_UNAVAILABLE_RETRY_SECONDS));
    expect(en.json()).toEqual({ error: ERROR_TEXT.busy, code: "UNAVAILABLE" });
    const es = await app.inject({ method: "GET", url: "/read", headers: { "accept-language": "es" } });
    expect(es.statusCode).toBe(503);
    expect(es.json().error).toBe("Estamos muy ocupados en este momento. Inténtelo de nuevo en un momento.");
    await app.close();
  });

  it("a route's own bug stays a masked 500", async () => {
    const app = appWith(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    const res = await app.inject({ method: "GET", url: "/read" });
    expect(res.statusCode).toBe(500);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.json().error).toBe(ERROR_TEXT.serverError);
    // And an SQL error is a bug, not unavailability (42P01: no such table).
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(false);
    await app.close();
  });
});

const url = process.env.TEST_DATABASE_URL;
describe.runIf(!!url)("PostgreSQL refusing a connection", () => {
  it("a role at its connection limit (53300) is answered 503", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const role = `busy_${process.pid}_${Date.now()}`;
    await admin.query(`create role ${role} login connection limit 0`);
    const u = new URL(url!);
    u.username = role;
    u.password = "";
    const refused = new pg.Pool({ connectionString: u.toString() });
    try {
      const err = await refused.query("select 1").catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe("53300");
      const app = appWith(() => refused.query("select 1"));
      const res = await app.inject({ method: "GET", url: "/read" });
      expect(res.statusCode).toBe(503);
      await app.close();
    } finally {
      await refused.end();
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});
