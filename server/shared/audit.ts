/**
 * The audit log (issue 19; decision 0113): who saw or moved money-sensitive data, what and
 * when. `audit(tx, ...)` is called inside the transaction of the thing it records (or, for a
 * read, the transaction that reads it), so a view that was answered is never missing from the
 * log and a rolled-back change leaves no row. The OWNER reads it (GET /api/admin/audit-log).
 */
import type { Db, Tx } from "../db/client";
import { auditLog } from "../db/schema/users";
import type { AuditAction } from "../../contract/giving-funds-text";

export interface AuditActor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export async function audit(tx: Db | Tx, actor: AuditActor, action: AuditAction, detail: Record<string, unknown>, at: Date) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim() + ` <${actor.email}>`,
    action,
    detail,
    createdAt: at,
  });
}
