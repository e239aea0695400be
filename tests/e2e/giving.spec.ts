import type { Page } from "@playwright/test";
import { test, expect, register } from "./fixtures";

// Other tests' live events raise toasts, and only one toast shows at a time: keep these pages
// off the live stream so each test sees its own toasts (every change here refetches directly).
test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

async function openGive(page: Page) {
  await page.goto("/giving");
  await expect(page.getByRole("heading", { name: "Give with Joy" })).toBeVisible();
}

async function fillCard(page: Page, card = "4242424242424242") {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Month").fill("12");
  await page.getByLabel("Year").fill("2099");
  await page.getByLabel("CVV").fill("123");
  await page.getByLabel("Address").fill("1200 Lake Eola Drive");
  await page.getByLabel("City").fill("Orlando");
  await page.getByLabel("State").fill("FL");
  await page.getByLabel("ZIP").fill("32801");
}

const toast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

test("a one-time gift with the success card thanks the giver and appears in Recent Giving", async ({ page }) => {
  await register(page, "Lydia", "Purple");
  await openGive(page);
  const submit = page.getByRole("button", { name: "Enter amount to give" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Amount (USD)").fill("30");
  await page.getByRole("button", { name: "Give $30.00" }).click();

  await expect(page.getByRole("heading", { name: "Complete Your Gift" })).toBeVisible();
  await expect(page.getByTestId("payment-amount")).toHaveText("$30.00");
  await expect(page.getByText("Every month")).toHaveCount(0);
  // Contact details start from the member's account.
  await expect(page.getByLabel("First name")).toHaveValue("Lydia");
  await fillCard(page);
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Give $30.00" }).click();

  await expect(toast(page, "Thank you for your gift!")).toContainText("$30.00");
  await expect(page.getByRole("button", { name: "Enter amount to give" })).toBeDisabled();
  await expect(page.getByLabel("Amount (USD)")).toHaveValue("");
  const gift = page.getByTestId("recent-gift").first();
  await expect(gift).toContainText("$30.00");
  await expect(gift).toContainText("COMPLETED");

  // The year-end statement lists it.
  await page.getByRole("link", { name: "Year-end giving statement" }).click();
  await expect(page.getByRole("heading", { name: /Giving Statement/ })).toBeVisible();
  await expect(page.getByTestId("statement-gift")).toHaveCount(1);
  await expect(page.getByTestId("statement-total")).toHaveText("$30.00");
  await expect(page.getByText("No goods or services were provided")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
});

test("a declined card shows 'Payment Failed' and the form works again; the corrected card goes through", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 402/);
  await register(page);
  await openGive(page);
  await page.getByRole("button", { name: "$25", exact: true }).click();
  await page.getByRole("button", { name: "Give $25.00" }).click();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Give $25.00" }).click();

  await expect(toast(page, "Payment Failed")).toContainText("Your card was declined.");
  const submit = page.getByRole("button", { name: "Give $25.00" });
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel("Card number")).toHaveValue("4000 0000 0000 0002");

  // A corrected card is a new attempt (a new Idempotency-Key): it is charged.
  await page.getByLabel("Card number").fill("4242424242424242");
  await submit.click();
  await expect(toast(page, "Thank you for your gift!")).toContainText("$25.00");
  await expect(page.getByTestId("recent-gift")).toHaveCount(2);
  await expect(page.getByTestId("recent-gift").first()).toContainText("COMPLETED");
  await expect(page.getByTestId("recent-gift").nth(1)).toContainText("FAILED");
});

test("a monthly recurring gift appears under Active Recurring Donations, and can be paused and resumed", async ({ page }) => {
  await register(page);
  await openGive(page);
  await page.getByLabel("Amount (USD)").fill("40");
  await page.getByLabel("Make this a recurring donation").click();
  await expect(page.getByLabel("Frequency")).toHaveValue("monthly");
  await page.getByRole("button", { name: "Set up $40.00 monthly" }).click();

  await expect(page.getByRole("heading", { name: "Complete Your Recurring Gift" })).toBeVisible();
  await expect(page.getByText("Every month")).toBeVisible();
  await fillCard(page);
  await page.getByRole("button", { name: "Set up $40.00" }).click();
  await expect(toast(page, "Thank you for your gift!")).toContainText("monthly gift of $40.00");

  const row = page.getByTestId("recurring-donation");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$40.00");
  await expect(row).toContainText("Monthly");
  await expect(row).toContainText("Next payment");
  await expect(row).toContainText("ACTIVE");

  await row.getByRole("button", { name: "Pause $40.00 monthly" }).click();
  await expect(toast(page, "Recurring gift paused")).toBeVisible();
  await expect(row).toContainText("PAUSED");
  await row.getByRole("button", { name: "Resume $40.00 monthly" }).click();
  await expect(toast(page, "Recurring gift resumed")).toBeVisible();
  await expect(row).toContainText("ACTIVE");
  await expect(row.getByRole("button", { name: "Pause $40.00 monthly" })).toBeVisible();
});

test("the payment step shows every validation message and the inputs behave as the spec says", async ({ page }) => {
  await register(page);
  await openGive(page);
  await page.getByLabel("Amount (USD)").fill("0.5");
  await page.getByRole("button", { name: "Give $0.50" }).click();
  await expect(page.getByText("Amount must be at least $1")).toBeVisible();
  await page.getByRole("button", { name: "$100", exact: true }).click();
  await expect(page.getByText("Amount must be at least $1")).toHaveCount(0);
  await page.getByRole("button", { name: "Give $100.00" }).click();

  await page.getByLabel("First name").fill("");
  await page.getByLabel("Last name").fill("");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Give $100.00" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Valid email is required",
    "Valid card number required",
    "MM required",
    "YYYY required",
    "CVV required",
    "Address is required",
    "City is required",
    "State is required",
    "ZIP code is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  const cardNumber = page.getByLabel("Card number");
  await cardNumber.pressSequentially("42a42b4-2");
  await expect(cardNumber).toHaveValue("4242 42");
  await cardNumber.fill("4242-4242-4242-4242");
  await expect(cardNumber).toHaveValue("4242 4242 4242 4242");
  await expect(cardNumber).toHaveAttribute("maxlength", "19");
  await page.getByLabel("Month").pressSequentially("a7b");
  await expect(page.getByLabel("Month")).toHaveValue("7");
  await expect(page.getByLabel("Month")).toHaveAttribute("maxlength", "2");
  await expect(page.getByLabel("Year")).toHaveAttribute("maxlength", "4");
  await expect(page.getByLabel("CVV")).toHaveAttribute("maxlength", "4");
  await expect(page.getByLabel("State")).toHaveAttribute("maxlength", "2");
  // Messages clear as fields become valid.
  await expect(page.getByText("Valid card number required")).toHaveCount(0);
  await expect(page.getByText("MM required")).toBeVisible();
});

test("Back returns to amount selection keeping every value, and the round-up change is saved once", async ({ page }) => {
  await register(page);
  await openGive(page);
  let roundUpPosts = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/roundup/enable")) roundUpPosts += 1;
  });
  await page.getByLabel("Amount (USD)").fill("75");
  await page.getByLabel("Make this a recurring donation").click();
  await page.getByLabel("Frequency").selectOption("weekly");
  await page.getByLabel("Round-up Giving").click();
  await page.getByRole("button", { name: "Set up $75.00 weekly" }).click();
  await expect(toast(page, "Round-up setting updated")).toContainText("Your preference has been saved.");
  await expect(page.getByText("Every week")).toBeVisible();
  await page.getByLabel("Card number").fill("4242424242424242");
  await page.getByLabel("City").fill("Orlando");

  await page.getByRole("button", { name: "← Back" }).click();
  await expect(page.getByLabel("Amount (USD)")).toHaveValue("75");
  await expect(page.getByLabel("Make this a recurring donation")).toBeChecked();
  await expect(page.getByLabel("Frequency")).toHaveValue("weekly");
  await expect(page.getByLabel("Round-up Giving")).toBeChecked();
  await page.getByRole("button", { name: "Set up $75.00 weekly" }).click();
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("City")).toHaveValue("Orlando");
  // Unchanged since it was saved: not sent again.
  expect(roundUpPosts).toBe(1);
});

test("an answer lost to the network keeps the Idempotency-Key: the retry replays the gift instead of charging again", async ({ page, allowConsoleError }) => {
  allowConsoleError(/ERR_FAILED|Failed to load resource/);
  await register(page);
  await openGive(page);
  const keys: string[] = [];
  let lose = true;
  await page.route("**/api/giving/one-time", async (route) => {
    keys.push(route.request().headers()["idempotency-key"]);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch(); // the server charges the card ...
    await route.abort("failed"); // ... and its answer never arrives
  });
  await page.getByLabel("Amount (USD)").fill("60");
  await page.getByRole("button", { name: "Give $60.00" }).click();
  await fillCard(page);
  await page.getByRole("button", { name: "Give $60.00" }).click();
  await expect(toast(page, "Payment Failed")).toContainText("you won't be charged twice");

  await page.getByRole("button", { name: "Give $60.00" }).click();
  await expect(toast(page, "Thank you for your gift!")).toContainText("$60.00");
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByTestId("recent-gift")).toHaveCount(1);
});
