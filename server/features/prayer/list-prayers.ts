import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { prayerPrayed, prayerRequests } from "../../db/schema/prayer";
import { users } from "../../db/schema/users";
import { ZPrayer, type Prayer } from "../../../contract/prayer";
import type { AuthUser } from "../../http/auth";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { isStaff } from "../../../contract/roles";

export const PRAYER_WALL_SIZE = 50;

/** The wall as loaded: what every member sees alike, and who wrote each request (never sent). */
interface Wall {
  list: Prayer[];
  /** Author of each request of `list`, by position: `isMine` is filled in from it. */
  authors: string[];
  slotOf: Map<string, number>;
  /** The ids of `list` as one PostgreSQL array literal: the parameter of the member's own read. */
  ids: string;
}

const wallRows = (db: Db, staffOrder: boolean) =>
  db
    .select({
      id: prayerRequests.id,
      userId: prayerRequests.userId,
      title: prayerRequests.title,
      description: prayerRequests.description,
      category: prayerRequests.category,
      isAnonymous: prayerRequests.isAnonymous,
      isUrgent: prayerRequests.isUrgent,
      isAnswered: prayerRequests.isAnswered,
      createdAt: prayerRequests.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      prayedCount: sql<number>`(select count(*)::int from ${prayerPrayed} where ${prayerPrayed.prayerId} = ${prayerRequests.id})`,
    })
    .from(prayerRequests)
    .innerJoin(users, eq(users.id, prayerRequests.userId))
    .where(isNull(prayerRequests.hiddenAt))
    .orderBy(...(staffOrder ? [desc(prayerRequests.isUrgent)] : []), desc(prayerRequests.createdAt), desc(prayerRequests.id))
    .limit(PRAYER_WALL_SIZE);
const membersWall = prepared("prayer.wall", (db) => wallRows(db, false));
const staffWall = prepared("prayer.wall-staff", (db) => wallRows(db, true));

/** Which of the wall's requests the member prayed for: at most 50 probes of prayer_prayed's primary key. */
const prayedFor = prepared("prayer.prayed-for", (db) =>
  db
    .select({ id: prayerPrayed.prayerId })
    .from(prayerPrayed)
    .where(and(eq(prayerPrayed.userId, sql.placeholder("userId")), sql`${prayerPrayed.prayerId} = any(${sql.placeholder("ids")}::uuid[])`)),
);

async function loadWall(db: Db, staffOrder: boolean): Promise<Wall> {
  const rows = await (staffOrder ? staffWall : membersWall)(db);
  const list = rows.map(
    (r): Prayer => ({
      id: r.id,
      title: r.title,
      description: r.description,
      category: r.category,
      isAnonymous: r.isAnonymous,
      isUrgent: r.isUrgent,
      isAnswered: r.isAnswered,
      // An anonymous request never carries its author's name, to anyone.
      authorName: r.isAnonymous ? null : `${r.firstName} ${r.lastName.slice(0, 1)}.`.trim(),
      isMine: false,
      prayedCount: Number(r.prayedCount),
      hasPrayed: false,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return { list, authors: rows.map((r) => r.userId), slotOf: new Map(list.map((p, i) => [p.id, i])), ids: `{${list.map((p) => p.id).join(",")}}` };
}

const wallAnswer = (deps: Deps, staffOrder: boolean) =>
  new SharedAnswer<Wall>(deps, {
    events: ["new-prayer", "prayer-updated"],
    load: () => loadWall(deps.db, staffOrder),
    // Two slots per request, in order: isMine, then hasPrayed.
    write: (wall) =>
      JsonTemplate.write(z.array(ZPrayer), wall.list, (out, slot) => {
        for (const p of out) {
          p.isMine = slot("false");
          p.hasPrayed = slot("false");
        }
      }),
  });

/**
 * The prayer wall: the 50 newest requests staff have not hidden (for staff, urgent ones first),
 * with how many prayed for each. The wall is the same for every member, so it is read and
 * written as JSON once per change (shared-read.ts: `new-prayer` and `prayer-updated` refresh it
 * on every instance, `changed()` at once on the instance that wrote; issue 23: before, each
 * request ran the wall's query with a count and an exists per row and serialized 50 requests
 * through the schema). A member's own part is exact on every request: `isMine` from the
 * authors the load kept (never sent), `hasPrayed` from their own rows of prayer_prayed for the
 * requests on the wall (one indexed read), filled into the wall's slots.
 *
 * Hidden requests leave the wall for everyone at once on the instance where staff hid them, and
 * on the others when the event arrives.
 */
export class PrayerWalls {
  private readonly members: SharedAnswer<Wall>;
  private readonly staff: SharedAnswer<Wall>;

  constructor(private readonly deps: Deps) {
    this.members = wallAnswer(deps, false);
    this.staff = wallAnswer(deps, true);
  }

  /** GET /api/prayers for `viewer`: the shared wall's bytes with the viewer's own fields filled in. */
  async json(viewer: AuthUser): Promise<Buffer> {
    const answer = isStaff(viewer.role) ? this.staff : this.members;
    const wall = await answer.get();
    const json = answer.json(wall);
    if (!wall.list.length) return json.bytes;
    const values: (string | undefined)[] = [];
    for (let i = 0; i < wall.authors.length; i++) if (wall.authors[i] === viewer.id) values[2 * i] = "true";
    for (const { id } of await prayedFor(this.deps.db, { userId: viewer.id, ids: wall.ids })) {
      const i = wall.slotOf.get(id);
      if (i !== undefined) values[2 * i + 1] = "true";
    }
    return json.fill(values);
  }

  /** A request was added, prayed for, answered or hidden on this instance. */
  changed() {
    this.members.changed();
    this.staff.changed();
  }

  close() {
    this.members.close();
    this.staff.close();
  }
}
