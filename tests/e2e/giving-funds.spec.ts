/**
 * Funds and the covered fee in the browser (issue 19): a member picks the Missions fund (the
 * demo seed's), covers the processing fee (the demo's 2.9% + 30¢), sees the total before paying,
 * and finds the gift, its fund and the fee in Recent Giving.
 */
import { test, expect, register } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

test("a member gives to Missions with the fee covered and sees it in history", async ({ page }) => {
  await register(page, "Priscilla", "Tentmaker");
  await page.goto("/giving");
  await expect(page.getByRole("heading", { name: "Give with Joy" })).toBeVisible();
  // The default fund is preselected.
  const fund = page.getByLabel("Fund");
  await expect(fund).toHaveValue(await fund.locator("option", { hasText: "General Fund" }).getAttribute("value") ?? "");
  await fund.selectOption({ label: "Missions" });
  await page.getByLabel("Amount (USD)").fill("100");
  await page.getByLabel("Cover the processing fee").click();
  // $100 at 2.9% + 30¢: $3.30 (contract/giving-fee.ts).
  await expect(page.getByTestId("give-total")).toHaveText("Total charged: $103.30");
  await page.getByRole("button", { name: "Give $100.00" }).click();

  await expect(page.getByTestId("payment-fund")).toHaveText("Missions");
  await expect(page.getByTestId("payment-fee")).toContainText("$3.30");
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill("2099");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Address").fill("18 Corinth Road");
  await page.getByLabel("City").fill("Orlando");
  await page.getByLabel("State").fill("FL");
  await page.getByLabel("ZIP").fill("32801");
  await page.getByRole("button", { name: "Give $100.00" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Thank you for your gift!" })).toContainText("$100.00");
  const gift = page.getByTestId("recent-gift").first();
  await expect(gift).toContainText("$100.00");
  await expect(gift.getByTestId("recent-gift-fund")).toHaveText("Missions");
  await expect(gift.getByTestId("recent-gift-fee")).toHaveText("+ $3.30 fee covered");
  // The form is back to the default fund, the fee choice off.
  await expect(page.getByLabel("Cover the processing fee")).not.toBeChecked();
});
