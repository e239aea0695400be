/**
 * Admin → Giving's ledger (issue 19; decision 0122): a treasurer (a member the owner granted the
 * finance permission) sees the totals by week, finds a donor by name, opens the donor's page, and
 * downloads the CSV, which holds the donor's gift.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { test, expect, register, DEMO_PASSWORD, uniqueEmail } from "./fixtures";

// Live-event toasts from other tests are not this test's concern: stay off the stream.
test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

/** axe (WCAG 2.1 AA) on the screen as it is, once its data is shown. */
async function expectNoAxeViolation(page: Page, name: string) {
  await expect(page.locator("main .animate-pulse, main .animate-spin")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${name}: ${v.id} ${v.help} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test("the treasurer reads the totals, opens a donor's page and downloads the CSV", async ({ page }) => {
  test.setTimeout(90_000);
  const request = page.request;
  // A donor gives $123.45 through the API (the give form has its own tests).
  const donorEmail = uniqueEmail("donor");
  const reg = await request.post("/api/auth/register", { data: { email: donorEmail, password: "faithful-123", firstName: "Priscilla", lastName: "Aquila" } });
  expect(reg.ok()).toBe(true);
  const donorToken = ((await reg.json()) as { token: string }).token;
  const gave = await request.post("/api/giving/one-time", {
    headers: { authorization: `Bearer ${donorToken}`, "idempotency-key": `ledger-e2e-${Date.now()}` },
    data: {
      amount_cents: 12_345,
      is_recurring: false,
      frequency: "monthly",
      customer_data: { first_name: "Priscilla", last_name: "Aquila", email: donorEmail, phone: "" },
      payment_method_data: { card_number: "4242 4242 4242 4242", card_exp: "12/2099", card_cvv: "123", address_1: "2 Tentmakers Row", address_city: "Orlando", address_state: "FL", address_zip: "32801" },
    },
  });
  expect(gave.status(), await gave.text()).toBe(201);

  // The treasurer registers; the owner grants the finance permission.
  const treasurerEmail = await register(page, "Erastus", "Corinth");
  const owner = { authorization: `Bearer ${await tokenOf(request, "owner@koinonia.test")}` };
  const found = (await (await request.get(`/api/admin/users?q=${encodeURIComponent(treasurerEmail)}`, { headers: owner })).json()) as { id: string; email: string }[];
  const id = found.find((u) => u.email === treasurerEmail)!.id;
  expect((await request.put(`/api/admin/users/${id}/finance`, { headers: owner, data: { finance: true } })).ok()).toBe(true);

  // The session check picks the permission up on the next load.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Giving" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Totals by period" })).toBeVisible();
  await expect(page.getByTestId("period-totals").getByRole("rowheader").first()).toContainText("Week of");
  await expect(page.getByTestId("range-total")).not.toHaveText("$0.00");

  await page.getByLabel("Search donor").fill("Priscilla");
  const row = page.getByTestId("ledger-gift").filter({ hasText: "$123.45" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: /^Priscilla Aquila/ }).click();
  await expect(page).toHaveURL(/\/admin\/giving\/donors\//);
  await expect(page.getByTestId("donor-name")).toHaveText("Priscilla Aquila");
  await expect(page.getByTestId("donor-years")).toContainText("$123.45");
  await expect(page.getByTestId("donor-gift")).toHaveCount(1);
  await expectNoAxeViolation(page, "donor page, light");
  const donorUrl = page.url();
  await page.getByRole("link", { name: "Back to Giving" }).click();
  await expect(page.getByTestId("ledger-gift").first()).toBeVisible();
  await expectNoAxeViolation(page, "Admin, Giving, light");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^giving-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(fs.readFileSync((await download.path())!, "utf8"), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.find((r) => r.Email === donorEmail)).toMatchObject({ Donor: "Priscilla Aquila", Fund: "General Fund", Method: "Card", Amount: "123.45", Refunded: "0.00" });

  // Both screens in the dark theme too.
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.getByTestId("ledger-gift").first()).toBeVisible();
  await expectNoAxeViolation(page, "Admin, Giving, dark");
  await page.goto(donorUrl);
  await expect(page.getByTestId("donor-gift")).toHaveCount(1);
  await expectNoAxeViolation(page, "donor page, dark");
});
