/**
 * What a group's leaders and its members are told about requests to join (decision 0107):
 * - a member asks to join an "ask to join" group: the group's leaders get `groupJoinRequest`
 *   (inbox + push, by their preferences), opening Connect on that group's pending requests. A group
 *   without leaders is answered by staff, so then staff are told instead;
 * - a leader (or staff) approves or declines: the member gets `groupRequestAnswered`.
 *
 * Written with notify() inside the transaction that records the request or the answer, so a
 * notification exists exactly when the change committed; the subject is the request's row, so
 * the inbox's unique (member, kind, subject) index keeps it to one per request. The texts are
 * stored in English and shown in each member's language (contract/i18n, area notifications).
 * Call `announceGroupNotices` after the commit.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { EventBus } from "../../events/bus";
import { announce, member, notify } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES, type NotificationKind } from "../../../contract/notifications";
import { STAFF_ROLES } from "../../../contract/roles";
import { rowsOf } from "../../db/rows";

const staffRoles = sql.join(
  STAFF_ROLES.map((r) => sql`${r}`),
  sql`, `,
);

/** The group's leaders (not the asker), or, when it has none, staff. */
const leadersOf = (groupId: string, exceptUserId: string) => sql`
  select user_id from group_members where group_id = ${groupId}::uuid and is_leader and user_id <> ${exceptUserId}::uuid
  union
  select id as user_id from users
  where role in (${staffRoles}) and deleted_at is null and id <> ${exceptUserId}::uuid
    and not exists (select 1 from group_members where group_id = ${groupId}::uuid and is_leader)`;

async function fullName(tx: Tx, userId: string) {
  const result = await tx.execute(sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}::uuid`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? "";
}

/** A member asked to join `group` (request row `requestId`): its leaders are told. Returns how many were notified. */
export async function noticeJoinRequest(tx: Tx, group: { id: string; name: string }, requestId: string, memberId: string, at: Date) {
  const msg = NOTIFICATION_MESSAGES.groupJoinRequest(await fullName(tx, memberId), group.name, group.id);
  return notify(tx, { kind: "groupJoinRequest", subjectId: requestId, ...msg, recipients: leadersOf(group.id, memberId), at });
}

/** A request (row `requestId`) to join `groupName` was approved or declined: the member is told. */
export async function noticeRequestAnswered(tx: Tx, groupName: string, requestId: string, memberId: string, approved: boolean, at: Date) {
  const msg = approved ? NOTIFICATION_MESSAGES.groupRequestApproved(groupName) : NOTIFICATION_MESSAGES.groupRequestDeclined(groupName);
  return notify(tx, { kind: "groupRequestAnswered", subjectId: requestId, ...msg, recipients: member(memberId), at });
}

/** After the commit: the recipients' inboxes refetch. */
export const announceGroupNotices = (bus: EventBus, kind: NotificationKind, notified: number) => announce(bus, kind, notified);
