import { and, eq, sql, type SQL } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { jsonArrayOfTexts, jsonOrNull } from "../../db/json-sql";
import { groupJoinRequests, groupMembers } from "../../db/schema/connect";
import type { AuthUser } from "../../http/auth";
import { conflict, forbidden, notFound } from "../../http/app-error";
import { isStaff } from "../../../contract/roles";
import { GROUP_TEXT } from "../../../contract/connect-text";
import { GROUP_ROSTER_PAGE_SIZE, GROUPS_TEXT, type AdminGroup } from "../../../contract/groups";
import { syncGroupCounts } from "../../shared/group-counts";
import { sharedInDirectory } from "../../shared/directory-sharing";
import { countMembers, groupItem, groupJoins, loadGroup, lockGroup } from "./group-view";
import { readRosterCursor, writeCursor } from "./group-cursor";
import { pageFilters } from "../../http/keyset";
import { VersionedAnswers } from "../../http/versioned-answers";
import { announceGroupNotices, noticeJoinRequest, noticeRequestAnswered } from "./group-notices";

/**
 * Join (spec: "a card per group with a Join button"). An open group takes the member at once;
 * an "ask to join" group records a pending request for its leaders. A full group refuses both
 * with 409. Under the group's row lock, so concurrent joins never take more seats than the
 * capacity (decision 0107). Joining again, or asking again while a request waits, changes nothing.
 * A new request tells the group's leaders (group-notices.ts), in the same transaction.
 */
export async function joinGroup(deps: Deps, user: AuthUser, id: string): Promise<AdminGroup> {
  const now = deps.now();
  let notified = 0;
  const answer = await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group || group.archivedAt) throw notFound(GROUP_TEXT.notFound);
    const [already] = await tx.select().from(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
    if (!already) {
      const [waiting] = await tx
        .select({ id: groupJoinRequests.id })
        .from(groupJoinRequests)
        .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, user.id), eq(groupJoinRequests.status, "pending")));
      if (!waiting) {
        if (group.capacity !== null && (await countMembers(tx, id)) >= group.capacity) throw conflict(GROUPS_TEXT.full);
        if (group.joinPolicy === "ask") {
          const [request] = await tx
            .insert(groupJoinRequests)
            .values({ groupId: id, userId: user.id, createdAt: now })
            .onConflictDoNothing()
            .returning({ id: groupJoinRequests.id });
          if (request) notified = await noticeJoinRequest(tx, group, request.id, user.id, now);
        } else await tx.insert(groupMembers).values({ groupId: id, userId: user.id, joinedAt: now }).onConflictDoNothing();
        await syncGroupCounts(tx, [id]);
      }
    }
    return (await loadGroup(tx, user.id, id))!;
  });
  await announceGroupNotices(deps.bus, "groupJoinRequest", notified);
  return answer;
}

/**
 * Leave (POST /api/groups/:id/leave): the membership ends (a leader stops leading), or a pending
 * request is withdrawn. The request stays on record as withdrawn. Leaving a group one is not in
 * changes nothing.
 */
export async function leaveGroup(deps: Deps, user: AuthUser, id: string): Promise<AdminGroup> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group || group.archivedAt) throw notFound(GROUP_TEXT.notFound);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
    await tx
      .update(groupJoinRequests)
      .set({ status: "withdrawn", decidedAt: now, decidedBy: user.id })
      .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, user.id), eq(groupJoinRequests.status, "pending")));
    await syncGroupCounts(tx, [id]);
    return (await loadGroup(tx, user.id, id))!;
  });
}

/**
 * Who may see a group's roster and decide its requests: staff (any group, archived ones too) and
 * the group's own leaders (a live group). Anyone else: 403, or 404 for a group they cannot see.
 */
async function groupForLeader(deps: Deps, user: AuthUser, id: string) {
  const staff = isStaff(user.role);
  const group = await loadGroup(deps.db, user.id, id, staff);
  if (!group) throw notFound(GROUP_TEXT.notFound);
  if (!staff && group.myStatus !== "leader") throw forbidden(GROUPS_TEXT.rosterForbidden);
  return group;
}

/** The asker's status in the group, the group (JSON), and for its leaders and staff a page of members and the requests (JSON). */
interface RosterRow {
  my_status: string;
  group: string;
  members: string;
  more: boolean;
  last_rank: 0 | 1 | null;
  last_first: string | null;
  last_last: string | null;
  last_id: string | null;
  requests: string;
  /** The roster's version and the directory's, in the statement's snapshot (decision 0148); null without the directory's row. */
  version: string | null;
}
const p = (name: string) => sql.placeholder(name);
/**
 * What a roster page shows, as one version (decision 0148): the group's memberships and requests
 * (`small_groups.roster_version`, migration 0053) and its people's names, emails and shared
 * phones (the directory's version, migration 0052). Every column `rosterPage` reads of
 * group_members, group_join_requests, users and directory_listings raises one of them: a column
 * added there is a new migration adding it to their triggers (membership-kept-roster.test.ts says which).
 */
const ROSTER_VERSION = sql`(g.roster_version::text || ':' || (select v.version from directory_version v where v.id = 1)::text)`;
const may = sql`(${p("staff")}::boolean or me.is_leader)`;
const rank = sql`(case when m.is_leader then 0 else 1 end)`;
const { shown, last: lastShown } = pageFilters(sql`${p("limit")}::int`);
/** The member's phone when they share it in the directory (its rule, decision 0118), else null. */
const phone = sharedInDirectory("dl", "phone", sql`u.phone`);
/**
 * A person of the roster (`u`, with their directory listing `dl`) as the answer's JSON object,
 * written as text (as the directory's entries, decision 0142: building a record and turning it
 * into JSON costs PostgreSQL about twice as much); `extra` adds the fields after the phone. Every
 * column here is NOT NULL but the phone, which is written as null when not shared.
 */
const personJson = (extra: SQL) => sql`('{"userId":"' || u.id || '","firstName":' || to_json(u.first_name) || ',"lastName":' || to_json(u.last_name)
  || ',"email":' || to_json(u.email) || ',"phone":' || ${jsonOrNull(phone)} || ${extra} || '}')`;

/**
 * A roster page in one statement (issue 23): the group with the asker's status (what the role
 * check needs) and, only when the asker may see them (staff, or the group's leader: `may`), the
 * page of members after the key (leaders first, then first name, last name, id; `limit + 1` read,
 * the first `limit` shown; a first page starts before every key) and, on the first page, the
 * pending requests, oldest first. Each person's phone only when they share it in the directory
 * (`phone`). An archived group is found for staff only. PostgreSQL writes
 * the answer's JSON (group-view.ts `groupItem`); built and planned once.
 */
const rosterStatement = () => sql`
    select item."myStatus" as my_status, item.json as "group", m.members, m.more, m.last_rank, m.last_first, m.last_last, m.last_id, q.requests,
      ${ROSTER_VERSION} as version
    ${groupJoins}
    ${groupItem(sql`${p("staff")}::boolean`)}
    cross join lateral (
      select ${jsonArrayOfTexts(sql`x.person`, sql`x.ord`, shown)} as members,
        count(*) > ${p("limit")}::int as more,
        (array_agg(x.rank) ${lastShown})[1] as last_rank,
        (array_agg(x.first_name) ${lastShown})[1] as last_first,
        (array_agg(x.last_name) ${lastShown})[1] as last_last,
        (array_agg(x.id) ${lastShown})[1] as last_id
      from (
        select ${personJson(sql`',"isLeader":' || m.is_leader || ',"joinedAt":"' || ${isoSql("m.joined_at")} || '"'`)} as person,
          ${rank} as rank, u.first_name, u.last_name, u.id, row_number() over (order by ${rank}, u.first_name, u.last_name, u.id) as ord
        from group_members m join users u on u.id = m.user_id
        left join directory_listings dl on dl.user_id = u.id
        where m.group_id = g.id and ${may}
          and (${rank}, u.first_name, u.last_name, u.id) > (${p("rank")}::int, ${p("first")}::text, ${p("last")}::text, ${p("after")}::uuid)
        order by ${rank}, u.first_name, u.last_name, u.id
        limit ${p("limit")}::int + 1) x) m
    cross join lateral (
      select ${jsonArrayOfTexts(sql`x.person`, sql`x.created_at, x.id`)} as requests
      from (
        select ${personJson(sql`',"requestedAt":"' || ${isoSql("q.created_at")} || '"'`)} as person, q.created_at, q.id
        from group_join_requests q join users u on u.id = q.user_id
        left join directory_listings dl on dl.user_id = u.id
        where q.group_id = g.id and q.status = 'pending' and ${may} and ${p("withRequests")}::boolean) x) q
    where g.id = ${p("id")}::uuid and (g.archived_at is null or ${p("staff")}::boolean)`;
const rosterPage = preparedSql<RosterRow>("groups.roster", rosterStatement);

/**
 * A roster's group with the asker's status and the roster's version, without its people: what a
 * request for a kept first page reads (decision 0148). Built and planned once.
 */
const rosterHead = preparedSql<Pick<RosterRow, "my_status" | "group" | "version">>(
  "groups.roster-head",
  () => sql`
    select item."myStatus" as my_status, item.json as "group", ${ROSTER_VERSION} as version
    ${groupJoins}
    ${groupItem(sql`${p("staff")}::boolean`)}
    where g.id = ${p("id")}::uuid and (g.archived_at is null or ${p("staff")}::boolean)`,
);

/**
 * The rosters' first pages kept per process (decision 0148): the members and requests, the same
 * for every leader of the group and every staff member, keyed by the group and the page's size,
 * and served again only while the roster's version is the one they were read with. The group's
 * object (the asker's status, Admin's fields) is read on every request.
 */
export const keptRosters = () => new VersionedAnswers(1_000);

/**
 * A page of the roster (name, email, and the phone when the member shares it in the directory), as the answer's JSON
 * text (ZGroupRoster): leaders first, then by first name, last name and id, `limit` at a time
 * after `cursor` (the previous page's `nextCursor`, decision 0125). The first page also carries
 * the pending requests, oldest first. Who may see it: staff (any group, archived ones too) and
 * the group's own leaders (a live group); anyone else gets 403, or 404 for a group they cannot see.
 * With `kept` (the route's), a first page's people come from it while the roster's version is
 * the one they were read with: the asker's access and the group's object are read every time.
 */
export async function getRoster(
  deps: Deps,
  user: AuthUser,
  id: string,
  page: { cursor?: string; limit: number } = { limit: GROUP_ROSTER_PAGE_SIZE },
  kept?: VersionedAnswers,
): Promise<string> {
  const after = page.cursor ? readRosterCursor(page.cursor) : null;
  const staff = isStaff(user.role);
  const keptKey = kept && !after ? `${id}:${page.limit}` : null;
  if (keptKey && kept!.holds(keptKey)) {
    const [head] = await rosterHead(deps.db, { viewer: user.id, id, staff });
    if (!head) throw notFound(GROUP_TEXT.notFound);
    if (!staff && head.my_status !== "leader") throw forbidden(GROUPS_TEXT.rosterForbidden);
    const people = kept!.get(keptKey, head.version);
    if (people !== undefined) return `{"group":${head.group},${people}`;
  }
  const [row] = await rosterPage(deps.db, {
    viewer: user.id,
    id,
    staff,
    rank: after?.[0] ?? -1,
    first: after?.[1] ?? "",
    last: after?.[2] ?? "",
    after: after?.[3] ?? "00000000-0000-0000-0000-000000000000",
    limit: page.limit,
    withRequests: !after,
  });
  if (!row) throw notFound(GROUP_TEXT.notFound);
  if (!staff && row.my_status !== "leader") throw forbidden(GROUPS_TEXT.rosterForbidden);
  const nextCursor = row.more ? writeCursor([row.last_rank, row.last_first, row.last_last, row.last_id]) : null;
  const people = `"members":${row.members},"requests":${row.requests},"nextCursor":${JSON.stringify(nextCursor)}}`;
  if (keptKey) kept!.set(keptKey, row.version, people);
  return `{"group":${row.group},${people}`;
}

/** The roster's statement (its every column read), for the test that the versions' triggers cover them. */
export const rosterPageSql = rosterStatement;

/**
 * A leader (or staff) approves or declines a pending request. Approving takes a seat under the
 * group's lock: a group that filled up meanwhile refuses with 409 and the request stays pending.
 * The member is told the answer (group-notices.ts), in the same transaction. Answers with the
 * updated roster (its JSON text).
 */
export async function decideRequest(deps: Deps, user: AuthUser, id: string, memberId: string, action: "approve" | "decline"): Promise<string> {
  await groupForLeader(deps, user, id);
  const now = deps.now();
  const notified = await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, id);
    if (!group) throw notFound(GROUP_TEXT.notFound);
    const [request] = await tx
      .select({ id: groupJoinRequests.id })
      .from(groupJoinRequests)
      .where(and(eq(groupJoinRequests.groupId, id), eq(groupJoinRequests.userId, memberId), eq(groupJoinRequests.status, "pending")))
      .for("update");
    if (!request) throw notFound(GROUPS_TEXT.requestNotFound);
    if (action === "approve") {
      if (group.capacity !== null && (await countMembers(tx, id)) >= group.capacity) throw conflict(GROUPS_TEXT.full);
      await tx.insert(groupMembers).values({ groupId: id, userId: memberId, joinedAt: now }).onConflictDoNothing();
    }
    await tx
      .update(groupJoinRequests)
      .set({ status: action === "approve" ? "approved" : "declined", decidedAt: now, decidedBy: user.id })
      .where(eq(groupJoinRequests.id, request.id));
    await syncGroupCounts(tx, [id]);
    return noticeRequestAnswered(tx, group.name, request.id, memberId, action === "approve", now);
  });
  await announceGroupNotices(deps.bus, "groupRequestAnswered", notified);
  return getRoster(deps, user, id);
}
