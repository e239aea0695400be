/**
 * The member's own data (issue 20, decision 0117): download it (everything, no secrets, every
 * member-keyed table in the catalog accounted for) and delete the account (table by table, the
 * last owner kept, the same email free to register again, outside calls queued).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { API } from "../../../contract/api-paths";
import { MY_DATA_TEXT } from "../../../contract/my-data";
import { sessions, users } from "../../db/schema/users";
import { personalNotes } from "../../db/schema/notes";
import { prayerRequests } from "../../db/schema/prayer";
import { testimonies } from "../../db/schema/testimonies";
import { livestreamComments } from "../../db/schema/comments";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { bankAccounts, paymentMethods, roundUpCollections, walletTransactions, wallets } from "../../db/schema/wallet";
import { emailOutbox } from "../../db/schema/platform";
import { settleCollection } from "../wallet/collect-round-ups";
import { notifications, pushSubscriptions } from "../../db/schema/notifications";
import { passkeys, totpSecrets } from "../../db/schema/two-step";
import { crmSyncItems, integrations } from "../../db/schema/integrations";
import { backgroundCalls } from "../../db/schema/platform";
import { smallGroups, groupMembers } from "../../db/schema/connect";
import { EXPORT_SECTIONS, NOT_EXPORTED, checkSections, exportedTables } from "./export-sections";
import { DELETED_MEMBER } from "./delete-my-account";

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

describe("GET /api/me/export", () => {
  it("downloads everything about the member as a dated JSON attachment, and nothing of anyone else", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Ruth", lastName: "Moab" });
    const other = await t.signUp();
    await furnish(m, "mine");
    await furnish(other, "theirs");

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
    expect(s.paymentMethods.map((p) => [p.type, p.lastFour, p.cardBrand ?? p.bankName])).toEqual(
      expect.arrayContaining([
        ["credit_card", "4242", "Visa"],
        ["bank_account", "6789", "First Bank"],
      ]),
    );
    expect(s.bankAccounts).toEqual([expect.objectContaining({ institutionName: "First Bank", mask: "6789" })]);
    expect(s.pushSubscriptions).toEqual([expect.objectContaining({ endpoint: "push.example.net" })]);
    expect(s.passkeys).toEqual([expect.objectContaining({ name: "Phone mine" })]);
    expect(Object.keys(s.passkeys[0]).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "transports", "userId"]);
    expect(s.sessions.length).toBe(1);
    expect(s.sessions[0]).not.toHaveProperty("tokenHash");
    expect(s.notifications.map((n) => n.title)).toEqual(["Someone prayed mine"]);
    expect(s.groupMemberships.length).toBe(1);

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
    expect(checkSections(EXPORT_SECTIONS)).toEqual([]);
  });
});

describe("completeness against the database catalog", () => {
  it("every table with a foreign key to users is exported or listed as not exported, with a reason", async () => {
    const result = await t.db.execute(sql`
      select distinct c.conrelid::regclass::text as "table"
      from pg_constraint c
      where c.contype = 'f' and c.confrelid = 'users'::regclass`);
    const referencing = new Set((result as unknown as { rows: { table: string }[] }).rows.map((r) => r.table.replace(/^"|"$/g, "")));
    referencing.add("users");
    expect(referencing.size).toBeGreaterThan(20);
    const exported = exportedTables();
    const missing = [...referencing].filter((name) => !exported.has(name) && !(name in NOT_EXPORTED));
    expect(missing, "tables that reference users but are neither exported nor listed in NOT_EXPORTED (export-sections.ts)").toEqual([]);
    // No stale entry: each listed table still exists and references users.
    expect(Object.keys(NOT_EXPORTED).filter((name) => !referencing.has(name))).toEqual([]);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(10);
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
