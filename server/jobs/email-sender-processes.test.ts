/**
 * The email sender in real server processes (server/main.ts as child processes, on PostgreSQL),
 * against a local SMTP stand-in that takes its time over each message (decision 0101):
 *   - two processes drain one queue at once: each email is delivered exactly once;
 *   - a process killed with SIGKILL in the middle of a batch, then another started: every email
 *     is delivered; each one the killed process had not claimed exactly once; each one it had
 *     claimed (in flight) at most twice, both copies with the same Message-ID. A second copy
 *     can only come from a message the mail server confirmed ("250") that the killed process
 *     could not record: SMTP gives no way to ask a server whether it already has a message, so
 *     exactly-once there needs the receiving side to drop the duplicate Message-ID.
 * PostgreSQL only, like crash-safety.test.ts (vitest.config.ts includes it when TEST_DATABASE_URL
 * is set): an embedded PGlite belongs to one process.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/harness";
import { fakeClientDir, startServerProcess, type ServerProcess } from "../testing/server-process";
import { startSmtpStandIn, type SmtpStandIn } from "../testing/smtp-stand-in";
import { enqueueEmail } from "../shared/email/outbox";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

if (!process.env.TEST_DATABASE_URL) throw new Error("email-sender-processes.test.ts runs on PostgreSQL only: set TEST_DATABASE_URL");

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let db: Db;
let dbUrl: string;
let smtp: SmtpStandIn;
const clientDir = fakeClientDir();

beforeAll(async () => {
  const pgdb = await openTestDatabase();
  cleanups.push(() => pgdb.dispose());
  db = pgdb.database.db;
  dbUrl = pgdb.url!;
  // Each message is confirmed 150 ms after its end: a batch is in flight for a while.
  smtp = await startSmtpStandIn("slow", { delayMs: 150 });
  cleanups.push(() => smtp.close());
});

/** A uuid[] parameter (one array literal, not a list of parameters). */
const uuids = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

async function sender(name: string): Promise<ServerProcess> {
  const p = await startServerProcess(
    {
      DATABASE_URL: dbUrl,
      CLIENT_DIR: clientDir,
      SMTP_URL: smtp.url,
      EMAIL_MAX_PER_SECOND: "1000",
      SECRETS_KEY: Buffer.alloc(32, 5).toString("base64"),
    },
    `server__jobs__email-sender-processes.test.ts__${name}`,
    90_000,
  );
  cleanups.push(() => p.kill());
  return p;
}

/** Queues `n` emails in one transaction (so no sender sees part of them); returns their ids. */
async function queue(n: number, tag: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await enqueueEmail(tx, { kind: "account", to: `reader${i}@example.org`, subject: `${tag} ${i}`, text: "Hello", html: "<p>Hello</p>" }, new Date()));
    return ids;
  });
}

/** How many times each id's Message-ID reached the stand-in. */
const deliveries = (ids: string[]) => new Map(ids.map((id) => [id, smtp.received.filter((m) => m.messageId === `<${id}@koinonia.test>`).length]));

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statusCounts = async (ids: string[]) =>
  rowsOf<{ status: string; n: number }>(await db.execute(sql`select status, count(*)::int as n from email_outbox where id = any(${uuids(ids)}) group by status`));
const allSent = async (ids: string[]) => {
  const counts = await statusCounts(ids);
  return counts.length === 1 && counts[0].status === "sent" && Number(counts[0].n) === ids.length;
};

describe("the email sender in real processes (PostgreSQL)", () => {
  it("two sender processes drain one queue at once: each email exactly once", async () => {
    const [a, b] = await Promise.all([sender("two-a"), sender("two-b")]);
    const ids = await queue(200, "Two");
    await waitFor("every email sent", () => allSent(ids));
    expect([...deliveries(ids).values()]).toEqual(Array(200).fill(1));
    const attempts = rowsOf<{ attempts: number }>(await db.execute(sql`select attempts from email_outbox where id = any(${uuids(ids)})`));
    expect(attempts.every((r) => r.attempts === 1)).toBe(true);
    await a.kill();
    await b.kill();
  }, 180_000);

  it("a sender killed with SIGKILL mid-batch: another delivers the rest; the killed one's claims come back after the lease; nothing is lost, nothing unclaimed goes twice", async () => {
    smtp.received.length = 0;
    const a = await sender("killed");
    const ids = await queue(300, "Killed");
    // Mid-batch: some delivered, the rest still queued, a batch in flight.
    await waitFor("the first deliveries", () => smtp.received.length >= 40);
    a.child.kill("SIGKILL");
    await a.exited;
    const deliveredBeforeKill = smtp.received.length;
    expect(deliveredBeforeKill).toBeLessThan(ids.length);
    // What the killed process had claimed and not recorded: leased, still queued.
    const inFlight = rowsOf<{ id: string }>(
      await db.execute(sql`select id from email_outbox where id = any(${uuids(ids)}) and status = 'queued' and locked_until > now()`),
    ).map((r) => r.id);
    expect(inFlight.length).toBeGreaterThan(0);

    const b = await sender("after-kill");
    // Everything the killed process had not claimed is delivered by the new one; its claims wait for their lease.
    const notClaimed = ids.filter((id) => !inFlight.includes(id));
    await waitFor("the unclaimed emails sent", () => allSent(notClaimed));
    const held = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from email_outbox where id = any(${uuids(inFlight)}) and status = 'queued'`));
    expect(Number(held[0].n)).toBe(inFlight.length);
    // The lease runs out (10 minutes in production; moved here rather than waited for).
    await db.execute(sql`update email_outbox set locked_until = now() - interval '1 second' where id = any(${uuids(inFlight)}) and status = 'queued'`);
    await waitFor("every email sent", () => allSent(ids));

    const counts = deliveries(ids);
    for (const id of notClaimed) expect(counts.get(id), id).toBe(1);
    for (const id of inFlight) expect(counts.get(id), id).toBeGreaterThanOrEqual(1);
    for (const id of inFlight) expect(counts.get(id), id).toBeLessThanOrEqual(2);
    // The claimed ones went again on a second attempt, under the same Message-ID.
    const retried = rowsOf<{ attempts: number }>(await db.execute(sql`select attempts from email_outbox where id = any(${uuids(inFlight)})`));
    expect(retried.every((r) => r.attempts === 2)).toBe(true);
    await b.kill();
  }, 180_000);
});
