import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { pushSubscriptions } from "../../db/schema/notifications";
import { notFound } from "../../http/app-error";
import { NOTIFICATIONS_TEXT } from "../../../contract/notifications";
import { endpointOfToken } from "./push-subscription";

/** Forgets one of the member's own devices (its pending pushes go with it). Another member's is a 404. */
export async function removePushToken(deps: Deps, userId: string, token: string) {
  const endpoint = endpointOfToken(token);
  if (!endpoint) throw notFound(NOTIFICATIONS_TEXT.tokenNotFound);
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (!removed.length) throw notFound(NOTIFICATIONS_TEXT.tokenNotFound);
}
