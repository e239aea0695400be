import { count, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";
import { prayerRequests } from "../db/schema/prayer";
import { livestreamComments } from "../db/schema/comments";
import { videos } from "../db/schema/videos";

const DAY = 86_400_000;

/** The demo video library (offline; the YouTube sync replaces it when a channel is configured). */
export const DEMO_VIDEOS = [
  { title: "Grace That Holds | Sunday Service", description: "Pastor David on Romans 5: a grace that holds us in every season.", duration: 4512, days: 0, views: 1532 },
  { title: "Wednesday Prayer Night", description: "An hour of worship and prayer for our city.", duration: 3325, days: 1, views: 412 },
  { title: "The Lord Is My Shepherd | Psalm 23", description: "A walk through the most loved psalm.", duration: 2710, days: 4, views: 968 },
  { title: "Worship Live from Lake Eola", description: "Our worship team outdoors, with the whole church family.", duration: 545, days: 9, views: 2301 },
  { title: "Hope Rising | Easter Series, Part 1", description: "The empty tomb changes everything.", duration: 2934, days: 16, views: 3120 },
  { title: "Youth Sunday: Bold Faith", description: "Our students lead the service.", duration: 2405, days: 24, views: 785 },
  { title: "Baptism Sunday Highlights", description: "Twelve new believers baptised. Celebrate with us!", duration: 298, days: 45, views: 1876 },
];

const DEMO_PRAYERS = [
  { email: "member@koinonia.test", title: "Healing for my mother", description: "She has surgery this Friday. Pray for the surgeons and for peace for our family.", category: "Health & Healing", isAnonymous: false, isUrgent: true },
  { email: "member2@koinonia.test", title: "A new job", description: "I have an interview on Monday after months of searching. Pray for wisdom and provision.", category: "Work & Finances", isAnonymous: false, isUrgent: false },
  { email: "member2@koinonia.test", title: "Restoration in my marriage", description: "We are going through a hard season. Please pray for patience and love.", category: "Family & Relationships", isAnonymous: true, isUrgent: false },
  { email: "staff@koinonia.test", title: "Thank you for the food drive", description: "We served over 300 families this weekend. Praise God!", category: "Thanksgiving", isAnonymous: false, isUrgent: false },
] as const;

const DEMO_COMMENTS = [
  { email: "member@koinonia.test", message: "Good morning church family! Watching from Kissimmee 🙏", minutes: 180 },
  { email: "member2@koinonia.test", message: "That word on grace was exactly what I needed today.", minutes: 45 },
  { email: "pastor@koinonia.test", message: "So glad you're with us online. Welcome!", minutes: 8 },
];

/** Demo prayer requests, videos and live comments. Idempotent: only fills empty tables. */
export async function seedPrayerMedia(db: Db, now = new Date()) {
  await db
    .insert(videos)
    .values(
      DEMO_VIDEOS.map((v, i) => ({
        externalId: `demo-${i + 1}`,
        source: "demo" as const,
        title: v.title,
        description: v.description,
        url: "https://www.youtube.com/@koinonia-orlando/videos",
        thumbnailUrl: `/demo-videos/video-${i + 1}.svg`,
        duration: v.duration,
        publishedAt: new Date(now.getTime() - v.days * DAY - 3 * 3_600_000),
        viewCount: v.views,
      })),
    )
    .onConflictDoNothing({ target: videos.externalId });

  const emails = [...new Set([...DEMO_PRAYERS, ...DEMO_COMMENTS].map((x) => x.email))];
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(people.map((p) => [p.email, p.id]));
  if (!idOf.size) return;

  const [{ n: prayers }] = await db.select({ n: count() }).from(prayerRequests);
  if (Number(prayers) === 0) {
    const rows = DEMO_PRAYERS.filter((p) => idOf.has(p.email)).map(({ email, ...p }, i) => ({
      ...p,
      userId: idOf.get(email)!,
      createdAt: new Date(now.getTime() - (i + 1) * 2 * 3_600_000),
    }));
    if (rows.length) await db.insert(prayerRequests).values(rows);
  }

  const [{ n: comments }] = await db.select({ n: count() }).from(livestreamComments);
  if (Number(comments) === 0) {
    const rows = DEMO_COMMENTS.filter((c) => idOf.has(c.email)).map((c) => ({
      userId: idOf.get(c.email)!,
      message: c.message,
      createdAt: new Date(now.getTime() - c.minutes * 60_000),
    }));
    if (rows.length) await db.insert(livestreamComments).values(rows);
  }
}
