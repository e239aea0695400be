/**
 * Profile → Your data (issue 20): a member downloads their data, deletes their account with
 * their password, lands on the sign-in screen, and registers again with the same email.
 */
import fs from "node:fs";
import { test, expect, register, recordToasts, expectToastSeen } from "./fixtures";

test("export, delete with the password, then register again with the same email", async ({ page, allowConsoleError }) => {
  test.setTimeout(90_000);
  // The wrong password (400) and the old password after deletion (401) are part of the test.
  allowConsoleError(/status of 400 \(Bad Request\)/);
  allowConsoleError(/status of 401 \(Unauthorized\)/);
  await recordToasts(page);
  const email = await register(page, "Dorcas", "Joppa");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^koinonia-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { sections: { profile: { email: string; firstName: string }[] } };
  expect(file.sections.profile[0]).toMatchObject({ email, firstName: "Dorcas" });

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That password is not correct");
  await dialog.getByLabel("Your password").fill("faithful-123");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectToastSeen(page, "Your account has been deleted");

  // The old password no longer signs in; the same email registers as a new member.
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("faithful-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expectToastSeen(page, "Sign in failed", "Invalid email or password");
  await page.goto("/auth/register");
  await page.getByLabel("First name").fill("Tabitha");
  await page.getByLabel("Last name").fill("Joppa");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("raised-again-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Tabitha Joppa" })).toBeVisible();
});

test("a member whose wallet holds money is told, before deleting, that it becomes a gift to the default fund", async ({ page }) => {
  test.setTimeout(90_000);
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await register(page, "Zacchaeus", "Jericho");
  // Nothing in the wallet: nothing said.
  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete my account" }).click();
  let dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByLabel("Your password")).toBeVisible();
  await expect(dialog.getByTestId("delete-wallet-gift")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/giving?tab=wallet");
  await page.getByRole("tab", { name: "Payment Methods" }).click();
  await page.getByRole("button", { name: "Add Method" }).click();
  const add = page.getByRole("dialog");
  await add.getByLabel("Card number").fill("4242424242424242");
  await add.getByLabel("Expiry (MM/YY)").fill("12/30");
  await add.getByLabel("CVV").fill("123");
  await add.getByRole("button", { name: "Add Card" }).click();
  await expect(add).toBeHidden();
  await page.getByRole("button", { name: "Add Funds" }).click();
  await page.getByRole("dialog").getByLabel("Amount ($)").fill("12.50");
  await page.getByRole("dialog").getByRole("button", { name: /^Add \$/ }).click();
  await expect(page.getByTestId("wallet-balance")).toHaveText("$12.50");

  await page.goto("/profile");
  await page.getByRole("button", { name: "Delete my account" }).click();
  dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog.getByTestId("delete-wallet-gift")).toHaveText(
    "Your wallet still holds $12.50. Deleting your account gives it to the church's General Fund, and it cannot be returned. For a receipt, give it from your Wallet first.",
  );
});
