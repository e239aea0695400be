/**
 * The audit log (issue 19; decision 0113): who saw or moved money-sensitive data, what and
 * when. `audit(tx, ...)` is called inside the transaction of the thing it records, so a
 * rolled-back change leaves no row. A read that is not otherwise a transaction (the ledger's
 * page) records its view with `auditView`, which resolves only once the row is committed, so a
 * view that was answered is never missing from the log. The OWNER reads it (GET /api/admin/audit-log).
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { auditLog } from "../db/schema/users";
import type { AuditAction } from "../../contract/giving-funds-text";

export interface AuditActor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The actor as the log keeps them: name and email when it happened. */
const actorName = (actor: AuditActor) => `${actor.firstName} ${actor.lastName}`.trim() + ` <${actor.email}>`;

export async function audit(tx: Db | Tx, actor: AuditActor, action: AuditAction, detail: Record<string, unknown>, at: Date) {
  await tx.insert(auditLog).values({ actorId: actor.id, actorName: actorName(actor), action, detail, createdAt: at });
}

/** The most views one statement carries. */
export const AUDIT_VIEW_BATCH_MAX = 500;

interface PendingView {
  row: { actor_id: string; actor_name: string; action: AuditAction; detail: Record<string, unknown>; created_at: string };
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Group commit for views (issue 23): the views recorded while the previous batch is being
 * written wait for it, then go in one statement (one commit, one WAL flush) for all of them,
 * as poll votes do (decision 0127). A view that arrives when nothing is being written starts a
 * batch after the current turn of the event loop: a quiet ledger waits for no one.
 *
 * Measured before: every ledger page was its own INSERT and commit, awaited before the answer;
 * at 100 requests at once the answers queued behind the commits (p99 1.83 s). Each request is
 * still answered only after the commit that holds its row. A batch that fails as a whole is
 * written again row by row, so an error is only its own view's (that request answers 500).
 */
export class AuditViewBatch {
  private queue: PendingView[] = [];
  private writing = false;
  /** Statements written (for tests: concurrent views share commits). */
  batches = 0;

  constructor(private readonly db: Db) {}

  record(actor: AuditActor, action: AuditAction, detail: Record<string, unknown>, at: Date): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row: { actor_id: actor.id, actor_name: actorName(actor), action, detail, created_at: at.toISOString() }, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    try {
      while (this.queue.length) await this.write(this.queue.splice(0, AUDIT_VIEW_BATCH_MAX));
    } finally {
      this.writing = false;
    }
  }

  private async write(batch: PendingView[]) {
    this.batches++;
    try {
      await insertViews(this.db, batch);
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      await Promise.all(
        batch.map((p) =>
          insertViews(this.db, [p]).then(
            () => p.resolve(),
            (e: unknown) => p.reject(e),
          ),
        ),
      );
    }
  }
}

/** One statement whatever the batch's size: the rows travel as one JSON parameter. */
async function insertViews(db: Db, batch: PendingView[]) {
  await db.execute(sql`
    insert into audit_log (actor_id, actor_name, action, detail, created_at)
    select r.actor_id, r.actor_name, r.action, r.detail, r.created_at
    from jsonb_to_recordset(${JSON.stringify(batch.map((p) => p.row))}::jsonb) as r(actor_id uuid, actor_name text, action text, detail jsonb, created_at timestamptz)`);
}

const viewBatches = new WeakMap<Db, AuditViewBatch>();

/**
 * Records a read of donor data outside a transaction; resolves once the row is committed (await
 * it before answering). Rows of concurrent views are written together (AuditViewBatch).
 */
export function auditView(db: Db, actor: AuditActor, action: AuditAction, detail: Record<string, unknown>, at: Date): Promise<void> {
  let batch = viewBatches.get(db);
  if (!batch) viewBatches.set(db, (batch = new AuditViewBatch(db)));
  return batch.record(actor, action, detail, at);
}

/** The batch writer of a database (tests count its statements). */
export const auditViewBatch = (db: Db) => viewBatches.get(db);
