/**
 * Which hot reads' prepared statements PostgreSQL plans again on every request (decision 0138).
 *
 * A named statement is planned for its first five executions with the values at hand ("custom"
 * plans); from then on PostgreSQL uses one generic plan only if that plan's estimated cost is no
 * worse than the custom plans' average. When the generic plan looks dearer (a LIMIT that is a
 * parameter is taken to read a tenth of the table; a row comparison is judged by its first
 * column alone), every execution is planned again: `prepared` then saves drizzle's work but not
 * PostgreSQL's. This runs each read 12 times on one pooled connection and prints, per statement,
 * how many executions used the generic plan and how many were planned anew (12 custom: planned
 * on every request).
 *
 *   DB=postgres://postgres@127.0.0.1:5432/koinonia_bench_... npx tsx bench/prepared-plans.ts
 *
 * On a database the reads bench kept (BENCH_KEEP_DB=1). Not a scenario.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import type { Deps } from "../server/deps";
import { keptGroupPages, listGroups, listMyGroups } from "../server/features/groups/group-view";
import { searchPeople } from "../server/features/groups/search-people";
import { getRoster, keptRosters } from "../server/features/groups/membership";
import { listManagedEvents } from "../server/features/calendar/manage-events";
import { listAnnouncements } from "../server/features/announcements/list-announcements";
import { listVisitors } from "../server/features/visitors/list-visitors";
import { listUsers } from "../server/features/admin/list-users";
import { getAdminJourney, listAdminJourneys } from "../server/features/connect/list-admin-journeys";
import { listMyChallenges } from "../server/features/connect/list-my-challenges";
import { cardBreakerState } from "../server/shared/money/new-card-guard";
import { searchDirectory, sharedDirectoryPages } from "../server/features/directory/search-directory";
import { getGivingStatement } from "../server/features/giving/get-giving-statement";
import { getStatementRun } from "../server/features/giving/get-statement-run";
import { getEmailHealth } from "../server/features/admin/get-email-health";
import type { AuthUser } from "../server/http/auth";
import { listNotifications } from "../server/features/notifications/list-notifications";
import { listWalletTransactions } from "../server/features/wallet/list-wallet-transactions";

const database = await openDatabase({ databaseUrl: process.env.DB, poolSize: 1 });
const db = database.db;
const first = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows[0]!;
const pastor = (await first(sql`select id from users where email = 'pastor@bench.test'`)).id;
const member = (await first(sql`select id from users where email like 'member%' order by email limit 1 offset 7`)).id;
const journey = (await first(sql`select id from journeys order by key limit 1`)).id;
const leader = await first(sql`select user_id, group_id from group_members where is_leader order by group_id, user_id limit 1`);
const deps = {
  db,
  church: { timeZone: "America/New_York", name: "Bench", address: { line1: "", city: "", region: "", postalCode: "" } },
  now: () => new Date(),
  email: { kind: "outbox" },
  config: { cardLimits: { breakerWindowSeconds: 600, breakerDeclines: 10, breakerDeclinePercent: 50 } },
} as unknown as Deps;

const rosters = keptRosters();
const groupPages = keptGroupPages();
const directoryPages = sharedDirectoryPages();
const reads: [string, () => Promise<unknown>][] = [
  ["groups", async () => [await listGroups(db, pastor, { limit: 20 }, true), await listGroups(db, member, { limit: 20 }), await listMyGroups(db, member)]],
  // The members' kept first page (decision 0151): read afresh (a new store), then checked (the kept one).
  ["kept groups", async () => [await listGroups(db, member, { limit: 20 }, false, keptGroupPages()), await listGroups(db, member, { limit: 20 }, false, groupPages)]],
  ["people", () => searchPeople(deps, "mar")],
  ["roster", () => getRoster(deps, { id: leader.user_id, role: "MEMBER" } as AuthUser, leader.group_id!)],
  // A kept roster's check (decision 0148): the group's row and the versions.
  ["kept roster", () => getRoster(deps, { id: leader.user_id, role: "MEMBER" } as AuthUser, leader.group_id!, { limit: 25 }, rosters)],
  ["calendar", () => listManagedEvents(deps, { limit: 20 })],
  ["announcements", () => listAnnouncements(db, { limit: 20 })],
  ["visitors", () => listVisitors(db, { limit: 20 })],
  ["users", () => listUsers(db)],
  ["journeys", async () => [await listAdminJourneys(deps), await getAdminJourney(deps, journey)]],
  ["challenges", () => listMyChallenges(deps, { id: member } as AuthUser)],
  ["card breaker", () => cardBreakerState(deps)],
  [
    "directory",
    async () => {
      // A member's and staff's first page and the page after it (the unsearched pages, decision 0142).
      for (const viewer of [{ id: member, role: "MEMBER" }, { id: pastor, role: "PASTOR" }] as AuthUser[]) {
        const page = await searchDirectory(db, viewer, { q: "", limit: 20 });
        await searchDirectory(db, viewer, { q: "", limit: 20, cursor: (JSON.parse(page) as { nextCursor: string }).nextCursor });
      }
    },
  ],
  [
    "inbox",
    async () => {
      const page = JSON.parse(await listNotifications(db, member, { limit: 5 })) as { nextCursor: string };
      await listNotifications(db, member, { limit: 5, before: page.nextCursor });
    },
  ],
  ["wallet", () => listWalletTransactions(db, member, { limit: 20 })],
  ["statement", () => getGivingStatement(deps, member)],
  ["kept directory", () => searchDirectory(db, { id: member, role: "MEMBER" } as AuthUser, { q: "", limit: 20 }, directoryPages)],
  ["statements", () => getStatementRun(deps, new Date().getUTCFullYear() - 1)],
  ["email health", () => getEmailHealth(deps)],
];
for (let i = 0; i < 12; i++) for (const [, read] of reads) await read();
const plans = (await db.execute(sql`select name, generic_plans, custom_plans from pg_prepared_statements order by name`)) as unknown as { rows: unknown[] };
console.table(plans.rows);
await database.close();
