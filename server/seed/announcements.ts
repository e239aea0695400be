import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { announcements } from "../db/schema/announcements";
import { users } from "../db/schema/users";

/**
 * Demo announcements (decision 0110): one sent last week to everyone by inbox and email (its
 * inbox rows written for the members there were, already read, so no badge changes), and one
 * scheduled for the coming Sunday at 9:00 church time (about 14:00 UTC), so Admin →
 * Announcements shows both lists. Idempotent: does nothing once any announcement exists.
 */
export async function seedAnnouncementsDemo(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements);
  if (n > 0) return;
  const [pastor] = await db.select({ id: users.id }).from(users).where(eq(users.role, "PASTOR")).orderBy(asc(users.createdAt)).limit(1);
  const pastorId = pastor?.id ?? null;
  const lastWeek = new Date(now.getTime() - 6 * 86_400_000);
  const daysToSunday = (7 - now.getUTCDay()) % 7 || 7;
  const sunday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysToSunday, 14, 0));
  await db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(announcements)
      .values({
        title: "Welcome to our church app",
        body: "Find the live service, prayer wall, giving and your groups here. Turn on notifications in your Profile so you never miss a service.",
        titleEs: "Bienvenido a la aplicación de la iglesia",
        bodyEs: "Aquí encontrará el servicio en vivo, el muro de oración, las ofrendas y sus grupos. Active las notificaciones en su Perfil para no perderse ningún servicio.",
        url: "/profile",
        audienceKind: "everyone",
        channels: ["inbox", "email"],
        status: "sent",
        sendAt: lastWeek,
        startedAt: lastWeek,
        finishedAt: lastWeek,
        createdBy: pastorId,
        createdAt: lastWeek,
      })
      .returning({ id: announcements.id });
    await tx.execute(sql`
      insert into notifications (user_id, kind, subject_id, title, body, url, created_at, read_at)
      select u.id, 'announcement', ${sent.id}::uuid,
        case when u.locale = 'es' then a.title_es else a.title end, case when u.locale = 'es' then a.body_es else a.body end,
        a.url, a.send_at, a.send_at
      from users u, announcements a where a.id = ${sent.id}::uuid
      on conflict do nothing
    `);
    await tx.execute(sql`
      insert into announcement_deliveries (announcement_id, user_id, channel, outcome, created_at)
      select ${sent.id}::uuid, u.id, c.channel, 'delivered', ${lastWeek.toISOString()}::timestamptz
      from users u cross join (values ('inbox'), ('email')) as c(channel)
    `);
    await tx.execute(sql`
      update announcements set recipients = (select count(*) from users), reached_inbox = (select count(*) from users), reached_email = (select count(*) from users)
      where id = ${sent.id}::uuid
    `);
    await tx.insert(announcements).values({
      title: "Baptism Sunday",
      body: "This Sunday we celebrate baptisms at both services. Invite your family and come early for a seat.",
      titleEs: "Domingo de bautismos",
      bodyEs: "Este domingo celebramos bautismos en ambos servicios. Invite a su familia y llegue temprano.",
      audienceKind: "everyone",
      channels: ["inbox", "push", "email"],
      status: "scheduled",
      sendAt: sunday,
      createdBy: pastorId,
      createdAt: now,
    });
  });
}
