import { test, expect, register } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

test("a visitor card shows the form's messages, then sends and thanks", async ({ page }) => {
  await register(page, "Lydia", "Thyatira");
  await page.goto("/visitors");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, visitor!" })).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please tell us your name")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please tell us how you heard about us")).toBeVisible();
  await page.getByLabel("Name").fill("Lydia Thyatira");
  await page.getByLabel("Email").fill("lydia@example.org");
  await page.getByLabel("How did you hear about us?").selectOption("Online search");
  await page.getByLabel("How can we pray for you? (optional)").fill("A new start in town");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for visiting!" })).toBeVisible();
});

test("the prayer companion answers with a verse and turns the talk into a prayer request", async ({ page }) => {
  await register(page, "Hannah", "Elkanah");
  await page.goto("/ai-prayer");
  await expect(page.getByText(/This companion is not a pastor/)).toBeVisible();
  await page.getByLabel("Your message").fill("I'm anxious about my exam tomorrow");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("message-user")).toHaveText("I'm anxious about my exam tomorrow");
  await expect(page.getByTestId("message-companion")).toContainText("Philippians 4:6, WEB");
  await page.getByRole("button", { name: "Turn this into a prayer request" }).click();
  await expect(page).toHaveURL(/\/prayer\?/);
  await expect(page.getByLabel("Title")).toHaveValue("I'm anxious about my exam tomorrow");
  await expect(page.getByLabel("Description")).toHaveValue("I'm anxious about my exam tomorrow");
});
