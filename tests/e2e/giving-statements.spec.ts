/**
 * Year-end statements in the browser (issue 19, decision 0121): two members give by card and
 * their gifts are moved to last year (the TEST_HOOKS route); the owner opens Admin → Giving,
 * sends last year's statements from the "Year-end statements" card and watches it finish; the
 * outbox then holds exactly one statement per donor.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, signIn, uniqueEmail, DEMO_PASSWORD } from "./fixtures";

/** axe finds no WCAG 2.1 AA violation on the page as it is, in the current theme (as accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).options({ resultTypes: ["violations"] }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The same check in the dark theme: the remembered theme, applied on the next load. */
async function expectAccessibleInTheDark(page: Page, what: string) {
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("main .animate-pulse, main .animate-spin")).toHaveCount(0);
  await expectAccessible(page, `${what} (dark)`);
  await page.evaluate(() => localStorage.removeItem("theme"));
}

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

async function donorGivesLastYear(request: APIRequestContext, firstName: string, amountCents: number) {
  const email = uniqueEmail("donor");
  const reg = await request.post("/api/auth/register", { data: { firstName, lastName: "Giver", email, password: "faithful-123" } });
  expect(reg.status()).toBe(201);
  const auth = { authorization: `Bearer ${((await reg.json()) as { token: string }).token}` };
  const gift = await request.post("/api/giving/one-time", {
    headers: { ...auth, "idempotency-key": randomUUID() },
    data: {
      amount_cents: amountCents,
      customer_data: { first_name: firstName, last_name: "Giver", email },
      payment_method_data: { card_number: "4242424242424242", card_exp: "12/2099", card_cvv: "123", address_1: "1 Grace St", address_city: "Orlando", address_state: "FL", address_zip: "32801" },
    },
  });
  expect(gift.status(), await gift.text()).toBe(201);
  const moved = await request.post("/api/test/giving/gifts-to-last-year", { headers: auth });
  expect(((await moved.json()) as { moved: number }).moved).toBe(1);
  return email;
}

test("statements run for last year and the outbox holds one per donor", async ({ page, request }) => {
  const lastYear = new Date().getFullYear() - 1;
  const donors = [await donorGivesLastYear(request, "Dorcas", 4200), await donorGivesLastYear(request, "Barnabas", 1800)];

  await signIn(page, "owner@koinonia.test");
  await page.goto("/admin?tab=giving");
  await expect(page.getByText("Year-end statements", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Year", { exact: true })).toHaveValue(String(lastYear));
  const send = page.getByRole("button", { name: /^(Send statements|Send to new donors)$/ });
  await send.click();
  await page.getByRole("alertdialog").getByRole("button", { name: /^(Send statements|Send to new donors)$/ }).click();
  await expect(page.getByTestId("statement-run-status")).toHaveText("Done", { timeout: 30_000 });
  await expect(page.getByTestId("statements-remaining")).toHaveText("0");
  const sent = Number(await page.getByTestId("statements-sent").textContent());
  expect(sent).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, "Admin → Giving");
  await expectAccessibleInTheDark(page, "Admin → Giving");
  await expect(page.getByTestId("statement-run-status")).toHaveText("Done");

  // The outbox (the owner reads it whole): one statement per donor, each with the year in its subject.
  const login = await request.post("/api/auth/login", { data: { email: "owner@koinonia.test", password: DEMO_PASSWORD } });
  const owner = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const outbox = (await (await request.get("/api/admin/outbox", { headers: owner })).json()) as { to: string; subject: string; text: string }[];
  const statements = outbox.filter((e) => e.subject.startsWith(`Your ${lastYear} giving statement from`) || e.subject.startsWith(`Su constancia de ofrendas ${lastYear}`));
  for (const email of donors) expect(statements.filter((e) => e.to === email), email).toHaveLength(1);
  expect(statements.length).toBeLessThanOrEqual(sent);
  expect(statements.find((e) => e.to === donors[0])?.text).toContain("$42.00");

  // Running it again finds no new donor: the button says so and nothing more is queued.
  await expect(send).toBeDisabled();
});

test("a giver whose recurring gift stopped updates the card from the emailed link, signed out, and the gift continues", async ({ page, request, allowConsoleError }) => {
  // Signed out, the app's session check answers 401; a used link answers 400.
  allowConsoleError(/status of 40[01]/);
  const email = uniqueEmail("stopped");
  const reg = await request.post("/api/auth/register", { data: { firstName: "Lydia", lastName: "Thyatira", email, password: "faithful-123" } });
  const auth = { authorization: `Bearer ${((await reg.json()) as { token: string }).token}` };
  const set = await request.post("/api/giving/recurring", {
    headers: { ...auth, "idempotency-key": randomUUID() },
    data: {
      amount_cents: 2500,
      frequency: "monthly",
      customer_data: { first_name: "Lydia", last_name: "Thyatira", email },
      payment_method_data: { card_number: "4242424242424242", card_exp: "12/2099", card_cvv: "123", address_1: "1 Purple Row", address_city: "Orlando", address_state: "FL", address_zip: "32801" },
    },
  });
  expect(set.status(), await set.text()).toBe(201);
  const recurringId = ((await set.json()) as { recurring: { id: string } }).recurring.id;
  const stop = await request.post(`/api/test/giving/recurring/${recurringId}/stop`, { headers: auth });
  const link = new URL(((await stop.json()) as { url: string }).url);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "Update your card", level: 1 })).toBeVisible();
  await expect(page.getByText("Your monthly gift of $25.00 to General Fund stopped because the card could not be charged.")).toBeVisible();
  await expect(page.getByText("Card on file: Visa •••• 4242")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectAccessible(page, "Update your card");
  await expectAccessibleInTheDark(page, "Update your card");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Card number").fill("5555555555554444");
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill("2099");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Address").fill("1 Purple Row");
  await page.getByLabel("City").fill("Orlando");
  await page.getByLabel("State").fill("FL");
  await page.getByLabel("ZIP").fill("32801");
  await page.getByRole("button", { name: "Update card and resume" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you! Your gift continues." })).toBeVisible();

  const gifts = (await (await request.get("/api/giving/recurring", { headers: auth })).json()) as { id: string; status: string }[];
  expect(gifts.find((g) => g.id === recurringId)?.status).toBe("ACTIVE");

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("alert").filter({ hasText: "This link has expired or was already used." })).toBeVisible();
});
