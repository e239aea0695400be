/**
 * What only the browser shows of issue 19's last gaps: the ledger shows a refund still pending at
 * the gateway apart from the refunded money ("Refund of $x pending", never "Refunded"), and a
 * member's Recent Giving says how each gift was paid in the statement's words (Wallet balance,
 * Check #0012 with its leading zeros, in English and in Spanish). The server tests cover where
 * the pending amount comes from (gift_refunds rows still pending); here the ledger's answer is
 * given one, as a crash between the gateway's answer and its record would leave it. With
 * PENDING_SHOTS=<dir> the ledger row and the history are saved at 390x844, light and dark,
 * English and Spanish.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, register, signIn, DEMO_PASSWORD, shootLightDark } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

const SHOTS = process.env.PENDING_SHOTS;

const shoot = (page: Page, name: string) => shootLightDark(page, SHOTS, name);

async function login(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { headers: { authorization: `Bearer ${body.token}` }, id: body.user.id };
}

async function inLanguage(page: Page, locale: "en" | "es") {
  await page.evaluate((l) => localStorage.setItem("language", l), locale);
  await page.reload();
}

test("a pending refund is shown apart in the ledger; Recent Giving says how each gift was paid", async ({ page, browser }) => {
  const last = `Pendingson${Date.now() % 100000}`;
  const email = await register(page, "Eunice", last);
  const member = await login(page.request, email, "faithful-123");
  // A gift from the wallet: a card saved, $50.00 added, $40.00 given.
  const card = await page.request.post("/api/wallet/payment-methods", {
    headers: member.headers,
    data: { type: "credit_card", cardNumber: "4242424242424242", expiryMonth: 12, expiryYear: 99, cvv: "123" },
  });
  expect(card.status(), await card.text()).toBe(201);
  expect((await page.request.post("/api/wallet/deposits", { headers: { ...member.headers, "idempotency-key": `e2e-pd-${Date.now()}` }, data: { amountCents: 5000 } })).status()).toBe(201);
  const given = await page.request.post("/api/wallet/give", { headers: { ...member.headers, "idempotency-key": `e2e-pg-${Date.now()}` }, data: { amountCents: 4000 } });
  expect(given.status(), await given.text()).toBe(201);
  const giftId = ((await given.json()) as { gift: { id: string } }).gift.id;
  // A check in the plate, number 0012, entered by the owner in a batch.
  const owner = await login(page.request, "owner@koinonia.test", DEMO_PASSWORD);
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
  const batch = await page.request.post("/api/admin/giving/batches", {
    headers: { ...owner.headers, "idempotency-key": `e2e-pb-${Date.now()}` },
    data: { date: today, lines: [{ donor: { kind: "member", userId: member.id }, amountCents: 2500, method: "check", checkNumber: "0012" }] },
  });
  expect(batch.status(), await batch.text()).toBe(201);

  await page.goto("/giving");
  const history = page.getByTestId("recent-gift");
  await expect(history.filter({ hasText: "$40.00" }).getByTestId("recent-gift-method")).toHaveText("Wallet balance");
  await expect(history.filter({ hasText: "$25.00" }).getByTestId("recent-gift-method")).toHaveText("Check #0012");
  await history.first().scrollIntoViewIfNeeded();
  await shoot(page, "history-method-en");
  await inLanguage(page, "es");
  await expect(history.filter({ hasText: "$25.00" }).getByTestId("recent-gift-method")).toHaveText("Cheque n.º 0012");
  await expect(history.filter({ hasText: "$40.00" }).getByTestId("recent-gift-method")).toHaveText("Saldo de la billetera");
  await history.first().scrollIntoViewIfNeeded();
  await shoot(page, "history-method-es");

  // The owner's ledger: $15.00 of the wallet gift refunded, $10.00 more pending at the gateway.
  const ctx = await browser.newContext();
  const o = await ctx.newPage();
  await o.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await o.route("**/api/admin/giving/gifts?**", async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { gifts: { id: string; refundedCents: number; pendingRefundCents: number; refundableCents: number }[] };
    for (const g of body.gifts) if (g.id === giftId) Object.assign(g, { refundedCents: 2500, pendingRefundCents: 1000, refundableCents: 1500 });
    await route.fulfill({ response: res, json: body });
  });
  await signIn(o, "owner@koinonia.test");
  await o.goto("/admin?tab=giving");
  await o.getByLabel("Search donor").fill(last);
  await expect(o.getByTestId("ledger-gift")).toHaveCount(2);
  const row = o.getByTestId("ledger-gift").filter({ hasText: last }).filter({ hasText: "$40.00" });
  await expect(row.getByTestId("ledger-gift-refunded")).toHaveText("Refunded $15.00");
  await expect(row.getByTestId("ledger-gift-refund-pending")).toHaveText("Refund of $10.00 pending");
  await row.scrollIntoViewIfNeeded();
  await shoot(o, "ledger-pending-en");
  await inLanguage(o, "es");
  await o.getByLabel("Buscar donante").fill(last);
  // The search applies once typing pauses: wait until the list holds this donor's two gifts alone.
  await expect(o.getByTestId("ledger-gift")).toHaveCount(2);
  await expect(row.getByTestId("ledger-gift-refund-pending")).toHaveText("Reembolso de $10.00 pendiente");
  await row.scrollIntoViewIfNeeded();
  await shoot(o, "ledger-pending-es");
  await ctx.close();
});
