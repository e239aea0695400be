/**
 * Profile → Sign-in and security (issue 20), what only a browser shows: a member signed in on
 * two browsers sees both in the devices list, changes the password in one, and the other is
 * signed out (its next screen is the sign-in page), while the first stays signed in.
 */
import { test, expect, register } from "./fixtures";

test("changing the password in one browser signs the other out; this one stays signed in", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = await register(page, "Lydia", "Thyatira");

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto("/auth/login");
  await second.getByLabel("Email").fill(email);
  await second.getByLabel("Password").fill("faithful-123");
  await second.getByRole("button", { name: "Sign In" }).click();
  await expect(second.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto("/profile");
  const card = page.getByTestId("security-card");
  await expect(card.getByTestId("device-row")).toHaveCount(2);
  await expect(card.getByText("This device")).toHaveCount(1);

  await card.getByLabel("Current password").first().fill("faithful-123");
  await card.getByLabel("New password").fill("steadfast-456");
  await card.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Password changed. You were signed out on your other devices.").first()).toBeVisible();
  await expect(card.getByTestId("device-row")).toHaveCount(1);

  await second.goto("/profile");
  await expect(second.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("security-card")).toBeVisible();
  await other.close();
});
