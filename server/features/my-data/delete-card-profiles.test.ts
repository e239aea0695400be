/**
 * Deleting an account deletes the member's cards stored at the payment gateway (issue 20,
 * decision 0117): one "payments.delete-profile" background call per customer profile (saved
 * cards and recurring gifts'), queued in the deletion's transaction and made by the
 * background-calls job, against the Authorize.Net stand-in. Also the adapter's delete itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startAuthorizeNetStandIn } from "../../testing/authorize-net-stand-in";
import { createMoneyTestApp, giveRequest } from "../../testing/money-test-app";
import type { TestApp } from "../../testing/harness";
import { createAuthorizeNetGateway } from "../../providers/payments/authorize-net";
import { GatewayUnavailableError } from "../../providers/payments/port";
import { runBackgroundCalls } from "../../jobs/background-calls";
import { backgroundCalls } from "../../db/schema/platform";
import { paymentMethods } from "../../db/schema/wallet";
import { recurringGifts } from "../../db/schema/giving";
import { API } from "../../../contract/api-paths";
import { deleteCardProfile } from "./delete-card-profile";

const LOGIN = "7pQ2wallet";
const KEY = "91Fk2profile3Del";
let standIn: Awaited<ReturnType<typeof startAuthorizeNetStandIn>>;
let t: TestApp;
beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn({ apiLoginId: LOGIN, transactionKey: KEY });
  t = await createMoneyTestApp({ env: standIn.appEnv });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
let n = 0;
/** A saved card (Wallet → Add Card) and a recurring gift, each stored at the gateway as its own customer profile. */
async function storeCards(m: Member) {
  const card = await t.app.inject({
    method: "POST",
    url: API.wallet.paymentMethods(),
    headers: m.auth,
    payload: { type: "credit_card", provider: "ignored", cardNumber: "4111 1111 1111 1111", expiryMonth: 12, expiryYear: 30, cvv: "123" },
  });
  expect(card.statusCode, card.body).toBe(201);
  const gift = await t.app.inject({
    method: "POST",
    url: API.giving.recurring(),
    headers: { ...m.auth, "idempotency-key": `delete-profiles-${++n}` },
    payload: giveRequest({ is_recurring: true }) as never,
  });
  expect(gift.statusCode, gift.body).toBe(201);
  const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, m.user.id));
  const [recurring] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.userId, m.user.id));
  return [method.gatewayProfileId!, recurring.gatewayProfileId].map((id) => id.split("/")[0]);
}
const deleteRequests = () => standIn.requests.filter((r) => r.name === "deleteCustomerProfileRequest");

describe("deleting an account with cards stored at Authorize.Net", () => {
  it("queues each profile's deletion with the account's, and the background job deletes them there, only theirs", async () => {
    const leaving = await t.signUp("MEMBER", { password: "leaving-for-good" });
    const staying = await t.signUp();
    const theirs = await storeCards(leaving);
    const others = await storeCards(staying);
    for (const id of [...theirs, ...others]) expect(standIn.profiles.has(id)).toBe(true);
    expect(new Set(theirs).size).toBe(2);

    const res = await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: leaving.auth, payload: { password: "leaving-for-good" } });
    expect(res.statusCode, res.body).toBe(204);
    // Queued, not called during the request.
    expect(deleteRequests()).toEqual([]);
    const queued = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "payments.delete-profile"));
    expect(queued.map((c) => (c.payload as { profileId: string }).profileId.split("/")[0]).sort()).toEqual([...theirs].sort());
    expect(queued.every((c) => (c.payload as { provider: string }).provider === "authorize_net")).toBe(true);

    const stats = await runBackgroundCalls(t.deps);
    expect(stats).toMatchObject({ done: 2, failed: 0, retried: 0 });
    for (const id of theirs) expect(standIn.profiles.has(id)).toBe(false);
    for (const id of others) expect(standIn.profiles.has(id)).toBe(true);
    expect(deleteRequests().map((r) => r.body.customerProfileId).sort()).toEqual([...theirs].sort());
    const done = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "payments.delete-profile"));
    expect(done.map((c) => [c.status, c.payload])).toEqual([
      ["done", {}],
      ["done", {}],
    ]);
  });

  it("a gateway that is down is retried later; a profile already gone counts as deleted; another gateway's profile fails for good", async () => {
    const m = await t.signUp("MEMBER", { password: "leaving-later" });
    const [cardProfile] = await storeCards(m);
    await t.db.delete(backgroundCalls);
    standIn.failNext("http500");
    expect((await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: m.auth, payload: { password: "leaving-later" } })).statusCode).toBe(204);
    const first = await runBackgroundCalls(t.deps);
    expect(first).toMatchObject({ done: 1, retried: 1 });
    const [waiting] = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.status, "queued"));
    expect(waiting.lastError).toMatch(/HTTP 500/);
    await t.db.update(backgroundCalls).set({ nextAttemptAt: new Date() }).where(eq(backgroundCalls.id, waiting.id));
    expect(await runBackgroundCalls(t.deps)).toMatchObject({ done: 1 });
    expect(standIn.profiles.has(cardProfile)).toBe(false);

    // Made again (a runner that died after the gateway acted): the gateway no longer has it, which is what was asked.
    await expect(deleteCardProfile(t.deps, { profileId: `${cardProfile}/1`, provider: "authorize_net" })).resolves.toBeUndefined();
    await expect(deleteCardProfile(t.deps, { profileId: "sbx_cus_ok_000000000000000000000000", provider: "sandbox" })).rejects.toThrow(/now authorize_net/);
  });
});

describe("removing a saved card (Wallet → payment methods, decision 0021)", () => {
  const addCard = async (m: Member, number: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: API.wallet.paymentMethods(),
      headers: m.auth,
      payload: { type: "credit_card", provider: "ignored", cardNumber: number, expiryMonth: 11, expiryYear: 31, cvv: "123" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, res.json().id));
    return row;
  };
  const remove = (m: Member, id: string) => t.app.inject({ method: "DELETE", url: API.wallet.paymentMethod({ id }), headers: m.auth });
  const queuedProfiles = async () =>
    (await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "payments.delete-profile"))).map((c) => (c.payload as { profileId: string }).profileId);

  it("queues the deletion of that card's own profile at the gateway in the same transaction, every card (each is a profile of its own), and the job deletes it there", async () => {
    await t.db.delete(backgroundCalls);
    const m = await t.signUp();
    const visa = await addCard(m, "4111 1111 1111 1111");
    const master = await addCard(m, "5555 5555 5555 4444");
    expect(visa.gatewayProfileId).not.toBe(master.gatewayProfileId);

    expect((await remove(m, visa.id)).statusCode).toBe(204);
    // The member still has a card; the removed one's profile goes all the same (nothing else charges it).
    expect(await queuedProfiles()).toEqual([visa.gatewayProfileId]);
    expect(deleteRequests().some((r) => r.body.customerProfileId === visa.gatewayProfileId!.split("/")[0])).toBe(false);
    expect(await runBackgroundCalls(t.deps)).toMatchObject({ done: 1, failed: 0 });
    expect(standIn.profiles.has(visa.gatewayProfileId!.split("/")[0])).toBe(false);
    expect(standIn.profiles.has(master.gatewayProfileId!.split("/")[0])).toBe(true);

    // The last card: its profile too (the first call is done by now: its payload is cleared).
    expect((await remove(m, master.id)).statusCode).toBe(204);
    expect((await queuedProfiles()).map((id) => id ?? "done").sort()).toEqual(["done", master.gatewayProfileId].sort());
    // Another member's DELETE of a card that is not theirs is a 404 and queues nothing.
    const other = await t.signUp();
    const theirs = await addCard(other, "4111 1111 1111 1111");
    expect((await remove(m, theirs.id)).statusCode).toBe(404);
    expect(await queuedProfiles()).toHaveLength(2);
  });

  it("keeps a profile that a recurring gift (not cancelled) or another saved method still charges; a cancelled gift does not keep it", async () => {
    await t.db.delete(backgroundCalls);
    const m = await t.signUp();
    const card = await addCard(m, "4111 1111 1111 1111");
    const kept = await addCard(m, "5555 5555 5555 4444");
    // A recurring gift charged through the same profile as the saved card (recurring gifts store
    // their own profiles today: add-card and set-up-recurring-gift; this guards any path that shares one).
    const gift = await t.app.inject({
      method: "POST",
      url: API.giving.recurring(),
      headers: { ...m.auth, "idempotency-key": `remove-card-${++n}` },
      payload: giveRequest({ is_recurring: true }) as never,
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const [recurring] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.userId, m.user.id));
    await t.db.update(recurringGifts).set({ gatewayProfileId: card.gatewayProfileId! }).where(eq(recurringGifts.id, recurring.id));

    expect((await remove(m, card.id)).statusCode).toBe(204);
    expect(await queuedProfiles()).toEqual([]);
    // The recurring gift is untouched and still charges that profile.
    const [after] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    expect(after).toMatchObject({ status: "ACTIVE", gatewayProfileId: card.gatewayProfileId });

    // A second saved row of the same profile keeps it too.
    const [twin] = await t.db
      .insert(paymentMethods)
      .values({ ...kept, id: undefined, isDefault: false, createdAt: new Date() })
      .returning();
    expect((await remove(m, kept.id)).statusCode).toBe(204);
    expect(await queuedProfiles()).toEqual([]);
    // A cancelled recurring gift charges nothing: it does not keep the twin's profile.
    await t.db.update(recurringGifts).set({ status: "CANCELLED", gatewayProfileId: kept.gatewayProfileId! }).where(eq(recurringGifts.id, recurring.id));
    expect((await remove(m, twin.id)).statusCode).toBe(204);
    expect(await queuedProfiles()).toEqual([kept.gatewayProfileId]);
  });
});

describe("the Authorize.Net adapter's deleteCustomerProfile", () => {
  const gateway = () => createAuthorizeNetGateway({ apiLoginId: LOGIN, transactionKey: KEY, endpoint: standIn.endpoint, description: "Gift to Koinonia Church Orlando" });

  it("sends deleteCustomerProfileRequest with the customer profile id; gone or foreign ids need no call; outages throw", async () => {
    const profile = await gateway().createCustomerProfile(
      { number: "4242424242424242", expMonth: 3, expYear: 2099, cvv: "8317", firstName: "Lydia", lastName: "Thyatira", email: "lydia@example.org", address: { line1: "", city: "", state: "", zip: "" } },
      `adapter-delete-${Date.now()}`,
    );
    if (!profile.ok) throw new Error("profile should be created");
    const [customerProfileId] = profile.profileId.split("/");
    await gateway().deleteCustomerProfile(profile.profileId);
    const sent = standIn.requests[standIn.requests.length - 1];
    expect(sent.name).toBe("deleteCustomerProfileRequest");
    expect(sent.body).toEqual({ merchantAuthentication: { name: LOGIN, transactionKey: KEY }, customerProfileId });
    expect(standIn.profiles.has(customerProfileId)).toBe(false);

    await gateway().deleteCustomerProfile(profile.profileId); // E00040: already gone
    const before = standIn.requests.length;
    await gateway().deleteCustomerProfile("sbx_cus_ok_0123456789abcdef01234567");
    expect(standIn.requests.length).toBe(before);

    standIn.failNext("garbage");
    await expect(gateway().deleteCustomerProfile("123/456")).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(createAuthorizeNetGateway({ apiLoginId: LOGIN, transactionKey: "wrong", endpoint: standIn.endpoint, description: "x" }).deleteCustomerProfile("123/456")).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });
});
