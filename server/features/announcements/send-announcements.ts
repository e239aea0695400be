/**
 * Sending an announcement (decision 0110): the work the sender job (server/jobs/announcements.ts)
 * does, in batches of members, each batch one transaction.
 *
 * 1. **Start.** A due `scheduled` announcement is taken (`FOR UPDATE SKIP LOCKED`) and marked
 *    `sending` with `started_at`: from then on it cannot be cancelled, and its audience is the
 *    members who existed at that instant (`users.created_at <= started_at`), so a send that
 *    takes a minute reaches a fixed set.
 * 2. **Batches.** Each batch locks the announcement row (`FOR UPDATE SKIP LOCKED`: another
 *    instance moves on rather than waits), takes the next `ANNOUNCEMENT_BATCH_SIZE` members of
 *    the audience after `cursor_user_id` (keyset on the member's id), and in the same
 *    transaction writes one `announcement_deliveries` row per member and chosen channel (the
 *    primary key (announcement, member, channel) is the exactly-once rule; `outcome` records
 *    whether the member's preferences let it through), the inbox rows (kind `announcement`,
 *    once per member by the inbox's own unique index) with their queued pushes, the queued
 *    emails (the outbox, one statement per batch), the counters and the cursor. A process that
 *    dies mid-batch rolls the whole batch back; the next pass (on any instance) redoes it. Two
 *    instances never write the same batch: the row lock serializes them and the cursor moves
 *    with the batch. The insert of deliveries must claim every (member, channel) of the batch;
 *    if it ever claimed fewer (an earlier write of the same range), the batch is refused and
 *    rolled back rather than queue an email twice.
 * 3. **Finish.** A batch that finds no member after the cursor marks it `sent`.
 *
 * Preferences per channel: inbox and push follow the member's switch for the `announcement`
 * kind (a kind turned off is off entirely, decision 0041); push reaches members with at least
 * one registered device; email follows the Profile's "Email updates" (`email_opt_outs`) and
 * carries the member's one-click unsubscribe (List-Unsubscribe, decision 0118). Each
 * member gets their language: the Spanish texts when given and the member's locale is `es`,
 * English otherwise.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { enqueueEmailsTo } from "../../shared/email/outbox";
import { unsubscribeHeaders } from "../../shared/email/unsubscribe";
import { renderEmail } from "../../shared/email/layout";
import { localize } from "../../i18n";
import { STAFF_ROLES } from "../../../contract/roles";
import { ANNOUNCEMENT_TEXT as T, isAnnouncementUrl, type AnnouncementChannel } from "../../../contract/announcements";
import { LOCALES, type Locale } from "../../../contract/i18n/locales";
import { rowsOf } from "../../db/rows";

const NO_ID = "00000000-0000-0000-0000-000000000000";

interface AnnouncementRow {
  id: string;
  title: string;
  body: string;
  url: string | null;
  title_es: string | null;
  body_es: string | null;
  audience_kind: "everyone" | "staff" | "group";
  audience_group_id: string | null;
  channels: AnnouncementChannel[] | string;
  started_at: Date | string;
  cursor_user_id: string | null;
}

/** Postgres text[] as node-postgres and PGlite give it (an array, or "{a,b}" text). */
const channelsOf = (v: AnnouncementChannel[] | string): AnnouncementChannel[] =>
  Array.isArray(v) ? v : (v.replace(/^\{|\}$/g, "").split(",").filter(Boolean) as AnnouncementChannel[]);

/**
 * The audience's members as a query over `users u` (a condition), read by query, not through another feature.
 * Never a deleted account (its tombstone has no address; decision 0117).
 */
function audienceCondition(a: AnnouncementRow): SQL {
  return sql`u.deleted_at is null and ${audienceOf(a)}`;
}

function audienceOf(a: AnnouncementRow): SQL {
  if (a.audience_kind === "staff")
    return sql`u.role in (${sql.join(
      STAFF_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )})`;
  if (a.audience_kind === "group") return sql`exists (select 1 from group_members g where g.group_id = ${a.audience_group_id}::uuid and g.user_id = u.id)`;
  return sql`true`;
}

/** Marks due scheduled announcements `sending`, one at a time; returns the ids now sending (ours or another instance's). */
export async function startDueAnnouncements(deps: Deps): Promise<string[]> {
  const now = deps.now().toISOString();
  await deps.db.execute(sql`
    update announcements a set status = 'sending', started_at = ${now}::timestamptz
    where a.id in (
      select id from announcements
      where status = 'scheduled' and send_at <= ${now}::timestamptz
      order by send_at
      for update skip locked
    )
  `);
  return rowsOf<{ id: string }>(await deps.db.execute(sql`select id from announcements where status = 'sending' order by send_at`)).map((r) => r.id);
}

/** The email, rendered once per language. */
function emailsByLocale(deps: Deps, a: AnnouncementRow): Record<Locale, { subject: string; text: string; html: string }> {
  const out = {} as Record<Locale, { subject: string; text: string; html: string }>;
  for (const locale of LOCALES) {
    const spanish = locale === "es" && a.title_es && a.body_es;
    const title = spanish ? a.title_es! : a.title;
    const body = spanish ? a.body_es! : a.body;
    const href = a.url ? (a.url.startsWith("/") ? `${deps.config.publicUrl}${a.url}` : a.url) : null;
    out[locale] = renderEmail({
      locale,
      subject: title,
      accent: deps.church.accentColor,
      blocks: [
        { eyebrow: `${deps.church.name} · ${localize(T.emailEyebrow, locale)}` },
        { heading: title },
        { paragraph: body, keepLineBreaks: true },
        ...(href ? [{ button: localize(T.emailOpen, locale), href }] : []),
        { signOff: [deps.church.name] },
      ],
      footer: { words: localize(T.emailFooter, locale), link: { label: localize(T.emailFooterLink, locale), href: `${deps.config.publicUrl}/profile` } },
    });
  }
  return out;
}

export type BatchResult = "more" | "done" | "busy";

/**
 * One batch of one sending announcement, in one transaction. "busy": another instance holds it
 * (or it is no longer sending); "done": nothing was left and it is now `sent`.
 */
export async function sendAnnouncementBatch(deps: Deps, id: string, batchSize = deps.config.announcementBatchSize): Promise<BatchResult> {
  let finished = false;
  const result = await deps.db.transaction(async (tx): Promise<BatchResult> => {
    const [a] = rowsOf<AnnouncementRow>(
      await tx.execute(sql`
        select id, title, body, url, title_es, body_es, audience_kind, audience_group_id, channels, started_at, cursor_user_id
        from announcements where id = ${id}::uuid and status = 'sending'
        for update skip locked
      `),
    );
    if (!a) return "busy";
    const now = deps.now();
    const at = now.toISOString();
    const startedAt = new Date(a.started_at).toISOString();
    const cursor = a.cursor_user_id ?? NO_ID;
    const channels = channelsOf(a.channels);
    const batch = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select u.id from users u
        where ${audienceCondition(a)} and u.created_at <= ${startedAt}::timestamptz and u.id > ${cursor}::uuid
        order by u.id
        limit ${batchSize}
      `),
    );
    if (!batch.length) {
      await tx.execute(sql`update announcements set status = 'sent', finished_at = ${at}::timestamptz where id = ${id}::uuid`);
      finished = true;
      return "done";
    }
    const last = batch[batch.length - 1].id;
    const inRange = (col: SQL) => sql`${col} > ${cursor}::uuid and ${col} <= ${last}::uuid`;
    const channelList = sql.join(
      channels.map((c) => sql`(${c})`),
      sql`, `,
    );

    // The claim: one row per member and channel, with what the member's preferences say.
    const claimed = rowsOf<{ channel: AnnouncementChannel; outcome: "delivered" | "skipped"; n: number }>(
      await tx.execute(sql`
        with b as (
          select u.id,
            exists (select 1 from notification_opt_outs o where o.user_id = u.id and o.kind = 'announcement') as kind_off,
            exists (select 1 from email_opt_outs e where e.user_id = u.id) as email_off,
            exists (select 1 from push_subscriptions s where s.user_id = u.id) as has_device
          from users u
          where ${audienceCondition(a)} and u.created_at <= ${startedAt}::timestamptz and ${inRange(sql`u.id`)}
        ),
        claimed as (
          insert into announcement_deliveries (announcement_id, user_id, channel, outcome, created_at)
          select ${id}::uuid, b.id, c.channel,
            case
              when c.channel = 'inbox' and b.kind_off then 'skipped'
              when c.channel = 'push' and (b.kind_off or not b.has_device) then 'skipped'
              when c.channel = 'email' and b.email_off then 'skipped'
              else 'delivered'
            end,
            ${at}::timestamptz
          from b cross join (values ${channelList}) as c(channel)
          on conflict do nothing
          returning channel, outcome
        )
        select channel, outcome, count(*)::int as n from claimed group by channel, outcome
      `),
    );
    const count = (channel: AnnouncementChannel, outcome = "delivered") =>
      claimed.filter((c) => c.channel === channel && c.outcome === outcome).reduce((s, c) => s + Number(c.n), 0);
    const claimedTotal = claimed.reduce((s, c) => s + Number(c.n), 0);
    if (claimedTotal !== batch.length * channels.length) {
      throw new Error(`announcement ${id}: claimed ${claimedTotal} of ${batch.length * channels.length} deliveries in one batch; refusing to send twice`);
    }

    const delivered = (channel: AnnouncementChannel) =>
      sql`select d.user_id from announcement_deliveries d where d.announcement_id = ${id}::uuid and d.channel = ${channel} and d.outcome = 'delivered' and ${inRange(sql`d.user_id`)}`;

    if (channels.includes("inbox")) await writeInbox(tx, a, delivered("inbox"), channels.includes("push") ? delivered("push") : null, at);
    if (channels.includes("email")) {
      // Each member's own one-click unsubscribe (RFC 8058): news, not an account email.
      const emailUsers = rowsOf<{ user_id: string }>(await tx.execute(delivered("email")));
      const headers = emailUsers.length
        ? sql.join(
            emailUsers.map((r) => sql`(${r.user_id}::uuid, ${JSON.stringify(unsubscribeHeaders(deps.secrets, deps.config.publicUrl, r.user_id))}::jsonb)`),
            sql`, `,
          )
        : null;
      if (headers) {
        await enqueueEmailsTo(
          tx,
          sql`select u.email as to_address, u.locale, h.headers from users u join (values ${headers}) as h(user_id, headers) on h.user_id = u.id`,
          emailsByLocale(deps, a),
          "en",
          now,
          "news",
        );
      }
    }
    await tx.execute(sql`
      update announcements set
        cursor_user_id = ${last}::uuid,
        recipients = recipients + ${batch.length},
        reached_inbox = reached_inbox + ${count("inbox")},
        reached_push = reached_push + ${count("push")},
        reached_email = reached_email + ${count("email")}
      where id = ${id}::uuid
    `);
    return "more";
  });
  if (finished) await deps.bus.publish("announcement", { id });
  return result;
}

/** The inbox rows of a batch (in the member's language) and, for members whose push went through, a push per device. */
async function writeInbox(tx: Tx, a: AnnouncementRow, inboxUsers: SQL, pushUsers: SQL | null, at: string) {
  const url = a.url && isAnnouncementUrl(a.url) ? a.url : "/";
  const spanish = !!(a.title_es && a.body_es);
  await tx.execute(sql`
    with inserted as (
      insert into notifications (user_id, kind, subject_id, title, body, url, created_at)
      select u.id, 'announcement', ${a.id}::uuid,
        case when ${spanish}::boolean and u.locale = 'es' then ${a.title_es ?? ""} else ${a.title} end,
        case when ${spanish}::boolean and u.locale = 'es' then ${a.body_es ?? ""} else ${a.body} end,
        ${url}, ${at}::timestamptz
      from users u where u.id in (${inboxUsers})
      on conflict (user_id, kind, subject_id) do nothing
      returning id, user_id
    )
    insert into push_deliveries (notification_id, subscription_id, next_attempt_at, created_at)
    select i.id, s.id, ${at}::timestamptz, ${at}::timestamptz
    from inserted i join push_subscriptions s on s.user_id = i.user_id
    where ${pushUsers ? sql`i.user_id in (${pushUsers})` : sql`false`}
  `);
}

/**
 * One pass of the sender: starts what is due, then sends every sending announcement batch by
 * batch until done or another instance holds it. Returns how many batches this pass wrote.
 */
export async function sendDueAnnouncements(deps: Deps, opts: { batchSize?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  const ids = await startDueAnnouncements(deps);
  let batches = 0;
  let wroteInbox = false;
  for (const id of ids) {
    for (;;) {
      if (opts.shouldStop?.()) return batches;
      const r = await sendAnnouncementBatch(deps, id, opts.batchSize);
      if (r !== "more") break;
      batches += 1;
      wroteInbox = true;
    }
  }
  // Members' inboxes refetch, and every instance's push sender wakes for the queued pushes.
  if (wroteInbox) await deps.bus.publish("notification", { kind: "announcement" });
  return batches;
}
