import { test, expect, register, signIn } from "./fixtures";

/** Small groups (decision 0107): a staff member creates a group in Admin → Groups, a member joins it on Connect. */
test("staff create a group with a leader in Admin, and a member joins it on Connect", async ({ page, browser }) => {
  const name = `Hope Circle ${Date.now()}`;
  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin?tab=groups");
  await page.getByRole("button", { name: "New group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Prayer and encouragement after the evening service.");
  await dialog.getByLabel("Meeting day").selectOption({ label: "Thursday" });
  await dialog.getByLabel("Time").fill("19:30");
  await dialog.getByLabel("Place").fill("Room 12");
  await dialog.getByLabel("Capacity").fill("3");
  await dialog.getByRole("searchbox", { name: "Search members" }).fill("Maria");
  await dialog.getByRole("button", { name: "Add Maria Lopez as a leader" }).click();
  await expect(dialog.getByRole("list", { name: "Leaders" })).toContainText("Maria Lopez");
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("listitem", { name });
  await expect(row).toContainText("1 member / 3");
  await expect(row).toContainText("Led by Maria Lopez");

  const member = await browser.newPage();
  await register(member, "Lydia", "Thyatira");
  await member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect" }).click();
  const card = member.getByRole("group", { name });
  await expect(card).toContainText("Every Thursday · 7:30 PM");
  await expect(card).toContainText("Room 12");
  await expect(card).toContainText("Led by Maria Lopez");
  await expect(card).toContainText("2 spots left");
  await card.getByRole("button", { name: "Join" }).click();
  await expect(member.getByRole("status").filter({ hasText: "Joined group!" })).toBeVisible();
  await expect(card.getByText("Member", { exact: true })).toBeVisible();
  await expect(card).toContainText("2 members");
  await member.close();

  // Staff see the new count in Admin.
  await page.reload();
  await expect(page.getByRole("listitem", { name })).toContainText("2 members / 3");
});
