import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { challenges, groupJoinRequests, groupMembers, journeyDays, journeys, mediaItems, smallGroups } from "../db/schema/connect";
import { testimonies } from "../db/schema/testimonies";
import { users } from "../db/schema/users";
import { AFFIRMATIONS_14, SCRIPTURES_14 } from "./journey-content";
import { syncGroupCounts } from "../shared/group-counts";
import { AFFIRMATIONS_14_ES, SCRIPTURES_14_ES } from "./journey-content-es";

/** The two seeded journeys (decision 0108): their key is the spec's sequence key. */
const SEEDED_JOURNEYS = [
  {
    key: "SCRIPTURES_14",
    titleEn: "14 Days of Scripture",
    titleEs: "14 días de Escrituras",
    descriptionEn: "A verse and a short devotional each morning",
    descriptionEs: "Un versículo y un devocional breve cada mañana",
    dayCount: SCRIPTURES_14.length,
    published: true,
    // Listed first on Connect, as the spec names them (journeys are listed oldest first).
    createdAt: new Date(Date.now() - 1000),
  },
  {
    key: "AFFIRMATIONS_14",
    titleEn: "14 Days of Affirmations",
    titleEs: "14 días de afirmaciones",
    descriptionEn: "Truths about who you are in Christ",
    descriptionEs: "Verdades sobre quién es usted en Cristo",
    dayCount: AFFIRMATIONS_14.length,
    published: true,
  },
];

/**
 * The two 14-day journeys, published, in English and Spanish: demo content (SEED_DEMO), written
 * when missing. A journey already there is left as staff made it (edited, unpublished or
 * archived in Admin → Journeys), days included, so a restart never undoes their work.
 */
export async function seedJourneyContent(db: Db) {
  const created = await db.insert(journeys).values(SEEDED_JOURNEYS).onConflictDoNothing().returning({ key: journeys.key });
  const fresh = new Set(created.map((c) => c.key));
  if (!fresh.size) return;
  const all = [
    ...SCRIPTURES_14.map((d, i) => ({ sequenceKey: "SCRIPTURES_14", day: i + 1, locale: "en", ...d })),
    ...AFFIRMATIONS_14.map((d, i) => ({ sequenceKey: "AFFIRMATIONS_14", day: i + 1, locale: "en", ...d })),
    ...SCRIPTURES_14_ES.map((d, i) => ({ sequenceKey: "SCRIPTURES_14", day: i + 1, locale: "es", ...d })),
    ...AFFIRMATIONS_14_ES.map((d, i) => ({ sequenceKey: "AFFIRMATIONS_14", day: i + 1, locale: "es", ...d })),
  ];
  const rows = all.filter((r) => fresh.has(r.sequenceKey));
  await db.insert(journeyDays).values(rows).onConflictDoNothing();
}

const DEMO_CHALLENGES = [
  {
    title: "7 Days of Prayer",
    description: "Spend ten minutes in prayer each day this week. Start with thanks, then bring your requests.",
    titleEs: "7 días de oración",
    descriptionEs: "Dedique diez minutos a la oración cada día de esta semana. Comience dando gracias y luego presente sus peticiones.",
    days: 7,
    type: "PRAYER",
  },
  {
    title: "21-Day Bible Reading",
    description: "Read one chapter of the Gospel of John each day and write down one verse that stays with you.",
    titleEs: "21 días de lectura bíblica",
    descriptionEs: "Lea un capítulo del Evangelio de Juan cada día y anote un versículo que se quede con usted.",
    days: 21,
    type: "BIBLE",
  },
  {
    title: "Gratitude Week",
    description: "Write down three things you are thankful for every day for a week.",
    titleEs: "Semana de gratitud",
    descriptionEs: "Escriba tres cosas por las que está agradecido cada día durante una semana.",
    days: 7,
    type: "GRATITUDE",
  },
];

/** Demo groups (decision 0107): days are 0 = Sunday ... 6 = Saturday; times are the church's clock. */
const DEMO_GROUPS = [
  { name: "Young Adults", description: "Ages 18-30: honest conversation, Bible study and friendship.", meetingDay: 4, meetingTime: "19:00", meetingPlace: "Fellowship Hall", capacity: 25 },
  { name: "Men's Fellowship", description: "Breakfast, prayer and encouragement for men of every age.", meetingDay: 6, meetingTime: "08:00", meetingPlace: "Café Room" },
  { name: "Women of Grace", description: "A Bible study and prayer circle for women.", meetingDay: 2, meetingTime: "10:00", meetingPlace: "Room 204" },
  {
    name: "Marriage & Family",
    description: "Couples growing together in faith, with childcare provided. Second and fourth Fridays.",
    meetingDay: 5,
    meetingTime: "18:30",
    meetingPlace: "Lakeview Room",
    capacity: 12,
    joinPolicy: "ask" as const,
  },
  { name: "Night Owls Prayer", description: "Twenty minutes of prayer together online before bed.", meetingDay: 3, meetingTime: "21:30", meetingUrl: "https://koinonia.test/prayer-room", capacity: 8 },
];
const DEMO_TESTIMONIES = [
  { email: "member@koinonia.test", text: "After months of looking for work, I got a job offer the same week our small group prayed for me. God is faithful!" },
  { email: "member2@koinonia.test", text: "My mother's surgery went perfectly and she is home recovering. Thank you all for your prayers and meals." },
  { email: "member@koinonia.test", text: "The 14 days of Scripture journey carried me through a hard season. I read every email on my lunch break." },
];

/** A few demo memberships and leaders, so member counts are not all zero and a demo member leads a group. */
const DEMO_MEMBERSHIPS = [
  { email: "member2@koinonia.test", group: "Men's Fellowship" },
  { email: "member2@koinonia.test", group: "Young Adults", isLeader: true },
  { email: "pastor@koinonia.test", group: "Men's Fellowship", isLeader: true },
  { email: "pastor@koinonia.test", group: "Marriage & Family" },
  { email: "staff@koinonia.test", group: "Women of Grace" },
  { email: "staff@koinonia.test", group: "Marriage & Family", isLeader: true },
  { email: "owner@koinonia.test", group: "Marriage & Family" },
  { email: "member@koinonia.test", group: "Night Owls Prayer", isLeader: true },
];
/** Someone waiting for a leader's answer in the "ask to join" group. */
const DEMO_REQUESTS = [{ email: "member2@koinonia.test", group: "Marriage & Family" }];

const DAY = 86_400_000;
const DEMO_SERMONS = [
  { title: "Rooted in Love", description: "Ephesians 3: growing deep roots in the love of Christ.", duration: 2820, daysAgo: 2 },
  { title: "The Good Shepherd", description: "John 10: knowing the voice of the One who leads us.", duration: 3660, daysAgo: 9 },
  { title: "Faith That Works", description: "James 2: a living faith that serves our neighbours.", duration: 2460, daysAgo: 16 },
  { title: "Hope for the Weary", description: "Isaiah 40: strength renewed for those who wait.", duration: 3120, daysAgo: 23 },
];

/** Demo challenges, groups, testimonies and sermons. Idempotent (unique titles and names; testimonies by text). */
export async function seedConnectDemo(db: Db, now = new Date()) {
  await db.insert(challenges).values(DEMO_CHALLENGES).onConflictDoNothing();
  await db.insert(smallGroups).values(DEMO_GROUPS).onConflictDoNothing();
  await db
    .insert(mediaItems)
    .values(DEMO_SERMONS.map(({ daysAgo, ...s }) => ({ ...s, thumbnailUrl: null, createdAt: new Date(now.getTime() - daysAgo * DAY) })))
    .onConflictDoNothing();

  const groupRows = await db.select({ id: smallGroups.id, name: smallGroups.name }).from(smallGroups).where(inArray(smallGroups.name, DEMO_GROUPS.map((g) => g.name)));
  const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, DEMO_MEMBERSHIPS.map((m) => m.email)));
  const ids = (m: { email: string; group: string }) => {
    const groupId = groupRows.find((g) => g.name === m.group)?.id;
    const userId = people.find((p) => p.email === m.email)?.id;
    return groupId && userId ? [{ groupId, userId }] : [];
  };
  const memberships = DEMO_MEMBERSHIPS.flatMap((m) => ids(m).map((row) => ({ ...row, isLeader: m.isLeader ?? false })));
  if (memberships.length) await db.insert(groupMembers).values(memberships).onConflictDoNothing();
  // Only where that member never asked that group: an answered demo request is not asked again on the next start.
  const asked = await db.select({ groupId: groupJoinRequests.groupId, userId: groupJoinRequests.userId }).from(groupJoinRequests);
  const requests = DEMO_REQUESTS.flatMap(ids).filter((r) => !asked.some((a) => a.groupId === r.groupId && a.userId === r.userId));
  if (requests.length) await db.insert(groupJoinRequests).values(requests).onConflictDoNothing();
  // The kept counts (decision 0125): the rows above were written without the membership use cases.
  await syncGroupCounts(
    db,
    groupRows.map((g) => g.id),
  );

  const texts = DEMO_TESTIMONIES.map((t) => t.text);
  const have = new Set((await db.select({ text: testimonies.text }).from(testimonies).where(inArray(testimonies.text, texts))).map((r) => r.text));
  const missing = DEMO_TESTIMONIES.filter((t) => !have.has(t.text));
  if (!missing.length) return;
  const authors = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, missing.map((t) => t.email)));
  const idOf = new Map(authors.map((a) => [a.email, a.id]));
  await db.insert(testimonies).values(
    missing.map((t, i) => ({ userId: idOf.get(t.email) ?? null, text: t.text, isApproved: true, createdAt: new Date(now.getTime() - (i + 1) * DAY) })),
  );
}
