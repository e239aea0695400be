import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { sharesInDirectory } from "../../shared/directory-sharing";
import { prepared } from "../../db/prepared";
import { livestreamComments } from "../../db/schema/comments";
import { memberPhotos, users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import type { AuthUser } from "../../http/auth";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { memberPhotoUrl } from "../../../contract/member-photo";
import { COMMENT_PAGE_SIZE, ZComment, type LiveComment } from "../../../contract/comments";

const page = (db: Db, after?: ReturnType<typeof sql>) =>
  db
    .select({
      id: livestreamComments.id,
      message: livestreamComments.message,
      createdAt: livestreamComments.createdAt,
      userId: livestreamComments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      photoVersion: memberPhotos.version,
      photoShared: sql<boolean>`coalesce(${sharesInDirectory("directory_listings", "photo")}, false)`,
    })
    .from(livestreamComments)
    .leftJoin(users, eq(users.id, livestreamComments.userId))
    .leftJoin(memberPhotos, eq(memberPhotos.userId, livestreamComments.userId))
    .leftJoin(directoryListings, eq(directoryListings.userId, livestreamComments.userId))
    .where(after ? and(isNull(livestreamComments.deletedAt), after) : isNull(livestreamComments.deletedAt))
    .orderBy(desc(livestreamComments.createdAt), desc(livestreamComments.id))
    .limit(sql.placeholder("limit"));
type Row = Awaited<ReturnType<ReturnType<typeof page>["execute"]>>[number];

/** The newest comments, and the page after a comment (its exact key read by PostgreSQL in the same statement), each built and planned once. */
const newest = prepared("comments.newest", (db) => page(db));
// The cursor's exact key is read by PostgreSQL in the same statement (a JS Date keeps
// milliseconds only, so comparing with one skipped comments written in the same millisecond);
// an unknown id compares as null and gives an empty page.
const before = prepared("comments.before", (db) =>
  page(db, sql`(${livestreamComments.createdAt}, ${livestreamComments.id}) < (select c.created_at, c.id from ${livestreamComments} c where c.id = ${sql.placeholder("before")}::uuid)`),
);

const userName = (r: Row) => (r.firstName ? `${r.firstName} ${(r.lastName ?? "").slice(0, 1)}.` : null);

/**
 * Newest first, `limit` at a time; `before` (a comment id) gives the page after that comment.
 * The author's photo shows beside their comment only where another member may see it anyway:
 * when the author shares their photo in the directory (decision 0118: the directory decides who
 * sees a member's photo), and always beside the viewer's own comments.
 */
export async function listComments(db: Db, viewerId: string, opts: { limit: number; before?: string }): Promise<LiveComment[]> {
  const rows = opts.before ? await before(db, { limit: opts.limit, before: opts.before }) : await newest(db, { limit: opts.limit });
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    userName: userName(r),
    userProfileImageUrl: r.userId && r.photoVersion && (r.photoShared || r.userId === viewerId) ? memberPhotoUrl(r.userId, r.photoVersion) : null,
    createdAt: r.createdAt.toISOString(),
    isMine: r.userId === viewerId,
  }));
}

interface Feed {
  list: LiveComment[];
  /** Each comment's author, by position (null: the account was deleted); never sent. */
  authors: (string | null)[];
  /** The authors with a photo when loaded, as a PostgreSQL array literal (null: none), whose sharing is read per request. */
  withPhoto: string | null;
}

/** Which of the given members share their photo now, and its version: a probe of two primary keys each. */
const sharedPhotos = prepared("comments.shared-photos", (db) =>
  db
    .select({ userId: memberPhotos.userId, version: memberPhotos.version })
    .from(memberPhotos)
    .innerJoin(directoryListings, eq(directoryListings.userId, memberPhotos.userId))
    .where(and(sql`${memberPhotos.userId} = any(${sql.placeholder("ids")}::uuid[])`, sharesInDirectory("directory_listings", "photo"))),
);

/**
 * The feed's first page (what every screen asks for, and asks again every COMMENT_REFETCH_MS
 * while the service is live), the same for every member but their own part: read and written as
 * JSON once per change (shared-read.ts; issue 23: before, each request and each screen's
 * refetch ran the page's query and serialized 50 comments through the schema). `new-comment` and
 * `comment-deleted` refresh it on every instance, `changed()` at once on the instance that wrote,
 * so a comment staff removed leaves every feed at once there and when the event arrives elsewhere.
 *
 * Each comment has two slots a request fills in: `userProfileImageUrl` and `isMine`. `isMine`
 * and the viewer's own photo come from the authors the load kept and the viewer's session. Whose
 * photo others may see is the directory's to decide (decision 0118) and is read on every request
 * (for the authors on the page who had a photo when it was loaded), so a member who stops sharing
 * theirs is never shown from the shared copy; one who starts shows within SHARED_READ_MS.
 */
export class CommentFeed {
  private readonly first: SharedAnswer<Feed>;

  constructor(private readonly deps: Deps) {
    this.first = new SharedAnswer<Feed>(deps, {
      events: ["new-comment", "comment-deleted"],
      load: async () => {
        const rows = await newest(deps.db, { limit: COMMENT_PAGE_SIZE });
        const withPhoto = [...new Set(rows.filter((r) => r.userId && r.photoVersion).map((r) => r.userId!))];
        return {
          list: rows.map((r) => ({ id: r.id, message: r.message, userName: userName(r), userProfileImageUrl: null, createdAt: r.createdAt.toISOString(), isMine: false })),
          authors: rows.map((r) => r.userId),
          withPhoto: withPhoto.length ? `{${withPhoto.join(",")}}` : null,
        };
      },
      // Two slots per comment, in order: userProfileImageUrl, then isMine.
      write: (feed) =>
        JsonTemplate.write(z.array(ZComment), feed.list, (out, slot) => {
          for (const c of out) {
            c.userProfileImageUrl = slot("null");
            c.isMine = slot("false");
          }
        }),
    });
  }

  /** The first page for `viewer`, as the bytes to send. */
  async json(viewer: AuthUser): Promise<Buffer> {
    const feed = await this.first.get();
    const json = this.first.json(feed);
    const shared = feed.withPhoto ? await sharedPhotos(this.deps.db, { ids: feed.withPhoto }) : [];
    const photoOf = new Map(shared.map((p) => [p.userId, p.version]));
    if (viewer.photoVersion) photoOf.set(viewer.id, viewer.photoVersion);
    const values: (string | undefined)[] = [];
    for (let i = 0; i < feed.authors.length; i++) {
      const author = feed.authors[i];
      if (!author) continue;
      const version = photoOf.get(author);
      if (version) values[2 * i] = JSON.stringify(memberPhotoUrl(author, version));
      if (author === viewer.id) values[2 * i + 1] = "true";
    }
    return values.length ? json.fill(values) : json.bytes;
  }

  /** A comment was posted or removed on this instance. */
  changed() {
    this.first.changed();
  }

  close() {
    this.first.close();
  }
}
