/**
 * Contact sync (decision 0030): sends the CRM outbox (crm_sync_items, filled by
 * server/providers/crm/queue.ts in the same transaction as the member's action) to
 * GoHighLevel as contacts (upsert by email, then tags added) and notes.
 *
 * - Claiming: a pass takes due rows with FOR UPDATE SKIP LOCKED and stamps them with its own
 *   lease (leaseId, leaseUntil) before any outside call, then commits: the CRM calls run
 *   outside the transaction (no row lock or embedded-database lock held while the network
 *   answers), and another instance skips leased rows. Only the lease holder may record the
 *   outcome; a lease left behind by a crashed instance expires and the row is tried again.
 * - Never twice: the unique (kind, source) index queues a thing once; the contact id and note
 *   id are stored the moment the CRM returns them, so a retry never repeats a step that
 *   succeeded (the upsert is idempotent by email and adding tags is too). The one window left is
 *   a crash between the CRM creating a note and our storing its id (at-least-once there).
 * - Failures: network errors, time-outs, 408, 429 and 5xx retry with exponential backoff
 *   (CRM_SYNC.baseDelayMs doubling, capped) up to CRM_SYNC.maxAttempts, then the row is
 *   'failed' with the reason; any other 4xx fails at once (retrying cannot help). If the
 *   connection itself stops working (GoHighLevel refuses our tokens), the pass stops without
 *   spending attempts: the rows wait until staff connect again.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Deps } from "../deps";
import { startInterval } from "./interval";
import { crmSyncItems, integrations } from "../db/schema/integrations";
import { users } from "../db/schema/users";
import { visitors } from "../db/schema/visitors";
import { prayerRequests } from "../db/schema/prayer";
import { createCrmProvider } from "../providers/crm/index";
import { CrmError, type CrmContact, type CrmProvider } from "../providers/crm/port";
import { ghlAccess, GhlReconnectNeeded, withGhl } from "../features/integrations/ghl-access";
import { CRM_TAGS, type CrmSyncKind } from "../../contract/integrations";

export const CRM_SYNC = {
  maxAttempts: 8,
  /** 1, 2, 4, ... minutes between attempts, never more than 6 hours. */
  baseDelayMs: 60_000,
  maxDelayMs: 6 * 3_600_000,
  /** How long a pass may hold a row before another instance may take it over. */
  leaseMs: 5 * 60_000,
  batch: 20,
} as const;

/** The wait after the n-th failed attempt (n from 1). */
export const backoffMs = (attempts: number) => Math.min(CRM_SYNC.baseDelayMs * 2 ** Math.max(0, attempts - 1), CRM_SYNC.maxDelayMs);

type Item = typeof crmSyncItems.$inferSelect;
interface Payload {
  contact: CrmContact;
  tags: readonly string[];
  note: string | null;
}

const dateText = (d: Date, timeZone: string) => d.toLocaleDateString("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" });

/** What to send for an item, read fresh from its source row; null when there is nothing (any more) to send. */
async function payloadOf(deps: Deps, item: Item): Promise<Payload | null> {
  const kind = item.kind as CrmSyncKind;
  const tz = deps.church.timeZone;
  if (kind === "member") {
    const [u] = await deps.db.select().from(users).where(eq(users.id, item.sourceId));
    if (!u) return null;
    return { contact: { email: u.email, firstName: u.firstName, lastName: u.lastName, source: "Koinonia app" }, tags: CRM_TAGS.member, note: null };
  }
  if (kind === "visitor") {
    const [v] = await deps.db.select().from(visitors).where(eq(visitors.id, item.sourceId));
    if (!v) return null;
    const [firstName, ...rest] = v.name.trim().split(/\s+/);
    const note = [
      `First-time visitor card, ${dateText(v.createdAt, tz)}.`,
      `How they heard about us: ${v.heardFrom}`,
      ...(v.phone ? [`Phone: ${v.phone}`] : []),
      ...(v.prayerRequest ? ["", `Prayer request: ${v.prayerRequest}`] : []),
    ].join("\n");
    return {
      contact: { email: v.email, firstName, lastName: rest.join(" ") || undefined, phone: v.phone, source: "Koinonia first-time visitor form" },
      tags: CRM_TAGS.visitor,
      note,
    };
  }
  const [p] = await deps.db
    .select({ prayer: prayerRequests, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .where(eq(prayerRequests.id, item.sourceId));
  // Anonymous requests never carry a name to the CRM, and only opted-in requests go at all.
  if (!p || p.prayer.isAnonymous || !p.prayer.shareWithCareTeam) return null;
  const note = [
    `Prayer request${p.prayer.isUrgent ? " (URGENT)" : ""}: ${p.prayer.title}`,
    `Category: ${p.prayer.category}`,
    "",
    p.prayer.description,
    "",
    `Shared with the pastoral care team from the app on ${dateText(p.prayer.createdAt, tz)}.`,
  ].join("\n");
  return { contact: { email: p.email, firstName: p.firstName, lastName: p.lastName, source: "Koinonia app" }, tags: CRM_TAGS.prayer, note };
}

/** Claims up to a batch of due rows under a new lease. */
async function claim(deps: Deps): Promise<{ leaseId: string; items: Item[] }> {
  const now = deps.now();
  const leaseId = randomUUID();
  const ids = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: crmSyncItems.id })
      .from(crmSyncItems)
      .where(
        and(
          eq(crmSyncItems.status, "pending"),
          lte(crmSyncItems.nextAttemptAt, now),
          or(isNull(crmSyncItems.leaseUntil), lt(crmSyncItems.leaseUntil, now)),
        ),
      )
      .orderBy(asc(crmSyncItems.nextAttemptAt), asc(crmSyncItems.createdAt))
      .limit(CRM_SYNC.batch)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    const list = due.map((d) => d.id);
    await tx
      .update(crmSyncItems)
      .set({ leaseId, leaseUntil: new Date(now.getTime() + CRM_SYNC.leaseMs) })
      .where(inArray(crmSyncItems.id, list));
    return list;
  });
  if (!ids.length) return { leaseId, items: [] };
  const items = await deps.db.select().from(crmSyncItems).where(and(inArray(crmSyncItems.id, ids), eq(crmSyncItems.leaseId, leaseId)));
  items.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
  return { leaseId, items };
}

/** Updates the row only while this pass still holds its lease. */
const mine = (item: Item, leaseId: string) => and(eq(crmSyncItems.id, item.id), eq(crmSyncItems.leaseId, leaseId));
const released = { leaseId: null, leaseUntil: null };

type Outcome = "sent" | "retry" | "failed" | "cancelled" | "paused";

async function processItem(deps: Deps, crm: CrmProvider, item: Item, leaseId: string): Promise<Outcome> {
  const payload = await payloadOf(deps, item);
  if (!payload) {
    await deps.db
      .update(crmSyncItems)
      .set({ status: "cancelled", lastError: "Nothing to send: the source was deleted, made anonymous or not shared", completedAt: deps.now(), ...released })
      .where(mine(item, leaseId));
    return "cancelled";
  }
  try {
    await withGhl(deps, crm, async (auth) => {
      let contactId = item.contactId;
      if (!contactId) {
        contactId = (await crm.upsertContact(auth, payload.contact)).id;
        item.contactId = contactId;
        await deps.db.update(crmSyncItems).set({ contactId }).where(mine(item, leaseId));
      }
      await crm.addTags(auth, contactId, payload.tags);
      if (payload.note && !item.noteId) {
        const note = await crm.addNote(auth, contactId, payload.note);
        item.noteId = note.id;
        await deps.db.update(crmSyncItems).set({ noteId: note.id }).where(mine(item, leaseId));
      }
    });
    await deps.db
      .update(crmSyncItems)
      .set({ status: "sent", attempts: item.attempts + 1, lastError: null, completedAt: deps.now(), ...released })
      .where(mine(item, leaseId));
    return "sent";
  } catch (err) {
    if (err instanceof GhlReconnectNeeded) {
      // The connection is broken, not this item: give the row back without spending an attempt.
      await deps.db.update(crmSyncItems).set(released).where(mine(item, leaseId));
      return "paused";
    }
    const attempts = item.attempts + 1;
    const message = err instanceof Error ? err.message : String(err);
    const now = deps.now();
    if (err instanceof CrmError && err.kind === "rejected") {
      await deps.db
        .update(crmSyncItems)
        .set({ status: "failed", attempts, lastError: `Refused by Go High Level: ${message}`, completedAt: now, ...released })
        .where(mine(item, leaseId));
      return "failed";
    }
    if (attempts >= CRM_SYNC.maxAttempts) {
      await deps.db
        .update(crmSyncItems)
        .set({ status: "failed", attempts, lastError: `Gave up after ${attempts} attempts: ${message}`, completedAt: now, ...released })
        .where(mine(item, leaseId));
      return "failed";
    }
    await deps.db
      .update(crmSyncItems)
      .set({ attempts, lastError: message, nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)), ...released })
      .where(mine(item, leaseId));
    return "retry";
  }
}

export interface CrmSyncResult {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
}

/** One pass: sends everything due. Also keeps the access token fresh while idle. */
export async function runCrmSync(deps: Deps, onError: (err: unknown) => void = () => undefined): Promise<CrmSyncResult> {
  const result: CrmSyncResult = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
  const crm = createCrmProvider(deps.config, deps.now);
  if (!crm) return result;
  const [connection] = await deps.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(eq(integrations.provider, "ghl"), eq(integrations.isActive, true)))
    .limit(1);
  if (!connection) return result;
  try {
    await ghlAccess(deps, crm); // refreshes before expiry even when nothing is queued
  } catch (err) {
    onError(err);
    return result;
  }
  for (;;) {
    const { leaseId, items } = await claim(deps);
    if (!items.length) return result;
    for (let i = 0; i < items.length; i++) {
      const outcome = await processItem(deps, crm, items[i], leaseId).catch((err: unknown) => {
        onError(err);
        return "paused" as const;
      });
      if (outcome === "paused") {
        // Hand back the rest of the batch untouched and stop this pass.
        const rest = items.slice(i + 1).map((x) => x.id);
        if (rest.length) await deps.db.update(crmSyncItems).set(released).where(and(inArray(crmSyncItems.id, rest), eq(crmSyncItems.leaseId, leaseId)));
        return result;
      }
      if (outcome === "sent") result.sent += 1;
      else if (outcome === "retry") result.retried += 1;
      else if (outcome === "failed") result.failed += 1;
      else result.cancelled += 1;
    }
  }
}

/** Runs the job every `intervalMs` (never overlapping itself). stop() waits for a pass in progress. */
export function startCrmSyncScheduler(deps: Deps, intervalMs = 30_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runCrmSync(deps, onError), intervalMs, onError);
}
