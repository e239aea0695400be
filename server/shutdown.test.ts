/**
 * Graceful shutdown of the real server process (README, Deploying; docs/security.md): under
 * load, SIGTERM
 *   - stops accepting: new connections are refused at once,
 *   - lets in-flight requests finish (slow uploads still get their answer, and their writes land),
 *   - ends every event stream with a retry hint, so browsers reconnect (to another instance or
 *     to this one restarted),
 *   - and exits 0 within 10 seconds.
 * On embedded PGlite (a temporary DATA_DIR, whose lock is released) by default, and on
 * PostgreSQL when TEST_DATABASE_URL is set (CI runs both).
 */
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./db/client";
import { openTestDatabase } from "./testing/harness";
import { fakeClientDir, startServerProcess, type ServerProcess } from "./testing/server-process";

const onPostgres = !!process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  keepAlive.destroy();
  for (const c of cleanups.reverse()) await c();
});

/** Keeps sockets open after an answer with no idle timeout of its own, as browsers do. */
const keepAlive = new http.Agent({ keepAlive: true });

/** A POST whose body arrives in two halves: the request is in flight until finish() is called. */
function slowPost(base: string, url: string, token: string, body: unknown) {
  const data = Buffer.from(JSON.stringify(body));
  const req = http.request(`${base}${url}`, {
    method: "POST",
    agent: keepAlive,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(data.length) },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    });
    req.on("error", reject);
  });
  req.write(data.subarray(0, Math.floor(data.length / 2)));
  return {
    answer,
    finish: () => req.end(data.subarray(Math.floor(data.length / 2))),
  };
}

/** An open event stream that records everything it receives and when it ended. */
async function openStream(base: string, token: string) {
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  let text = "";
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
      return "ended" as const;
    } catch {
      return "broken" as const;
    }
  })();
  while (!text.includes("event: connected")) await new Promise((r) => setTimeout(r, 20));
  return { text: () => text, ended };
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });

it(`SIGTERM under load on ${onPostgres ? "PostgreSQL" : "embedded PGlite"}: in-flight requests finish, streams end with a retry hint, new connections are refused, exit 0 within 10 s`, async () => {
  const clientDir = fakeClientDir();
  cleanups.push(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const env: Record<string, string> = { CLIENT_DIR: clientDir, AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_EMAIL: "100000" };
  let countNotes: (title: string) => Promise<number>;
  let dataDir = "";
  if (onPostgres) {
    const pgdb = await openTestDatabase();
    cleanups.push(() => pgdb.dispose());
    env.DATABASE_URL = pgdb.url!;
    countNotes = async (title) => {
      const { sql } = await import("drizzle-orm");
      const res = (await pgdb.database.db.execute(sql`select count(*)::int as n from personal_notes where title = ${title}`)) as unknown as { rows: { n: number }[] };
      return Number(res.rows[0].n);
    };
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-shutdown-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    env.DATA_DIR = dataDir;
    env.SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");
    countNotes = async (title) => {
      const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
      try {
        return Number((await db.query<{ n: number }>("select count(*)::int as n from personal_notes where title = $1", [title])).rows[0].n);
      } finally {
        await db.close();
      }
    };
  }

  const server: ServerProcess = await startServerProcess(env, `server__shutdown.test.ts__${onPostgres ? "postgres" : "pglite"}`, 90_000);
  cleanups.push(() => server.kill());

  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `shutdown-${Date.now()}@example.org`, password: "shutdown-pass", firstName: "Sam", lastName: "Hale" }),
  });
  expect(reg.status).toBe(201);
  const { token } = (await reg.json()) as { token: string };

  // Load: three event streams, five uploads half sent, and a burst of ordinary requests.
  const streams = await Promise.all([1, 2, 3].map(() => openStream(server.base, token)));
  const title = `In flight ${Date.now()}`;
  const uploads = [1, 2, 3, 4, 5].map((i) => slowPost(server.base, "/api/personal-notes", token, { title, content: `Written during shutdown, part ${i}. ${"x".repeat(2000)}` }));
  const burst = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.base}/api/health`).then((r) => r.status)));
  expect(burst.every((s) => s === 200)).toBe(true);
  await new Promise((r) => setTimeout(r, 200)); // the upload headers have reached the server

  const sentAt = Date.now();
  server.child.kill("SIGTERM");

  // New connections are refused at once, while the process is still up serving the uploads.
  let isRefused = false;
  while (!isRefused && Date.now() - sentAt < 3000) {
    isRefused = await refused(server.port);
    if (!isRefused) await new Promise((r) => setTimeout(r, 25));
  }
  expect(isRefused, "new connections are refused after SIGTERM").toBe(true);
  expect(server.child.exitCode, "the process waits for its in-flight requests").toBeNull();

  // Every stream ends (not broken) with a retry hint as its last words.
  const endings = await Promise.all(streams.map((s) => s.ended));
  expect(endings).toEqual(["ended", "ended", "ended"]);
  for (const s of streams) expect(s.text().trimEnd()).toMatch(/retry: \d+$/);

  // The uploads finish after the signal and are answered and stored.
  await new Promise((r) => setTimeout(r, 300));
  uploads.forEach((u) => u.finish());
  const answers = await Promise.all(uploads.map((u) => u.answer));
  for (const a of answers) expect(a.status, a.body).toBe(201);
  // ...and close their kept-alive connections, which would otherwise hold the shutdown for the
  // keep-alive timeout (72 s).
  for (const a of answers) expect(a.connection).toBe("close");

  const exit = await server.exited;
  expect(exit, server.output().slice(-3000)).toMatchObject({ code: 0, signal: null });
  expect(exit.at - sentAt).toBeLessThan(10_000);
  expect(server.output()).toMatch(/"msg":"shutting down"/);

  expect(await countNotes(title)).toBe(5);
  if (!onPostgres) expect(fs.existsSync(path.join(dataDir, "server.lock")), "the data directory lock is released").toBe(false);
}, 150_000);
