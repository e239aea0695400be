/**
 * The member's own data (issue 20, decision 0117): download it (everything, no secrets, every
 * member-keyed table in the catalog accounted for) and delete the account (table by table, the
 * last owner kept, the same email free to register again, outside calls queued).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, getTableName, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { API } from "../../../contract/api-paths";
import { MY_DATA_TEXT } from "../../../contract/my-data";
import { emailChanges, memberPhotos, sessions, users } from "../../db/schema/users";
import { personalNotes } from "../../db/schema/notes";
import { prayerPrayed, prayerRequests } from "../../db/schema/prayer";
import { testimonies, testimonyAmens } from "../../db/schema/testimonies";
import { livestreamComments } from "../../db/schema/comments";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { bankAccounts, bankPurchases, paymentMethods, roundUpCollections, roundUpSettings, walletTransactions, wallets } from "../../db/schema/wallet";
import { emailOutbox } from "../../db/schema/platform";
import { settleCollection } from "../wallet/collect-round-ups";
import { emailOptOuts, notificationOptOuts, notifications, pushSubscriptions } from "../../db/schema/notifications";
import { passkeys, totpSecrets } from "../../db/schema/two-step";
import { crmSyncItems, integrations } from "../../db/schema/integrations";
import { backgroundCalls } from "../../db/schema/platform";
import { challenges, groupJoinRequests, journeyEnrolments, journeys, smallGroups, groupMembers, userChallenges } from "../../db/schema/connect";
import { directoryListings } from "../../db/schema/directory";
import { pollVotes, polls, questions, services } from "../../db/schema/services";
import { calendarEvents, calendarRsvps } from "../../db/schema/calendar";
import { announcementDeliveries, announcements } from "../../db/schema/announcements";
import { memberActivity } from "../../db/schema/activity";
import { EXPORT_SECTIONS, NOT_EXPORTED, NOT_EXPORTED_COLUMNS, checkSections, exportedTables } from "./export-sections";
import { DELETED_MEMBER } from "./delete-my-account";
import { enqueueEmail } from "../../shared/email/outbox";
import { memberPhotoUrl } from "../../../contract/member-photo";
import sharp from "sharp";
import { randomBytes } from "node:crypto";

const m8 = () => randomBytes(4).toString("hex");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
type Auth = Member["auth"];
const exportOf = (auth: Auth) => t.app.inject({ method: "GET", url: API.myData.export(), headers: auth });
const deleteAccount = (auth: Auth, password: unknown, lang?: string) =>
  t.app.inject({ method: "DELETE", url: API.myData.account(), headers: { ...auth, ...(lang ? { "accept-language": lang } : {}) }, payload: { password } as never });
const sectionsOf = (res: { json(): unknown }) => (res.json() as { sections: Record<string, Record<string, unknown>[]> }).sections;

/** Secrets planted in the member's rows: none may appear in the export. */
const SECRETS = {
  bankToken: "sealed-bank-token-SECRET-1",
  bankItem: "bank-item-SECRET-2",
  gatewayProfile: "gateway-profile-SECRET-3",
  recurringProfile: "recurring-profile-SECRET-4",
  pushKey: "push-p256dh-SECRET-5",
  pushAuth: "push-auth-SECRET-6",
  passkeyPublicKey: "passkey-public-key-SECRET-7",
  passkeyCredential: "passkey-credential-SECRET-8",
  totp: "totp-sealed-SECRET-9",
  pushPath: "push-path-SECRET-10",
  journeyUnsubscribe: "journey-unsubscribe-SECRET-11",
  emailChangeHash: "email-change-hash-SECRET-12",
};

/** Gives the member a row in most member-keyed tables: through the API where it is quick, else directly. */
async function furnish(m: Member, tag: string) {
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: "POST", url, headers: m.auth, payload: payload as never });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as { id: string };
  };
  await post(API.notes.list(), { title: `Note ${tag}`, content: `My note ${tag}` });
  await post(API.prayer.requests(), { title: `Prayer ${tag}`, description: `Please pray ${tag}` });
  await post(API.testimonies.list(), { text: `Testimony ${tag}: God has been faithful.` });
  await post(API.comments.list(), { message: `Comment ${tag}` });
  const id = m.user.id;
  const [bank] = await t.db
    .insert(bankAccounts)
    .values({ userId: id, provider: "sandbox", itemId: SECRETS.bankItem, accessTokenSealed: SECRETS.bankToken, providerAccountId: "acc-1", institutionName: "First Bank", accountName: "Checking", mask: "6789", roundsUpFrom: new Date() })
    .returning();
  await t.db.insert(paymentMethods).values([
    { userId: id, type: "credit_card", provider: "sandbox", lastFour: "4242", cardBrand: "Visa", expiryMonth: 12, expiryYear: 2030, gatewayProfileId: SECRETS.gatewayProfile, isDefault: true },
    { userId: id, type: "bank_account", provider: "sandbox", lastFour: "6789", bankName: "First Bank", bankAccountId: bank.id },
  ]);
  await t.db.insert(wallets).values({ userId: id, balanceCents: 1500 }).onConflictDoNothing();
  const [general] = await t.db.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true));
  const [recurring] = await t.db
    .insert(recurringGifts)
    .values({ userId: id, fundId: general!.id, amountCents: 2500, frequency: "monthly", nextPaymentDate: "2030-01-01", anchorDay: 1, gatewayProfileId: SECRETS.recurringProfile, cardLastFour: "4242", cardBrand: "Visa" })
    .returning();
  await t.db.insert(gifts).values({ userId: id, fundId: general!.id, amountCents: 5000, status: "COMPLETED", cardLastFour: "4242", cardBrand: "Visa", recurringGiftId: recurring.id });
  await t.db.insert(pushSubscriptions).values({ userId: id, endpoint: `https://push.example.net/${SECRETS.pushPath}-${tag}`, p256dh: SECRETS.pushKey, auth: SECRETS.pushAuth });
  await t.db.insert(passkeys).values({ userId: id, credentialId: `${SECRETS.passkeyCredential}-${tag}`, publicKey: SECRETS.passkeyPublicKey, name: `Phone ${tag}` });
  await t.db.insert(totpSecrets).values({ userId: id, secretSealed: SECRETS.totp });
  await t.db.insert(notifications).values({ userId: id, kind: "prayerAnswered", subjectId: id, title: `Someone prayed ${tag}`, body: "b", url: "/prayer" });
  const [group] = await t.db.insert(smallGroups).values({ name: `Group ${tag}`, description: "Tuesdays" }).returning();
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: id });
  return { bank, recurring, group };
}

/**
 * One row in each section furnish() leaves empty, so the export test sees every section filled:
 * church content made for the purpose (a service with a poll, an event, an announcement, a
 * journey, a challenge, a second group), and the member's own row in each table.
 */
async function furnishTheRest(m: Member, tag: string) {
  const id = m.user.id;
  const at = new Date("2026-11-20T15:00:00Z");
  const [prayer] = await t.db.select({ id: prayerRequests.id }).from(prayerRequests).where(eq(prayerRequests.userId, id));
  const [testimony] = await t.db.select({ id: testimonies.id }).from(testimonies).where(eq(testimonies.userId, id));
  const [bank] = await t.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.userId, id));
  await t.db.insert(prayerPrayed).values({ prayerId: prayer.id, userId: id });
  await t.db.insert(testimonyAmens).values({ testimonyId: testimony.id, userId: id });
  const [service] = await t.db.insert(services).values({ title: `Service ${tag}`, date: at }).returning();
  const [poll] = await t.db.insert(polls).values({ serviceId: service.id, question: `Poll ${tag}?`, options: ["Yes", "No"] }).returning();
  await t.db.insert(pollVotes).values({ pollId: poll.id, userId: id, optionIndex: 1 });
  await t.db.insert(questions).values({ serviceId: service.id, userId: id, text: `Question ${tag}?` });
  const [event] = await t.db
    .insert(calendarEvents)
    .values({ title: `Event ${tag}`, startsAt: at, endsAt: new Date(at.getTime() + 3_600_000), registration: true })
    .returning();
  await t.db.insert(calendarRsvps).values({ eventId: event.id, occurrenceStart: at, userId: id, status: "going" });
  const [announcement] = await t.db
    .insert(announcements)
    .values({ title: `News ${tag}`, body: "b", audienceKind: "everyone", channels: ["inbox"], status: "sent", sendAt: at })
    .returning();
  await t.db.insert(announcementDeliveries).values({ announcementId: announcement.id, userId: id, channel: "inbox", outcome: "delivered" });
  await t.db.insert(memberActivity).values({ userId: id, day: "2026-11-20" }).onConflictDoNothing();
  await t.db.insert(memberPhotos).values({ userId: id, version: `v-${tag}`, large: Buffer.from("large"), small: Buffer.from("small") });
  await t.db.insert(emailChanges).values({ userId: id, newEmail: `new-${tag}@example.org`, tokenHash: `${SECRETS.emailChangeHash}-${tag}`, expiresAt: new Date(Date.now() + 3_600_000) });
  await t.db.insert(directoryListings).values({ userId: id, listed: true, showEmail: true });
  const [purchase] = await t.db
    .insert(bankPurchases)
    .values({ userId: id, bankAccountId: bank.id, provider: "sandbox", providerTransactionId: `txn-${tag}`, amountCents: 450, description: `Coffee ${tag}`, postedAt: at, roundUpCents: 50 })
    .returning();
  const [collection] = await t.db
    .insert(roundUpCollections)
    .values({ userId: id, bankAccountId: bank.id, amountCents: 50, status: "completed", providerDebitId: `debit-${tag}-${id}`, nextCheckAt: at, createdAt: at, settledAt: at })
    .returning();
  await t.db.insert(walletTransactions).values({ userId: id, type: "round_up", status: "completed", amountCents: 50, description: `Round-up ${tag}`, bankPurchaseId: purchase.id, collectionId: collection.id });
  await t.db.insert(roundUpSettings).values({ userId: id, isEnabled: true, roundsUpFrom: at });
  const [askGroup] = await t.db.insert(smallGroups).values({ name: `Ask group ${tag}`, description: "Thursdays" }).returning();
  await t.db.insert(groupJoinRequests).values({ groupId: askGroup.id, userId: id });
  const [journey] = await t.db.insert(journeys).values({ key: `journey-${tag}`, titleEn: `Journey ${tag}`, titleEs: `Camino ${tag}` }).returning();
  await t.db.insert(journeyEnrolments).values({ userId: id, sequenceKey: journey.key, startDate: "2026-11-01", unsubscribeToken: `${SECRETS.journeyUnsubscribe}-${tag}` });
  const [challenge] = await t.db.insert(challenges).values({ title: `Challenge ${tag}`, description: "Pray daily", days: 7, type: "PRAYER" }).returning();
  await t.db.insert(userChallenges).values({ userId: id, challengeId: challenge.id });
  await t.db.insert(notificationOptOuts).values({ userId: id, kind: "announcement" });
  await t.db.insert(emailOptOuts).values({ userId: id });
  return { poll, service, event, announcement, testimony, prayer, askGroup, challenge };
}

describe("GET /api/me/export", () => {
  it("downloads everything about the member as a dated JSON attachment, and nothing of anyone else", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Ruth", lastName: "Moab" });
    const other = await t.signUp();
    await furnish(m, "mine");
    await furnish(other, "theirs");
    const made = await furnishTheRest(m, "mine");
    await furnishTheRest(other, "theirs");

    const res = await exportOf(m.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="koinonia-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const s = sectionsOf(res);
    expect(Object.keys(s)).toEqual(EXPORT_SECTIONS.map((x) => x.name));
    expect(s.profile).toEqual([expect.objectContaining({ id: m.user.id, email: m.user.email, firstName: "Ruth", lastName: "Moab", role: "MEMBER" })]);
    expect(s.notes.map((n) => n.title)).toEqual(["Note mine"]);
    expect(s.prayerRequests.map((p) => p.title)).toEqual(["Prayer mine"]);
    expect(s.testimonies.map((x) => x.text)).toEqual(["Testimony mine: God has been faithful."]);
    expect(s.comments.map((c) => c.message)).toEqual(["Comment mine"]);
    expect(s.gifts).toEqual([expect.objectContaining({ amountCents: 5000, cardLastFour: "4242", cardBrand: "Visa" })]);
    expect(s.recurringGifts).toEqual([expect.objectContaining({ amountCents: 2500, frequency: "monthly", status: "ACTIVE" })]);
    expect(s.wallet).toEqual([expect.objectContaining({ balanceCents: 1500 })]);
    // Payment methods: which kind, brand and last four only (no expiry, bank, default flag or ids).
    expect(s.paymentMethods).toHaveLength(2);
    expect(s.paymentMethods).toEqual(
      expect.arrayContaining([
        { type: "credit_card", cardBrand: "Visa", lastFour: "4242" },
        { type: "bank_account", cardBrand: null, lastFour: "6789" },
      ]),
    );
    expect(JSON.stringify(s.paymentMethods)).not.toMatch(/2030|First Bank|expiry|isDefault|bankAccountId|provider/);
    expect(s.bankAccounts).toEqual([expect.objectContaining({ institutionName: "First Bank", mask: "6789" })]);
    expect(s.pushSubscriptions).toEqual([expect.objectContaining({ endpoint: "push.example.net" })]);
    expect(s.passkeys).toEqual([expect.objectContaining({ name: "Phone mine" })]);
    expect(Object.keys(s.passkeys[0]).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "transports", "userId"]);
    expect(s.sessions.length).toBe(1);
    expect(s.sessions[0]).not.toHaveProperty("tokenHash");
    expect(s.notifications.map((n) => n.title)).toEqual(["Someone prayed mine"]);
    expect(s.groupMemberships.length).toBe(1);
    // Every section holds the member's row (a new section needs a row in furnish or furnishTheRest).
    const empty = EXPORT_SECTIONS.map((x) => x.name).filter((name) => s[name].length === 0);
    expect(empty, "export sections this test never fills").toEqual([]);
    expect(s.questions).toEqual([expect.objectContaining({ text: "Question mine?", serviceId: made.service.id, userId: m.user.id })]);
    expect(s.pollVotes).toEqual([expect.objectContaining({ pollId: made.poll.id, optionIndex: 1 })]);
    expect(s.testimonyAmens).toEqual([expect.objectContaining({ testimonyId: made.testimony.id })]);
    expect(s.prayersPrayed).toEqual([expect.objectContaining({ prayerId: made.prayer.id })]);
    expect(s.eventRegistrations).toEqual([expect.objectContaining({ eventId: made.event.id, status: "going" })]);
    expect(s.activityDays).toEqual(expect.arrayContaining([expect.objectContaining({ day: "2026-11-20" })]));
    expect(s.announcementDeliveries).toEqual([expect.objectContaining({ announcementId: made.announcement.id, channel: "inbox", outcome: "delivered" })]);
    expect(s.groupJoinRequests).toEqual([expect.objectContaining({ groupId: made.askGroup.id, status: "pending" })]);
    expect(s.challenges).toEqual([expect.objectContaining({ challengeId: made.challenge.id })]);
    expect(s.journeyEnrolments).toEqual([expect.objectContaining({ sequenceKey: "journey-mine" })]);
    expect(s.journeyEnrolments[0]).not.toHaveProperty("unsubscribeToken");
    expect(s.emailChanges).toEqual([expect.objectContaining({ newEmail: "new-mine@example.org" })]);
    expect(s.emailChanges[0]).not.toHaveProperty("tokenHash");
    expect(s.directory).toEqual([expect.objectContaining({ listed: true, showEmail: true, showPhone: false })]);
    expect(s.photo).toEqual([expect.objectContaining({ version: "v-mine" })]);
    expect(s.photo[0]).not.toHaveProperty("small");
    expect(s.bankPurchases).toEqual([expect.objectContaining({ description: "Coffee mine", roundUpCents: 50 })]);
    expect(s.walletTransactions).toEqual([expect.objectContaining({ description: "Round-up mine", type: "round_up" })]);
    expect(s.notificationPreferences).toEqual([expect.objectContaining({ kind: "announcement" })]);

    // Nothing of the other member, and no secret: neither planted ones nor the password hash or session token.
    expect(res.body).not.toContain("theirs");
    expect(res.body).not.toContain(other.user.id);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, m.user.id));
    const [session] = await t.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, m.user.id));
    for (const secret of [...Object.values(SECRETS), row.hash, session.hash, m.token]) expect(res.body).not.toContain(secret);
  });

  it("needs a session, and is limited per member (a heavy read)", async () => {
    expect((await t.app.inject({ method: "GET", url: API.myData.export() })).statusCode).toBe(401);
    const m = await t.signUp();
    const { count } = t.deps.config.writeLimits.dataExport;
    for (let i = 0; i < count; i++) expect((await exportOf(m.auth)).statusCode).toBe(200);
    expect((await exportOf(m.auth)).statusCode).toBe(429);
    expect((await exportOf((await t.signUp()).auth)).statusCode).toBe(200);
  });

  it("refuses a section that would export a secret-looking column", () => {
    expect(checkSections([{ name: "sessions", table: sessions, by: sessions.userId }])).toEqual([expect.stringMatching(/sessions\.tokenHash looks like a secret/)]);
    expect(checkSections([{ name: "cards", table: paymentMethods, by: paymentMethods.userId, only: ["lastFour", "gatewayProfileId", "cardNumber"] }])).toEqual([
      expect.stringMatching(/payment_methods has no column cardNumber/),
      expect.stringMatching(/payment_methods\.gatewayProfileId looks like a secret/),
    ]);
    expect(checkSections(EXPORT_SECTIONS)).toEqual([]);
  });
});

describe("completeness against the database catalog", () => {
  const rows = <R>(result: unknown) => (result as { rows: R[] }).rows;
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  /**
   * Every column that names a member: each column of a foreign key to users (the catalog's
   * pg_constraint), and each column named like one (user_id, member_id, *_user_id,
   * *_member_id), with a foreign key or without.
   */
  async function memberReferences() {
    const keyed = rows<{ table: string; column: string }>(
      await t.db.execute(sql`
        select c.conrelid::regclass::text as "table", a.attname as "column"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = 'users'::regclass`),
    );
    const named = rows<{ table: string; column: string }>(
      await t.db.execute(sql`
        select c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name ~ '^(user_id|member_id|.+_user_id|.+_member_id)$'`),
    );
    const refs = new Map<string, { table: string; column: string; keyed: boolean }>();
    for (const r of named) refs.set(`${r.table}.${r.column}`, { ...r, keyed: false });
    for (const r of keyed) refs.set(`${unquote(r.table)}.${r.column}`, { table: unquote(r.table), column: r.column, keyed: true });
    return [...refs.values()];
  }
  /** A reference is accounted for: its table is left out with a reason, an export section reads the member's rows by it, or the column is left out with a reason. */
  const accountedFor = (r: { table: string; column: string }) =>
    r.table in NOT_EXPORTED || EXPORT_SECTIONS.some((x) => getTableName(x.table) === r.table && x.by.name === r.column) || `${r.table}.${r.column}` in NOT_EXPORTED_COLUMNS;

  it("every column that references a member, with a foreign key or by its name, is exported or listed as not exported, with a reason", async () => {
    const refs = await memberReferences();
    expect(refs.filter((r) => r.keyed).length).toBeGreaterThan(40);
    // The columns named like a member with no foreign key are found too (announcements.cursor_user_id has none).
    expect(refs).toContainEqual({ table: "announcements", column: "cursor_user_id", keyed: false });
    const missing = refs.filter((r) => !accountedFor(r)).map((r) => `${r.table}.${r.column}`);
    expect(missing, "columns that reference a member but are neither exported (EXPORT_SECTIONS) nor listed in NOT_EXPORTED or NOT_EXPORTED_COLUMNS (export-sections.ts)").toEqual([]);

    const tables = new Set([...refs.map((r) => r.table), "users"]);
    expect(tables.size).toBeGreaterThan(20);
    // Every section reads a table that references a member.
    expect([...exportedTables()].filter((name) => !tables.has(name))).toEqual([]);
    // No stale entry: each listed table still references a member, each listed column still exists.
    expect(Object.keys(NOT_EXPORTED).filter((name) => !tables.has(name))).toEqual([]);
    const columns = new Set(
      rows<{ name: string }>(await t.db.execute(sql`select table_name || '.' || column_name as name from information_schema.columns where table_schema = current_schema()`)).map((r) => r.name),
    );
    expect(Object.keys(NOT_EXPORTED_COLUMNS).filter((name) => !columns.has(name))).toEqual([]);
    for (const reason of [...Object.values(NOT_EXPORTED), ...Object.values(NOT_EXPORTED_COLUMNS)]) expect(reason.length).toBeGreaterThan(10);
  });

  it("a new table or column naming a member, with or without a foreign key, fails the check", async () => {
    expect((await memberReferences()).filter((r) => !accountedFor(r))).toEqual([]);
    await t.db.execute(sql`create table test_forgotten (id uuid primary key, owner uuid references users (id), member_id uuid, helper_user_id uuid, note text)`);
    try {
      const missing = (await memberReferences()).filter((r) => !accountedFor(r)).map((r) => `${r.table}.${r.column}`);
      expect(missing.sort()).toEqual(["test_forgotten.helper_user_id", "test_forgotten.member_id", "test_forgotten.owner"]);
    } finally {
      await t.db.execute(sql`drop table test_forgotten`);
    }
    // A second member column on an exported table is not covered by the section that reads the table by another one.
    expect(accountedFor({ table: "personal_notes", column: "shared_with_user_id" })).toBe(false);
    expect(accountedFor({ table: "personal_notes", column: "user_id" })).toBe(true);
  });
});

describe("DELETE /api/me", () => {
  it("refuses a wrong or missing password with a 400 on the field, in the member's language", async () => {
    const m = await t.signUp();
    const wrong = await deleteAccount(m.auth, "not-my-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(MY_DATA_TEXT.wrongPassword);
    expect(wrong.body).toContain("password");
    expect((await deleteAccount(m.auth, "", "es")).body).toContain("Escriba su contraseña para eliminar su cuenta");
    expect((await t.app.inject({ method: "GET", url: API.church.me(), headers: m.auth })).statusCode).toBe(200);
  });

  it("erases the member table by table, keeps giving records under an anonymised donor, and signs out everywhere", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira", password: "purple-cloth" });
    const other = await t.signUp();
    await furnish(other, "bystander");
    const { bank, recurring } = await furnish(m, "gone");
    const second = await t.app.inject({ method: "POST", url: API.auth.login(), payload: { email: m.user.email, password: "purple-cloth" } });
    const secondAuth = { authorization: `Bearer ${(second.json() as { token: string }).token}` };
    const prayerId = (await t.db.select().from(prayerRequests).where(eq(prayerRequests.userId, m.user.id)))[0].id;

    const res = await deleteAccount(m.auth, "purple-cloth");
    expect(res.statusCode, res.body).toBe(204);

    // Every session is signed out.
    for (const auth of [m.auth, secondAuth]) expect((await t.app.inject({ method: "GET", url: API.church.me(), headers: auth })).statusCode).toBe(401);
    expect((await t.db.select().from(sessions).where(and(eq(sessions.userId, m.user.id), sql`${sessions.revokedAt} is null`))).length).toBe(0);
    // Tombstone: no name, email, phone or usable password.
    const [u] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(u).toMatchObject({ firstName: DELETED_MEMBER.firstName, lastName: DELETED_MEMBER.lastName, phone: null, role: "MEMBER", email: DELETED_MEMBER.email(m.user.id) });
    expect(u.email).not.toContain("@");
    expect(u.deletedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(u)).not.toMatch(/Lydia|Thyatira/);
    const signIn = await t.app.inject({ method: "POST", url: API.auth.login(), payload: { email: m.user.email, password: "purple-cloth" } });
    expect(signIn.statusCode).toBe(401);

    const mine = async (table: typeof personalNotes | typeof livestreamComments | typeof pushSubscriptions | typeof paymentMethods | typeof passkeys | typeof totpSecrets | typeof notifications | typeof groupMembers) =>
      (await t.db.select().from(table).where(eq(table.userId, m.user.id))).length;
    for (const table of [personalNotes, livestreamComments, pushSubscriptions, paymentMethods, passkeys, totpSecrets, notifications, groupMembers]) expect(await mine(table)).toBe(0);
    // Prayer requests stay, anonymous; testimonies stay without an author.
    const [prayer] = await t.db.select().from(prayerRequests).where(eq(prayerRequests.id, prayerId));
    expect(prayer).toMatchObject({ isAnonymous: true, shareWithCareTeam: false });
    expect((await t.db.select().from(testimonies).where(eq(testimonies.text, "Testimony gone: God has been faithful."))).map((x) => x.userId)).toEqual([null]);
    // Giving records stay under the tombstone (and the wallet's $15.00 became a gift: below); the recurring gift is cancelled.
    expect((await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).map((g) => g.amountCents).sort()).toEqual([1500, 5000]);
    expect((await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id)))[0].status).toBe("CANCELLED");
    // The bank link is dropped and its token revoke queued.
    const [b] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, bank.id));
    expect(b.accessTokenSealed).toBeNull();
    expect(b.unlinkedAt).toBeInstanceOf(Date);
    const calls = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "bank.remove-item"));
    expect(calls.map((c) => (c.payload as { bankAccountId: string }).bankAccountId)).toContain(bank.id);

    // Staff no longer find them among the members.
    const owner = await t.signUp("OWNER");
    const listed = await t.app.inject({ method: "GET", url: `${API.admin.users()}?q=${DELETED_MEMBER.firstName}`, headers: owner.auth });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { id: string }[]).map((x) => x.id)).not.toContain(m.user.id);

    // The bystander keeps everything.
    expect((await t.db.select().from(personalNotes).where(eq(personalNotes.userId, other.user.id))).length).toBe(1);
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, other.user.id))).length).toBe(2);
    expect((await t.app.inject({ method: "GET", url: API.church.me(), headers: other.auth })).statusCode).toBe(200);
  });

  it("removes the photo (its URLs answer 404), the directory listing, a pending email change (its link no longer works) and queued mail but giving records", async () => {
    const lastName = `Joppa${m8()}`;
    const m = await t.signUp("MEMBER", { firstName: "Dorcas", lastName, password: "made-garments" });
    const viewer = await t.signUp();
    const staff = await t.signUp("STAFF");
    // A photo, shared in the directory with the email.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#a33" } }).jpeg().toBuffer();
    const put = await t.app.inject({ method: "PUT", url: API.profile.photo(), headers: { ...m.auth, "content-type": "image/jpeg" }, payload: jpeg });
    expect(put.statusCode, put.body).toBe(200);
    const [photo] = await t.db.select().from(memberPhotos).where(eq(memberPhotos.userId, m.user.id));
    const photoUrls = [memberPhotoUrl(m.user.id, photo.version, "large"), memberPhotoUrl(m.user.id, photo.version, "small")];
    for (const url of photoUrls) expect((await t.app.inject({ method: "GET", url, headers: viewer.auth })).statusCode).toBe(200);
    const listed = await t.app.inject({ method: "PUT", url: API.directory.mine(), headers: m.auth, payload: { listed: true, showPhoto: true, showEmail: true } });
    expect(listed.statusCode, listed.body).toBe(200);
    const directoryIds = async (who: Member) =>
      ((await t.app.inject({ method: "GET", url: `${API.directory.search()}?q=${lastName}`, headers: who.auth })).json() as { members: { id: string }[] }).members.map((e) => e.id);
    expect(await directoryIds(viewer)).toEqual([m.user.id]);
    // A pending email change: the link went to the new address, a notice to the old one.
    const newEmail = `dorcas-${m.user.id.slice(0, 8)}@example.org`;
    const change = await t.app.inject({ method: "POST", url: API.security.email(), headers: m.auth, payload: { newEmail, currentPassword: "made-garments" } });
    expect(change.statusCode, change.body).toBe(202);
    const [link] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, newEmail));
    const token = decodeURIComponent(/confirm-email\?token=([^\s"&<]+)/.exec(link.text)![1]);
    // Mail already waiting for the member: church news, a journey day, a password reset, a receipt
    // and a statement; one email already sent (history); and another member's news.
    const at = new Date();
    const queue = (to: string, kind: "news" | "giving" | "account", subject: string) => enqueueEmail(t.db, { kind, to, subject, text: subject, html: `<p>${subject}</p>` }, at);
    await queue(m.user.email, "news", "Church news");
    await queue(m.user.email, "news", "Journey day 3");
    await queue(m.user.email, "giving", "Your receipt");
    await queue(m.user.email, "giving", "Your 2026 giving statement");
    const sentId = await queue(m.user.email, "news", "Last week's news");
    await t.db.update(emailOutbox).set({ status: "sent", sentAt: at }).where(eq(emailOutbox.id, sentId));
    await queue(viewer.user.email, "news", "Church news");
    const reset = await t.app.inject({ method: "POST", url: API.auth.forgotPassword(), payload: { email: m.user.email } });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const queuedBefore = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, m.user.email), eq(emailOutbox.status, "queued")));
    // The email-change notice and the reset link are account emails, queued by their own paths.
    expect(queuedBefore.filter((e) => e.kind === "account").length).toBe(2);

    expect((await deleteAccount(m.auth, "made-garments")).statusCode).toBe(204);

    // The photo: both images gone, both URLs a 404.
    expect(await t.db.select().from(memberPhotos).where(eq(memberPhotos.userId, m.user.id))).toEqual([]);
    for (const url of photoUrls) expect((await t.app.inject({ method: "GET", url, headers: viewer.auth })).statusCode).toBe(404);
    // The directory: settings gone; in no answer, to a member or to staff.
    expect(await t.db.select().from(directoryListings).where(eq(directoryListings.userId, m.user.id))).toEqual([]);
    expect(await directoryIds(viewer)).toEqual([]);
    expect(await directoryIds(staff)).toEqual([]);
    // The pending email change: gone, and its link no longer works; the tombstone keeps its non-address.
    expect(await t.db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id))).toEqual([]);
    const confirm = await t.app.inject({ method: "POST", url: API.auth.confirmEmail(), payload: { token } });
    expect(confirm.statusCode).toBe(400);
    const [tomb] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, m.user.id));
    expect(tomb.email).toBe(DELETED_MEMBER.email(m.user.id));
    // Mail: what was queued and not a giving record is cancelled; giving records still go; history and others' mail stay.
    const left = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(left.map((e) => [e.kind, e.status, e.subject]).sort()).toEqual(
      [
        ["giving", "queued", "Your 2026 giving statement"],
        ["giving", "queued", "Your receipt"],
        ["news", "sent", "Last week's news"],
      ].sort(),
    );
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, viewer.user.email))).map((e) => [e.subject, e.status])).toEqual([["Church news", "queued"]]);
  });

  it("gives what the wallet holds to the default fund as a wallet gift, in the deletion's transaction; an empty wallet gives nothing", async () => {
    const m = await t.signUp("MEMBER", { password: "spend-it-well" });
    const other = await t.signUp();
    await t.db.insert(wallets).values([
      { userId: m.user.id, balanceCents: 1234, roundUpAccumulatedCents: 900 },
      { userId: other.user.id, balanceCents: 777 },
    ]);
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    expect((await deleteAccount(m.auth, "spend-it-well")).statusCode).toBe(204);

    const given = await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ amountCents: 1234, feeCents: 0, fundId: general.id, status: "COMPLETED", method: "wallet", cardLastFour: null, gatewayTransactionId: null });
    const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, m.user.id));
    expect(wallet.balanceCents).toBe(0);
    // The wallet's ledger explains the zero: one payment naming the gift.
    const ledger = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.user.id));
    expect(ledger).toEqual([expect.objectContaining({ type: "payment", status: "completed", amountCents: 1234, giftId: given[0].id })]);
    // No receipt can go: the address is erased.
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email))).length).toBe(0);
    // Nobody else's wallet moves.
    expect((await t.db.select().from(wallets).where(eq(wallets.userId, other.user.id)))[0].balanceCents).toBe(777);

    const empty = await t.signUp("MEMBER", { password: "nothing-saved" });
    expect((await deleteAccount(empty.auth, "nothing-saved")).statusCode).toBe(204);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, empty.user.id))).toEqual([]);
    expect(await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, empty.user.id))).toEqual([]);
  });

  it("round-ups collected before the deletion and settled after it go to the default fund too", async () => {
    const m = await t.signUp("MEMBER", { password: "bank-still-busy" });
    const [bank] = await t.db
      .insert(bankAccounts)
      .values({ userId: m.user.id, provider: "sandbox", itemId: "item-busy", accessTokenSealed: "sealed", providerAccountId: "acc-busy", institutionName: "First Bank", accountName: "Checking", mask: "1111", roundsUpFrom: new Date() })
      .returning();
    const [collection] = await t.db
      .insert(roundUpCollections)
      .values({ userId: m.user.id, bankAccountId: bank.id, amountCents: 321, status: "pending", providerDebitId: `debit-${m.user.id}`, nextCheckAt: new Date(), createdAt: new Date() })
      .returning();
    await t.db.insert(walletTransactions).values({ userId: m.user.id, type: "round_up", status: "pending", amountCents: 321, description: "Coffee", collectionId: collection.id });
    expect((await deleteAccount(m.auth, "bank-still-busy")).statusCode).toBe(204);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toEqual([]);

    await settleCollection(t.deps, collection.id);
    const given = await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
    expect(given.map((g) => [g.amountCents, g.method])).toEqual([[321, "wallet"]]);
    expect((await t.db.select().from(wallets).where(eq(wallets.userId, m.user.id)))[0].balanceCents).toBe(0);
    // A second settle of the same collection changes nothing.
    await settleCollection(t.deps, collection.id);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toHaveLength(1);
  });

  it("lets the same email register again, as a new member with nothing of the old one", async () => {
    const m = await t.signUp("MEMBER", { password: "first-life" });
    await t.app.inject({ method: "POST", url: API.notes.list(), headers: m.auth, payload: { title: "Old", content: "old" } });
    expect((await deleteAccount(m.auth, "first-life")).statusCode).toBe(204);
    const again = await t.app.inject({ method: "POST", url: API.auth.register(), payload: { email: m.user.email.toUpperCase(), password: "second-life", firstName: "New", lastName: "Start" } });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = again.json() as { token: string; user: { id: string } };
    expect(fresh.user.id).not.toBe(m.user.id);
    const s = sectionsOf(await exportOf({ authorization: `Bearer ${fresh.token}` }));
    expect(s.notes).toEqual([]);
    expect(s.profile[0]).toMatchObject({ firstName: "New", email: m.user.email });
  });

  it("refuses the last owner with a 409 and a clear message; an owner with another owner may leave", async () => {
    // Retire any other owner, so this test's owners are the only ones.
    await t.db.execute(sql`update users set role = 'PASTOR' where role = 'OWNER'`);
    {
      const a = await t.signUp("OWNER", { password: "owner-pass" });
      const b = await t.signUp("OWNER", { password: "owner-pass" });
      expect((await deleteAccount(a.auth, "owner-pass")).statusCode).toBe(204);
      const last = await deleteAccount(b.auth, "owner-pass");
      expect(last.statusCode).toBe(409);
      expect(last.json()).toMatchObject({ error: MY_DATA_TEXT.lastOwner });
      expect((await deleteAccount(b.auth, "owner-pass", "es")).json()).toMatchObject({ error: expect.stringMatching(/^Usted es el único propietario/) });
      expect((await t.app.inject({ method: "GET", url: API.church.me(), headers: b.auth })).statusCode).toBe(200);
    }
  });

  it("queues the CRM contact's deletion while the CRM is connected, and cancels what was still to send", async () => {
    await t.db.insert(integrations).values({ provider: "ghl", accessTokenSealed: "sealed", locationId: "loc-1" }).onConflictDoNothing();
    const m = await t.signUp("MEMBER", { password: "crm-pass" });
    const n = await t.signUp("MEMBER", { password: "crm-pass" });
    await t.db.update(crmSyncItems).set({ status: "sent", contactId: "contact-m" }).where(and(eq(crmSyncItems.kind, "member"), eq(crmSyncItems.sourceId, m.user.id)));
    expect((await deleteAccount(m.auth, "crm-pass")).statusCode).toBe(204);
    expect((await deleteAccount(n.auth, "crm-pass")).statusCode).toBe(204);
    const calls = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "crm.delete-contact"));
    expect(calls.map((c) => c.payload)).toEqual([{ contactId: "contact-m" }]);
    const [pending] = await t.db.select().from(crmSyncItems).where(and(eq(crmSyncItems.kind, "member"), eq(crmSyncItems.sourceId, n.user.id)));
    expect(pending.status).toBe("cancelled");
    await t.db.delete(integrations).where(eq(integrations.provider, "ghl"));
  });

  it("needs a session", async () => {
    expect((await t.app.inject({ method: "DELETE", url: API.myData.account(), payload: { password: "x" } })).statusCode).toBe(401);
  });
});
