import { test, expect, register } from "./fixtures";

/** The church directory (issue 20, decision 0118): one member opts in on Profile, another finds them on Connect → Directory. */
test("a member opts into the directory and shares their email; a second member finds them by name", async ({ page, browser }) => {
  const last = `Dorcas${Date.now()}`;
  const email = await register(page, "Tabitha", last);
  await page.goto("/profile");
  const listed = page.getByRole("switch", { name: "Show me in the directory" });
  await expect(listed).not.toBeChecked();
  await listed.click();
  await expect(listed).toBeChecked();
  const showEmail = page.getByRole("switch", { name: "Show my email" });
  await showEmail.click();
  await expect(showEmail).toBeChecked();

  const other = await browser.newPage();
  await register(other, "Lydia", "Purple");
  await other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect" }).click();
  await other.getByTestId("directory-card").click();
  await other.getByRole("searchbox", { name: "Search by name" }).fill(last);
  const entry = other.getByTestId("directory-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Tabitha ${last}`);
  await expect(entry.getByRole("link", { name: email })).toBeVisible();
  // No phone was shared, and a member never sees a role.
  await expect(entry.getByRole("link", { name: /^\+/ })).toHaveCount(0);
  await other.close();
});
